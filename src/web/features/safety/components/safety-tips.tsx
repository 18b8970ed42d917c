import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A new conversation's short safety tips, in the reader's language (issue 15). */
export function SafetyTips() {
  const { t } = useTranslation();
  return (
    <aside aria-labelledby="safety-tips-title" className="mb-4 rounded-md border border-saffron-200 bg-saffron-50 p-3 text-sm text-stone-800">
      <p id="safety-tips-title" className="flex items-center gap-2 font-semibold text-stone-900">
        <ShieldCheck aria-hidden className="size-4 shrink-0 text-saffron-800" />
        {t('safety.tips.title')}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-6">
        <li>{t('safety.tips.money')}</li>
        <li>{t('safety.tips.meet')}</li>
        <li>{t('safety.tips.report')}</li>
      </ul>
    </aside>
  );
}
