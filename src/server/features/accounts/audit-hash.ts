import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { installationSecrets } from '#server/db/schema';

/**
 * How the audit log names someone who is gone: an HMAC keyed by a secret of this installation, so the action stays
 * on record, two rows about the same person still match, and knowing the person's id or email does not link them
 * back (a plain hash with a salt in the source did).
 *
 * The key is AUDIT_HASH_SECRET when set, else a random secret made once and kept in the database
 * (installation_secrets): every process on one PostgreSQL reads the same row, and every snapshot, backup archive
 * or dump of the database carries it, so a restored installation hashes as before. An operator who wants the key
 * out of the database's backups sets AUDIT_HASH_SECRET (docs/privacy.md).
 */
const SECRET_NAME = 'audit-hash';

/** The installation's key; made on first use (its own statement, never inside a transaction that may roll back). */
export async function auditHashSecret(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db.insert(installationSecrets).values({ name: SECRET_NAME, value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: installationSecrets.value }).from(installationSecrets).where(eq(installationSecrets.name, SECRET_NAME));
  if (!row) throw new Error('the audit hash secret could not be read');
  return row.value;
}

const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex').slice(0, 32);

/** A deleted member's id (user, profile or application) as the audit log keeps it. */
export const deletedId = (secret: string, id: string) => `deleted:${hmac(secret, `id:${id}`)}`;

/** A deleted member's email (in a search the staff made, say) as the audit log keeps it. */
export const deletedEmail = (secret: string, email: string) => `deleted-email:${hmac(secret, `email:${email.toLowerCase()}`)}`;

/** What to replace: `find` (matched without regard to case) by `replace`. */
export interface Redaction {
  find: string;
  replace: string;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `value` with every string (keys and values, at any depth) rid of each `find`. */
export function redactDetails(value: unknown, redactions: Redaction[]): unknown {
  if (typeof value === 'string') {
    return redactions.reduce((text, { find, replace }) => text.replace(new RegExp(escapeRegExp(find), 'gi'), () => replace), value);
  }
  if (Array.isArray(value)) return value.map((item) => redactDetails(item, redactions));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [redactDetails(key, redactions) as string, redactDetails(item, redactions)]));
  }
  return value;
}
