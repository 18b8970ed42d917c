import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn';
import { dismissToast, TOAST_DURATION_MS, useToasts } from './toast-store';

export function Toaster() {
  const { t } = useTranslation();
  const items = useToasts();
  // Mounted on demand with the first toast already queued (toaster-on-demand.tsx): the viewport must be in the page
  // before a toast mounts, or Radix shows only its one-second announcement and never the toast itself.
  const [viewportMounted, setViewportMounted] = useState(false);
  const handleViewport = useCallback((node: HTMLOListElement | null) => setViewportMounted(node !== null), []);
  const current = viewportMounted ? items : [];
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label={t('common.toast.announce')}>
      {current.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-md border p-4 pr-10 shadow-lg',
            item.variant === 'destructive' ? 'border-red-800 bg-red-700 text-white' : 'border-stone-200 bg-white text-stone-900',
          )}
        >
          <div className="flex flex-col gap-1">
            <Toast.Title className="font-semibold">{item.title}</Toast.Title>
            {item.description ? <Toast.Description className="text-sm">{item.description}</Toast.Description> : null}
            {item.action ? (
              // altText: what a screen reader user is told to do instead, since the toast may be gone before they reach it.
              <Toast.Action altText={item.action.label} asChild>
                <button type="button" onClick={item.action.onClick} className="mt-1 min-h-11 self-start rounded-md border border-stone-300 px-3 text-sm font-semibold">
                  {item.action.label}
                </button>
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close aria-label={t('common.toast.close')} className="absolute top-2 right-2 rounded p-1">
            <X aria-hidden className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Radix puts the hotkey (F8) in place of `{hotkey}` in the region's label, not in the Provider's. At the top: a
          toast at the bottom covered the Save button a member had just pressed at the end of a form. On a
          phone it starts below the header's first row (logo, language, menu button: 3.5 rem high), which it would
          cover otherwise; from lg up (one header row with the controls at its right end) it sits at the very top. */}
      <Toast.Viewport ref={handleViewport} label={t('common.toast.region')} className="fixed top-14 right-0 z-50 flex max-h-screen w-full flex-col gap-2 p-4 md:max-w-[420px] lg:top-0" />
    </Toast.Provider>
  );
}
