// The toast queue, apart from its Radix UI (toaster.tsx): any screen may call toast(), and the Toaster's code is
// fetched only when the first toast is shown (toaster-on-demand.tsx), so a first visit carries none of it.
import { useSyncExternalStore } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** One button in the toast, e.g. Undo right after a staff action; it closes the toast when pressed. */
  action?: { label: string; onClick: () => void };
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** The spec shows at most one notification at a time, for 5000 ms. */
const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast lingers before it is dropped from memory (spec §9). */
const TOAST_REMOVE_DELAY_MS = 1_000_000;

const noToasts: ToastItem[] = [];
// The same empty list as the server's snapshot: after hydrating, React compares the two, and a different (even
// empty) list would make it render the Toaster's parent again, synchronously.
let items: ToastItem[] = noToasts;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): void {
  emit([{ ...input, id: nextId++, open: true }, ...items].slice(0, TOAST_LIMIT));
}

/** The toast of something that went wrong, in red: what failed or was refused, and why when there is more to say. */
export function toastError(title: string, description?: string): void {
  toast({ title, description, variant: 'destructive' });
}

/** Closes one toast (its close button, a swipe, its time running out). */
export function dismissToast(id: number) {
  emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => emit(items.filter((item) => item.id !== id)), TOAST_REMOVE_DELAY_MS);
}

/** Closes every open toast: a success makes an earlier failure's toast untrue (e.g. a wrong, then right, password). */
export function dismissAllToasts(): void {
  for (const item of items) if (item.open) dismissToast(item.id);
}

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts now shown, for the Toaster. */
export function useToasts(): ToastItem[] {
  // On the server (and while hydrating its page) no toast has been shown yet.
  return useSyncExternalStore(subscribeToToasts, () => items, () => noToasts);
}
