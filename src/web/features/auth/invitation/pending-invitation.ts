/**
 * The invitation this browser opened and has not accepted yet, so the page of a confirmation link (opened later from
 * the mailbox, often in a new tab) can lead back to it. Kept in localStorage, on this device only, and forgotten once
 * the invitation is accepted or turns out unusable (used, expired, cancelled).
 */
const KEY = 'sanga.pending-invitation';

export function rememberInvitation(path: string): void {
  try {
    localStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode, quota): the confirmation page then offers the usual next step only.
  }
}

export function forgetInvitation(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The remembered invitation's path, only ever one of the invitation pages (a stored value is not trusted blindly). */
export function pendingInvitation(): string | null {
  try {
    const path = localStorage.getItem(KEY);
    return path && /^\/(join-team|guardian-invitation)\?token=[\w-]+$/.test(path) ? path : null;
  } catch {
    return null;
  }
}
