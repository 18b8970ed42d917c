import { CircleCheck, HandHeart, HeartHandshake, LockKeyhole, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconCard } from '#web/components/ui/icon-card';
import { TitledSection } from '#web/components/page/titled-section';

const cards: { id: 'respectful' | 'donation' | 'private'; icon: LucideIcon }[] = [
  { id: 'respectful', icon: HeartHandshake },
  { id: 'donation', icon: HandHeart },
  { id: 'private', icon: LockKeyhole },
];

const promises = ['swipes', 'privacy', 'people'] as const;

export function WhatThisIsSection() {
  const { t } = useTranslation();
  return (
    <TitledSection id="landing-what-title" title={t('landing.whatThisIs.title')} titleStyle="landing" className="mx-auto max-w-5xl px-4 py-14 sm:px-6 md:py-20">
      <p className="mt-3 max-w-2xl text-stone-700">{t('landing.whatThisIs.intro')}</p>

      <ul className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-3 md:gap-6">
        {cards.map(({ id, icon }) => (
          <li key={id}>
            <IconCard icon={icon} title={t(`landing.whatThisIs.${id}.title`)} body={t(`landing.whatThisIs.${id}.body`)} />
          </li>
        ))}
      </ul>

      <div className="mt-8 rounded-lg border border-saffron-100 bg-saffron-50 p-5 md:p-6">
        <h3 className="font-semibold text-saffron-800">{t('landing.whatThisIs.promisesTitle')}</h3>
        <ul className="mt-3 space-y-2">
          {promises.map((id) => (
            <li key={id} className="flex items-start gap-2 text-stone-800">
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-saffron-700" aria-hidden="true" />
              <span>{t(`landing.whatThisIs.promises.${id}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </TitledSection>
  );
}
