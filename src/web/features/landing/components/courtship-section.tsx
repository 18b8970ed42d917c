import { Repeat, UserRoundCheck, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconCard } from '#web/components/ui/icon-card';
import { TitledSection } from '#web/components/page/titled-section';

const styles: { id: 'oneToOne' | 'rotational'; icon: LucideIcon }[] = [
  { id: 'oneToOne', icon: UserRoundCheck },
  { id: 'rotational', icon: Repeat },
];

export function CourtshipSection() {
  const { t } = useTranslation();
  return (
    <TitledSection id="landing-courtship-title" title={t('landing.courtship.title')} titleStyle="landing" className="mx-auto max-w-5xl px-4 py-14 sm:px-6 md:py-20">
      <p className="mt-3 max-w-2xl text-stone-700">{t('landing.courtship.intro')}</p>

      <ul className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6">
        {styles.map(({ id, icon }) => (
          <li key={id}>
            <IconCard icon={icon} title={t(`landing.courtship.${id}.title`)} body={t(`landing.courtship.${id}.body`)} beside />
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
