import { ExternalLink, HandHeart, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getSiteInfo } from '#web/lib/site-info';
import { useLanguage } from '#web/features/language/components/language-provider';
import { SangaLogo } from './sanga-logo';

const values = ['donation', 'transparent', 'community'] as const;

const linkClass = 'font-medium text-saffron-800 underline underline-offset-4 hover:text-saffron-700';

export function LandingFooter() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { ministryUrl, ministryName, ministryLine, contactEmail, donationUrl } = getSiteInfo();
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-5xl grid-cols-1 gap-8 px-4 py-10 text-sm text-stone-700 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <SangaLogo />
          <p>{ministryLine ? ministryLine[language] : t('landing.footer.ministry')}</p>
          {ministryUrl ? (
            <p>
              <a href={ministryUrl} target="_blank" rel="noopener noreferrer" className={`${linkClass} inline-flex items-center gap-1`}>
                {ministryName ? t('landing.footer.ministryLinkNamed', { name: ministryName }) : t('landing.footer.ministryLink')}
                <ExternalLink className="size-4" aria-hidden="true" />
                <span className="sr-only">{t('landing.footer.newTab')}</span>
              </a>
            </p>
          ) : null}
        </div>

        <div>
          <p id="landing-footer-values" className="font-semibold text-stone-900">
            {t('landing.footer.valuesLabel')}
          </p>
          <ul aria-labelledby="landing-footer-values" className="mt-3 space-y-1.5">
            {values.map((id) => (
              <li key={id} className="flex items-center gap-2">
                <span className="size-1.5 rounded-full bg-saffron-700" aria-hidden="true" />
                {t(`landing.footer.values.${id}`)}
              </li>
            ))}
          </ul>
        </div>

        <div className="space-y-3">
          <p>
            <Link href="/guidance" className={linkClass}>
              {t('landing.footer.guidance')}
            </Link>
          </p>
          <p>
            <Link href="/privacy" className={linkClass}>
              {t('landing.footer.privacy')}
            </Link>
          </p>
          <p>
            <a href={`mailto:${contactEmail}`} className={`${linkClass} inline-flex items-center gap-1 break-all`}>
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {t('landing.footer.contact', { email: contactEmail })}
            </a>
          </p>
          {donationUrl ? (
            <p>
              <a href={donationUrl} target="_blank" rel="noopener noreferrer" className={`${linkClass} inline-flex items-center gap-1`}>
                <HandHeart className="size-4 shrink-0" aria-hidden="true" />
                {t('landing.footer.donate')}
                <span className="sr-only">{t('landing.footer.newTab')}</span>
              </a>
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
