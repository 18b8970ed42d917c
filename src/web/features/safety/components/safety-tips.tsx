import { ChevronDown, ShieldCheck } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/** Wide enough that the open tips leave the composer of a new thread in view. */
const OPEN_FROM = '(min-width: 640px)';
const isWide = () => window.matchMedia(OPEN_FROM).matches;
const readOnce = () => () => undefined;

/**
 * A new conversation's short safety tips, in the reader's language. Folded on a phone, so the composer
 * of a new thread is in view without scrolling: the title stays, a tap opens the tips.
 */
export function SafetyTips() {
  const { t } = useTranslation();
  // Folded in a render on the server (which cannot know the width) and while the browser takes that render over,
  // then opened on a wide screen; rendered in the browser, open at once. Read once: resizing does not fold them.
  const openAtFirst = useSyncExternalStore(readOnce, isWide, () => false);
  return (
    <details open={openAtFirst} data-testid="safety-tips" className="group mb-4 rounded-md border border-saffron-200 bg-saffron-50 p-3 text-sm text-stone-800">
      <summary className="flex min-h-6 cursor-pointer list-none items-center gap-2 font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
        <ShieldCheck aria-hidden className="size-4 shrink-0 text-saffron-800" />
        {t('safety.tips.title')}
        <ChevronDown aria-hidden className="ml-auto size-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-6">
        <li>{t('safety.tips.money')}</li>
        <li>{t('safety.tips.meet')}</li>
        <li>{t('safety.tips.report')}</li>
      </ul>
    </details>
  );
}
