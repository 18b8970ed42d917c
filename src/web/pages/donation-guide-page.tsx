import { ArrowLeft, ExternalLink, HandCoins, HandHeart, Scale, UsersRound, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Paragraphs } from '#web/components/page/prose';
import { IconCard } from '#web/components/ui/icon-card';
import { TitledSection } from '#web/components/page/titled-section';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { getSiteInfo } from '#web/lib/site-info';

/** Participation levels are text only; no amounts are ever shown (spec §9). */
const levels: { id: 'providedFor' | 'equalExchange' | 'provider'; icon: LucideIcon }[] = [
  { id: 'providedFor', icon: HandHeart },
  { id: 'equalExchange', icon: Scale },
  { id: 'provider', icon: HandCoins },
];

const volunteerParagraphs = ['p1', 'p2', 'p3'] as const;

/** Route /donation-guide: static donation guide (spec §2). */
export function DonationGuidePage() {
  const { t } = useTranslation();
  const { donationUrl } = getSiteInfo();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 md:py-12">
      <ButtonLink href="/" icon={ArrowLeft} variant="ghost" size="sm" className="-ml-3">{t('donation.backHome')}</ButtonLink>

      <h1 className="mt-4 font-serif text-3xl font-semibold text-stone-900 md:text-4xl">{t('donation.title')}</h1>
      <p className="mt-4 text-lg leading-relaxed text-stone-700">{t('donation.intro')}</p>

      <TitledSection id="donation-philosophy-title" title={t('donation.philosophy.title')} titleStyle="page" className="mt-10">
        <Paragraphs texts={[t('donation.philosophy.p1'), t('donation.philosophy.p2')]} className="mt-4" />
      </TitledSection>

      <TitledSection id="donation-levels-title" title={t('donation.levels.title')} titleStyle="page" className="mt-12">
        <p className="mt-4 leading-relaxed text-stone-800">{t('donation.levels.intro')}</p>
        <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-3">
          {levels.map(({ id, icon }) => (
            <li key={id}>
              <IconCard icon={icon} title={t(`donation.levels.${id}.name`)} body={t(`donation.levels.${id}.body`)} />
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-stone-600">{t('donation.levels.noAmounts')}</p>
      </TitledSection>

      <TitledSection id="donation-volunteers-title" title={t('donation.volunteers.title')} titleStyle="page" className="mt-12">
        <Paragraphs texts={volunteerParagraphs.map((id) => t(`donation.volunteers.${id}`))} className="mt-4" />
        <ButtonLink href="/guidance" icon={UsersRound} iconSize="md" variant="secondary" className="mt-6">
          {t('donation.volunteers.guidanceLink')}
        </ButtonLink>
      </TitledSection>

      <TitledSection id="donation-give-title" title={t('donation.give.title')} titleStyle="page" className="mt-12">
        {donationUrl ? (
          <>
            <p className="mt-4 leading-relaxed text-stone-800">{t('donation.give.online')}</p>
            <Button asChild className="mt-6">
              <a href={donationUrl} target="_blank" rel="noopener noreferrer">
                <HandHeart className="size-5" aria-hidden="true" />
                {t('donation.give.button')}
                <ExternalLink className="size-4" aria-hidden="true" />
                <span className="sr-only">{t('donation.give.newTab')}</span>
              </a>
            </Button>
          </>
        ) : (
          <p className="mt-4 leading-relaxed text-stone-800">{t('donation.give.inPerson')}</p>
        )}
      </TitledSection>

      <p className="mt-12 rounded-lg bg-saffron-50 p-5 text-center font-serif text-lg leading-relaxed text-saffron-800 md:p-6">
        {t('donation.closing')}
      </p>
    </div>
  );
}
