import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button';
import { getSiteInfo } from '#web/lib/site-info';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { VisitorSignInLink } from '#web/features/auth/components/visitor-sign-in-link';
import { LanguageSwitch } from '#web/features/language/components/language-switch';
import { SangaLogo } from './sanga-logo';

export function HeroSection() {
  const { t } = useTranslation();
  const { isAuthenticated } = useCurrentUser();
  // The ministry's name once the admin saved it (or MINISTRY_NAME), read at each page request like the footer's.
  const { ministryName } = getSiteInfo();

  return (
    <section aria-labelledby="landing-hero-title" className="bg-linear-to-b from-saffron-100 via-saffron-50 to-stone-50">
      <div className="mx-auto max-w-5xl px-4 pt-4 pb-14 sm:px-6 md:pb-20">
        {/* Signed in, the navigation bar has the logo and the language switch: one of each on the page. */}
        {isAuthenticated ? null : (
          <div className="flex items-center justify-between gap-3">
            <SangaLogo />
            <div className="flex items-center gap-2">
              <VisitorSignInLink />
              <LanguageSwitch />
            </div>
          </div>
        )}

        <div className={isAuthenticated ? 'max-w-3xl' : 'mt-10 max-w-3xl md:mt-16'}>
          <p className="text-sm font-semibold tracking-wide text-saffron-800 uppercase">{t('landing.hero.tagline')}</p>
          <h1 id="landing-hero-title" className="mt-3 font-serif text-3xl leading-tight font-semibold text-stone-900 sm:text-4xl md:text-5xl">
            {t('landing.hero.title')}
          </h1>
          <p className="mt-4 text-lg text-stone-800 md:text-xl">{t('landing.hero.subtitle')}</p>
          <p className="mt-3 text-sm font-medium text-saffron-800 italic">{ministryName ? t('landing.hero.ministryNamed', { name: ministryName }) : t('landing.hero.ministry')}</p>
          <p className="mt-4 text-base leading-relaxed text-stone-700">{t('landing.hero.description')}</p>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {isAuthenticated ? (
              <Button asChild size="lg">
                <Link href="/profile">
                  {t('landing.hero.goToProfile')}
                  <ArrowRight className="size-5" aria-hidden="true" />
                </Link>
              </Button>
            ) : (
              <Button asChild size="lg">
                {/* A full navigation: the server answers /api/login, with sign-up first for a browser new here. */}
                <a href="/api/login">
                  {t('landing.hero.getStarted')}
                  <ArrowRight className="size-5" aria-hidden="true" />
                </a>
              </Button>
            )}
            <Button asChild size="lg" variant="secondary">
              <a href="#how-it-works">{t('landing.hero.learnMore')}</a>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
