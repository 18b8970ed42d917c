import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { EMAIL_TOKEN_TTL_MS } from '../../../domain/account';
import type { Db } from '../../db/client';
import { emailTokens } from '../../db/schema';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A single-use link proving an address is the member's: a verification of their email (`newEmail` undefined), or
 * the confirmation of a change to `newEmail`. Only the token's SHA-256 is stored. Answers the token for the link.
 */
export async function issueEmailToken(tx: Db, userId: string, newEmail?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailTokens).values({
    userId,
    tokenHash: sha256(token),
    newEmail: newEmail ?? null,
    expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS),
  });
  return token;
}

/** Spends a live token; answers whose it was and the address it proves a change to (null: the current one). */
export async function spendEmailToken(tx: Db, token: string): Promise<{ userId: string; newEmail: string | null } | null> {
  const [spent] = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.tokenHash, sha256(token)), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, new Date())))
    .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
  return spent ?? null;
}
