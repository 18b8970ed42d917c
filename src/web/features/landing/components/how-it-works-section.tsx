import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getSiteInfo } from '#web/lib/site-info';

const steps = ['one', 'two', 'three', 'four'] as const;
const crossCommunityOptions = ['across', 'relocation', 'diet'] as const;

export function HowItWorksSection() {
  const { t } = useTranslation();
  // The elders are promised only where their approval is on (ELDER_APPROVALS > 0, docs/product-choices.md).
  const { eldersApprove } = getSiteInfo();
  return (
    <section id="how-it-works" aria-labelledby="landing-how-title" className="scroll-mt-4 bg-white">
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 md:py-20">
        <h2 id="landing-how-title" className="font-serif text-2xl font-semibold text-stone-900 md:text-3xl">
          {t('landing.howItWorks.title')}
        </h2>
        <p className="mt-3 max-w-2xl text-stone-700">{t('landing.howItWorks.intro')}</p>

        <ol className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6">
          {steps.map((id, index) => (
            <li key={id} className="flex gap-4 rounded-lg border border-stone-200 bg-stone-50 p-5">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-saffron-700 text-lg font-semibold text-white"
              >
                {index + 1}
              </span>
              <div>
                <p className="text-sm font-semibold tracking-wide text-saffron-800 uppercase">
                  {t('landing.howItWorks.stepLabel', { number: index + 1 })}
                </p>
                <h3 className="mt-1 text-lg font-semibold text-stone-900">{t(`landing.howItWorks.${id}.title`)}</h3>
                <p className="mt-2 leading-relaxed text-stone-700">
                  {id === 'three' && !eldersApprove ? t('landing.howItWorks.three.bodyWithoutElders') : t(`landing.howItWorks.${id}.body`)}
                </p>
                {id === 'two' ? (
                  <ul className="mt-3 space-y-1.5">
                    {crossCommunityOptions.map((option) => (
                      <li key={option} className="flex items-start gap-2 text-stone-800">
                        <Check className="mt-1 size-4 shrink-0 text-saffron-700" aria-hidden="true" />
                        <span>{t(`landing.howItWorks.two.${option}`)}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
