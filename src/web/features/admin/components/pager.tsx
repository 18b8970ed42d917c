import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';

interface PagerProps {
  label: string;
  offset: number;
  limit: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  onOffset: (offset: number) => void;
}

/** "Showing 21–40 of 1,234" with Previous and Next; nothing when everything fits on one page. */
export function Pager({ label, offset, limit, shown, total, onOffset }: PagerProps) {
  const { t } = useTranslation();
  if (total <= limit && offset === 0) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p aria-live="polite" className="text-stone-700">
        {t('admin.lists.showing', { from: shown === 0 ? 0 : offset + 1, to: offset + shown, total })}
      </p>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" size="sm" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
          <ChevronLeft aria-hidden className="size-4" />
          {t('admin.lists.previous')}
        </Button>
        <Button type="button" variant="secondary" size="sm" disabled={offset + shown >= total} onClick={() => onOffset(offset + limit)}>
          {t('admin.lists.next')}
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
