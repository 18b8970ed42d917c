/**
 * The one link to sign in: a full navigation to /api/login, which answers 302 to /login and comes back to
 * `returnTo` afterwards (the server keeps only same-site paths, domain/accounts/auth.ts safeReturnTo). Encoded, so a
 * path with its own query string survives the trip whole.
 */
export function signInHref(returnTo: string): string {
  return `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
}
