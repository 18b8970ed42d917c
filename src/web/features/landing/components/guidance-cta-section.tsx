import { BookOpen, HandHeart, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { getSiteInfo } from '#web/lib/site-info';

/**
 * The call to guidance and mentorship. "Meet the Mentors" leads to Guidance only when it lists a mentor; before the
 * first is approved the section says so and invites volunteers instead of promising mentors who are not there.
 */
export function GuidanceCtaSection() {
  const { t } = useTranslation();
  const mentorsListed = getSiteInfo().mentorsListed !== false;
  return (
    <section aria-labelledby="landing-cta-title" className="px-4 pb-14 sm:px-6 md:pb-20">
      <div className="mx-auto max-w-5xl rounded-2xl border border-saffron-100 bg-saffron-100 px-5 py-10 text-center sm:px-10 md:py-14">
        <h2 id="landing-cta-title" className="font-serif text-2xl font-semibold text-stone-900 md:text-3xl">
          {t('landing.cta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl leading-relaxed text-stone-800">{mentorsListed ? t('landing.cta.body') : t('landing.cta.bodyNoMentors')}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            {mentorsListed ? (
              <Link href="/guidance">
                <UsersRound className="size-5" aria-hidden="true" />
                {t('landing.cta.mentors')}
              </Link>
            ) : (
              <Link href="/volunteer-apply">
                <HandHeart className="size-5" aria-hidden="true" />
                {t('landing.cta.volunteer')}
              </Link>
            )}
          </Button>
          <ButtonLink href="/donation-guide" icon={BookOpen} iconSize="md" size="lg" variant="secondary">{t('landing.cta.donationGuide')}</ButtonLink>
        </div>
      </div>
    </section>
  );
}
