// Members the admin suspended during this visit of the dashboard: their card offers Undo (one press, no second
// question, since the admin has just confirmed the opposite) instead of the confirmed Unsuspend kept for older
// suspensions. A reload forgets them: Undo is for a mistake noticed at once.
import { useSyncExternalStore } from 'react';

let suspended: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function emit(next: ReadonlySet<string>) {
  suspended = next;
  for (const listener of listeners) listener();
}

export function markJustSuspended(userId: string): void {
  emit(new Set([...suspended, userId]));
}

export function forgetJustSuspended(userId: string): void {
  if (!suspended.has(userId)) return;
  const next = new Set(suspended);
  next.delete(userId);
  emit(next);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this member was suspended from this page since it opened. */
export function useJustSuspended(userId: string): boolean {
  return useSyncExternalStore(subscribe, () => suspended.has(userId), () => false);
}
