import { and, eq, gt } from 'drizzle-orm';
import { SIGNUP_HOLD_DAYS } from '../../../domain/safety';
import type { Db } from '../../db/client';
import { signupHolds } from '../../db/schema';
import { sha256 } from './email-tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The sign-up hold's key: a hash of the address as sign-up normalises it (domain/auth.ts emailField). */
export const signupHoldHash = (email: string) => sha256(`sanga-signup-hold:${email.trim().toLowerCase()}`);

/**
 * Issue 28: an account deleted while reports against it were open keeps its email from signing up again for
 * SIGNUP_HOLD_DAYS, so a reported harasser cannot wipe the record and return at once. A second deletion extends it.
 */
export async function holdSignups(tx: Db, email: string, now: Date): Promise<void> {
  const until = new Date(now.getTime() + SIGNUP_HOLD_DAYS * DAY_MS);
  await tx.insert(signupHolds).values({ emailHash: signupHoldHash(email), until }).onConflictDoUpdate({ target: signupHolds.emailHash, set: { until } });
}

/** Whether this email may not sign up yet. */
export async function signupHeld(db: Db, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ until: signupHolds.until })
    .from(signupHolds)
    .where(and(eq(signupHolds.emailHash, signupHoldHash(email)), gt(signupHolds.until, now)))
    .limit(1);
  return row !== undefined;
}
