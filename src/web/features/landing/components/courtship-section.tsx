import { Repeat, UserRoundCheck, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TitledSection } from '#web/components/page/titled-section';
import { Card } from '#web/components/ui/card';

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
        {styles.map(({ id, icon: Icon }) => (
          <li key={id}>
            <Card className="flex h-full gap-4">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-saffron-100 text-saffron-800">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-stone-900">{t(`landing.courtship.${id}.title`)}</h3>
                <p className="mt-2 leading-relaxed text-stone-700">{t(`landing.courtship.${id}.body`)}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
