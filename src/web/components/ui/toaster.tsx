import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** The spec shows at most one notification at a time, for 5000 ms. */
const TOAST_LIMIT = 1;
const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast lingers before it is dropped from memory (spec §9). */
const TOAST_REMOVE_DELAY_MS = 1_000_000;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): void {
  emit([{ ...input, id: nextId++, open: true }, ...items].slice(0, TOAST_LIMIT));
}

function dismiss(id: number) {
  emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => emit(items.filter((item) => item.id !== id)), TOAST_REMOVE_DELAY_MS);
}

/** Closes every open toast: a success makes an earlier failure's toast untrue (e.g. a wrong, then right, password). */
export function dismissAllToasts(): void {
  for (const item of items) if (item.open) dismiss(item.id);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(subscribe, () => items);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label={t('common.toast.announce')}>
      {current.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismiss(item.id)}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-md border p-4 pr-10 shadow-lg',
            item.variant === 'destructive' ? 'border-red-800 bg-red-700 text-white' : 'border-stone-200 bg-white text-stone-900',
          )}
        >
          <div className="flex flex-col gap-1">
            <Toast.Title className="font-semibold">{item.title}</Toast.Title>
            {item.description ? <Toast.Description className="text-sm">{item.description}</Toast.Description> : null}
          </div>
          <Toast.Close aria-label={t('common.toast.close')} className="absolute top-2 right-2 rounded p-1">
            <X aria-hidden className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Radix puts the hotkey (F8) in place of `{hotkey}` in the region's label, not in the Provider's. */}
      <Toast.Viewport label={t('common.toast.region')} className="fixed right-0 bottom-0 z-50 flex max-h-screen w-full flex-col gap-2 p-4 md:max-w-[420px]" />
    </Toast.Provider>
  );
}
