import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema';
import { notifyPersonChanged } from '#server/events/changes';

/** An address as sign-up stores it (domain/accounts/auth.ts emailField) and invitations are written: trimmed, lower case. */
const normalised = (address: string) => address.trim().toLowerCase();

/**
 * The one rule for every invitation mailed to an address (the team's and a guardian's): opening its link and
 * accepting it signed in to the account of that very address proves the address, exactly as a verification link
 * would (both are single-use random tokens that reached that mailbox only). So the acceptance marks the account's
 * email verified, in the acceptance's transaction. The addresses are compared as sign-up normalises them, never
 * more loosely (a plus tag or a dot may be another mailbox at another provider): any other address proves nothing.
 * Answers whether the account's address is the invited one; what a different address means is each flow's rule.
 */
export async function acceptanceProvesAddress(tx: Db, userId: string, invitedEmail: string, now: Date): Promise<boolean> {
  const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!account || normalised(account.email) !== normalised(invitedEmail)) return false;
  const [proved] = await tx.update(users).set({ emailVerifiedAt: now }).where(and(eq(users.id, userId), isNull(users.emailVerifiedAt))).returning({ id: users.id });
  // The email rung is on her match card (policy/trust.ts).
  if (proved) await notifyPersonChanged(tx, userId);
  return true;
}
