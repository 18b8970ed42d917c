import { and, eq } from 'drizzle-orm';
import { DEFAULT_STAFF_MAIL_MODE, staffMailKindsFor, type StaffMailKind, type StaffMailMode, type StaffMailPreference } from '#domain/staff/staff-notifications';
import type { Db } from '#server/db/client';
import { staffMailPreferences, users } from '#server/db/schema';
import { HttpError } from '#server/errors';

/** The staff mail kinds this person's roles receive, each with its mode (none for a member without a role). */
export async function staffPreferencesOf(db: Db, userId: string): Promise<StaffMailPreference[]> {
  const [user] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
  const kinds = staffMailKindsFor(user?.roles ?? []);
  if (kinds.length === 0) return [];
  const rows = await db.select({ kind: staffMailPreferences.kind, mode: staffMailPreferences.mode }).from(staffMailPreferences).where(eq(staffMailPreferences.userId, userId));
  return kinds.map((kind) => ({ kind, mode: rows.find((row) => row.kind === kind)?.mode ?? DEFAULT_STAFF_MAIL_MODE }));
}

/** Sets one kind's mode; a kind the caller's roles do not receive is refused (403 staff-notice-not-yours). */
export async function setStaffPreference(db: Db, userId: string, kind: StaffMailKind, mode: StaffMailMode): Promise<StaffMailPreference[]> {
  const current = await staffPreferencesOf(db, userId);
  if (!current.some((row) => row.kind === kind)) throw new HttpError(403, 'staff-notice-not-yours');
  await writeModes(db, userId, [kind], mode);
  return staffPreferencesOf(db, userId);
}

/**
 * One-click unsubscribe of a staff mail: that kind off, or for the digest every kind that was on the digest. Kept
 * even if the person loses the role (it applies again should they get it back).
 */
export async function switchOffStaffMail(db: Db, userId: string, topic: StaffMailKind | 'staff-digest'): Promise<void> {
  if (topic !== 'staff-digest') return writeModes(db, userId, [topic], 'off');
  await db
    .update(staffMailPreferences)
    .set({ mode: 'off', updatedAt: new Date() })
    .where(and(eq(staffMailPreferences.userId, userId), eq(staffMailPreferences.mode, 'digest')));
}

async function writeModes(db: Db, userId: string, kinds: StaffMailKind[], mode: StaffMailMode): Promise<void> {
  // A member deleted since (an unsubscribe link read late): nothing to write; the foreign key would refuse it.
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!exists) return;
  for (const kind of kinds) {
    await db
      .insert(staffMailPreferences)
      .values({ userId, kind, mode })
      .onConflictDoUpdate({ target: [staffMailPreferences.userId, staffMailPreferences.kind], set: { mode, updatedAt: new Date() } });
  }
}
