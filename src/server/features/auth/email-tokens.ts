import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { EMAIL_TOKEN_TTL_MS } from '#domain/accounts/account';
import type { Db } from '#server/db/client';
import { emailTokens } from '#server/db/schema';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A single-use link proving an address is the member's: a verification of their email (`newEmail` undefined), or
 * the confirmation of a change to `newEmail`. Only the token's SHA-256 is stored. Answers the token for the link.
 */
export async function issueEmailToken(tx: Db, userId: string, newEmail?: string): Promise<string> {
  return (await issueEmailTokenRow(tx, userId, newEmail)).token;
}

/** As issueEmailToken, also answering the row's id (what an email change's cancel link names). */
export async function issueEmailTokenRow(tx: Db, userId: string, newEmail?: string): Promise<{ token: string; id: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(emailTokens)
    .values({
      userId,
      tokenHash: sha256(token),
      newEmail: newEmail ?? null,
      expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS),
    })
    .returning({ id: emailTokens.id });
  return { token, id: row!.id };
}

/**
 * Spends every live verification and email-change link of the user: after a password
 * change or reset, a change requested by whoever knew the old password must not go through.
 */
export async function spendAllEmailTokens(tx: Db, userId: string): Promise<void> {
  await tx.update(emailTokens).set({ usedAt: new Date() }).where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
}

/** Spends one pending email change by its row id (the cancel link); answers whether it was still live. */
export async function cancelEmailChange(tx: Db, id: string): Promise<boolean> {
  const spent = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt), isNotNull(emailTokens.newEmail), gt(emailTokens.expiresAt, new Date())))
    .returning({ id: emailTokens.id });
  return spent.length > 0;
}

/**
 * The token of an email change's cancel link, mailed to the current address: the pending change's row id, signed
 * with HMAC (nothing stored). It grants nothing but spending that one change.
 */
export function signEmailChangeCancel(secret: string, id: string): string {
  const payload = Buffer.from(id).toString('base64url');
  return `${payload}.${cancelMac(secret, payload)}`;
}

export function verifyEmailChangeCancel(secret: string, token: string): string | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(cancelMac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const id = Buffer.from(payload, 'base64url').toString('utf8');
  return /^[0-9a-f-]{36}$/.test(id) ? id : null;
}

const cancelMac = (secret: string, payload: string) => createHmac('sha256', secret).update(`email-change-cancel:${payload}`).digest('base64url');

/** Spends a live token; answers whose it was and the address it proves a change to (null: the current one). */
export async function spendEmailToken(tx: Db, token: string): Promise<{ userId: string; newEmail: string | null } | null> {
  const [spent] = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.tokenHash, sha256(token)), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, new Date())))
    .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
  return spent ?? null;
}
