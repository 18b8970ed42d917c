import { cookieValue } from './cookies';

/**
 * The signed-in hint: a readable cookie (`sanga_signed_in=1`) set beside the httpOnly session cookie at sign-in
 * and cleared at logout or when the server finds the session gone. The web app asks /api/auth/user only when
 * it is present, so a visitor's page makes no request that answers 401. It carries no authority: the server
 * never reads it to decide anything (docs/security.md).
 */
export const SIGNED_IN_HINT_COOKIE = 'sanga_signed_in';

/** Whether a Cookie header (or document.cookie) holds the signed-in hint. */
export function cookiesHaveSignedInHint(cookies: string | undefined): boolean {
  return cookieValue(cookies, SIGNED_IN_HINT_COOKIE) === '1';
}

/**
 * The returning-browser mark: an HttpOnly cookie (`sanga_returning=1`) set at every sign-in and sign-up and kept at
 * logout, for a year. /api/login sends a browser without it (one that never signed in here) to the sign-up form
 * first, and a returning one to sign in. It decides only which of the two forms is shown first.
 */
export const RETURNING_BROWSER_COOKIE = 'sanga_returning';

/** How long a browser counts as returning after its last sign-in: a year. */
export const RETURNING_BROWSER_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
