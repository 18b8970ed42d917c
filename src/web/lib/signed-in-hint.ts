import { cookiesHaveSignedInHint } from '#domain/accounts/session-hint';

/**
 * Whether the server left the signed-in hint (domain/accounts/session-hint.ts). Without it nobody is signed in, so the
 * app need not ask /api/auth/user (which answers a visitor 401, spec §4, and the browser logs that as an error).
 * With it the server still decides: a stale hint gets a 401 and is cleared. A render on the server (no document) is
 * a visitor's.
 */
export function hasSignedInHint(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookiesHaveSignedInHint(cookies);
}
