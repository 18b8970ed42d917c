// What the sign-in and sign-up screens need besides their schemas, apart from auth.ts and safety.ts (zod) so a
// visitor's first download carries no zod; both re-export these (one definition each).

/** The privacy notice at /privacy; bump it when its text changes in a way people must agree to again. */
export const PRIVACY_NOTICE_VERSION = 1;


/** Where to land after sign-in: only a same-site path; anything else is ignored. */
export function safeReturnTo(value: unknown, fallback = '/profile'): string {
  if (typeof value !== 'string') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters and backslashes could be read by a browser as another host. Anything beyond printable
  // ASCII is refused too: a Location header cannot carry it (it answered 500), and look-alikes such as
  // U+2044 (⁄) are not worth the risk; the app's own paths are ASCII, other text arrives percent-encoded.
  if (/[^\x21-\x7e]|\\/.test(value)) return fallback;
  if (value.startsWith('/api/')) return fallback;
  return value.length > 2000 ? fallback : value;
}

/** What decides where someone lands after signing in (a part of GET /api/auth/user's answer). */
export interface LandingFacts {
  roles: readonly string[];
  hasProfile: boolean;
  guarding: boolean;
}

/**
 * Where someone lands after signing in with nowhere in particular to return to: staff on their own screen,
 * a guardian with no marriage profile of their own on the members they accompany (never on "Create your
 * profile": they came to read along, not to marry), everyone else on their profile.
 */
export function landingPathFor(user: LandingFacts): string {
  if (user.roles.includes('coordinator')) return '/coordinator';
  if (user.roles.includes('elder')) return '/elders';
  if (user.guarding && !user.hasProfile) return '/guarding';
  return '/profile';
}
