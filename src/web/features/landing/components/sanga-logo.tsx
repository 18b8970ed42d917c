import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn';

/** The Sanga mark (a flame-like lotus bud in a saffron circle) and the word Sanga. */
export function SangaLogo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 64 64" className="size-10 shrink-0" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="30" fill="#9a3f0d" />
        <path d="M32 14c-6 8-14 12-14 22a14 14 0 0 0 28 0c0-10-8-14-14-22z" fill="#ffefd4" />
        <path d="M32 26c-3 4-7 6-7 11a7 7 0 0 0 14 0c0-5-4-7-7-11z" fill="#c2570c" />
      </svg>
      <span className="font-serif text-2xl font-semibold tracking-wide text-saffron-800">{t('common.appName')}</span>
    </div>
  );
}
