import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';

/** Under a received message that asks for money (domain money-request.ts): a warning and a Report button. Nothing is hidden. */
export function MoneyWarning({ onReport }: { onReport: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="note" data-testid="money-warning" className="max-w-full rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-stone-900">
      <p className="flex gap-2">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-800" />
        <span>{t('safety.moneyWarning.text')}</span>
      </p>
      <Button type="button" variant="secondary" size="sm" className="mt-2" onClick={onReport}>
        {t('safety.moneyWarning.report')}
      </Button>
    </div>
  );
}
