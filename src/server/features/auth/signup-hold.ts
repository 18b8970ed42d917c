import { createHmac } from 'node:crypto';
import { and, gt, inArray } from 'drizzle-orm';
import { SIGNUP_HOLD_DAYS } from '#domain/safety/safety';
import type { Db } from '#server/db/client';
import { signupHolds } from '#server/db/schema';
import { sha256 } from './email-tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The address as sign-up normalises it (domain/accounts/auth.ts emailField). */
const normalised = (email: string) => email.trim().toLowerCase();

/**
 * The sign-up hold's key: an HMAC of the address keyed by the installation's secret, the audit log's key
 * (accounts/audit-hash.ts: AUDIT_HASH_SECRET, else the one kept in installation_secrets). A plain hash let whoever
 * read the table test any address they could guess for "was reported, then left".
 */
export const signupHoldHash = (secret: string, email: string) => createHmac('sha256', secret).update(`sanga-signup-hold:${normalised(email)}`).digest('hex');

/**
 * The key holds were written under before they were keyed. Still read, never written: the last such row runs out
 * SIGNUP_HOLD_DAYS after the keyed version was deployed, and the hourly purge deletes it (retention.ts); then this
 * can go.
 */
const legacySignupHoldHash = (email: string) => sha256(`sanga-signup-hold:${normalised(email)}`);

/**
 * An account deleted while reports against it were open keeps its email from signing up again for
 * SIGNUP_HOLD_DAYS, so a reported harasser cannot wipe the record and return at once. A second deletion extends it.
 * `secret` is the installation's key (above).
 */
export async function holdSignups(tx: Db, secret: string, email: string, now: Date): Promise<void> {
  const until = new Date(now.getTime() + SIGNUP_HOLD_DAYS * DAY_MS);
  await tx.insert(signupHolds).values({ emailHash: signupHoldHash(secret, email), until }).onConflictDoUpdate({ target: signupHolds.emailHash, set: { until } });
}

/** Whether this email may not sign up (or be moved to) yet. */
export async function signupHeld(db: Db, secret: string, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ until: signupHolds.until })
    .from(signupHolds)
    .where(and(inArray(signupHolds.emailHash, [signupHoldHash(secret, email), legacySignupHoldHash(email)]), gt(signupHolds.until, now)))
    .limit(1);
  return row !== undefined;
}
