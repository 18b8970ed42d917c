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
