import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn';
import { formatDate } from '#web/lib/format-date';
import { relativeTime } from '../relative-time-text';

/** "5 minutes ago" in the current language, with the exact date and time for machines and on hover. */
export function RelativeTime({ iso, now, className }: { iso: string; now: Date; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={iso} title={formatDate(iso, i18n.language, 'dateTime')} className={cn('text-xs text-stone-600', className)}>
      {relativeTime(iso, i18n.language, now)}
    </time>
  );
}
