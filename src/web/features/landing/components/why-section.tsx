import { useTranslation } from 'react-i18next';
import { Paragraphs } from '#web/components/page/prose';

const paragraphs = ['p1', 'p2', 'p3'] as const;

export function WhySection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-why-title" className="bg-saffron-50">
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 md:py-20">
        <h2 id="landing-why-title" className="font-serif text-2xl font-semibold text-stone-900 md:text-3xl">
          {t('landing.why.title')}
        </h2>
        <Paragraphs texts={paragraphs.map((id) => t(`landing.why.${id}`))} className="mt-5 text-lg" />
      </div>
    </section>
  );
}
