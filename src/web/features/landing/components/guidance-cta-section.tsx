import { BookOpen, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';

export function GuidanceCtaSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-cta-title" className="px-4 pb-14 sm:px-6 md:pb-20">
      <div className="mx-auto max-w-5xl rounded-2xl border border-saffron-100 bg-saffron-100 px-5 py-10 text-center sm:px-10 md:py-14">
        <h2 id="landing-cta-title" className="font-serif text-2xl font-semibold text-stone-900 md:text-3xl">
          {t('landing.cta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl leading-relaxed text-stone-800">{t('landing.cta.body')}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link href="/guidance">
              <UsersRound className="size-5" aria-hidden="true" />
              {t('landing.cta.mentors')}
            </Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link href="/donation-guide">
              <BookOpen className="size-5" aria-hidden="true" />
              {t('landing.cta.donationGuide')}
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
