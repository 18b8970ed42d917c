import { and, eq } from 'drizzle-orm';
import { DEFAULT_STAFF_NOTICE_MODE, staffNoticeKindsFor, type StaffNoticeKind, type StaffNoticeMode, type StaffNoticePreference } from '#domain/staff/staff-notifications';
import type { Db } from '#server/db/client';
import { staffNoticePreferences, users } from '#server/db/schema';
import { HttpError } from '#server/errors';

/** The staff mail kinds this person's roles receive, each with its mode (none for a member without a role). */
export async function staffPreferencesOf(db: Db, userId: string): Promise<StaffNoticePreference[]> {
  const [user] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
  const kinds = staffNoticeKindsFor(user?.roles ?? []);
  if (kinds.length === 0) return [];
  const rows = await db.select({ kind: staffNoticePreferences.kind, mode: staffNoticePreferences.mode }).from(staffNoticePreferences).where(eq(staffNoticePreferences.userId, userId));
  return kinds.map((kind) => ({ kind, mode: rows.find((row) => row.kind === kind)?.mode ?? DEFAULT_STAFF_NOTICE_MODE }));
}

/** Sets one kind's mode; a kind the caller's roles do not receive is refused (403 staff-notice-not-yours). */
export async function setStaffPreference(db: Db, userId: string, kind: StaffNoticeKind, mode: StaffNoticeMode): Promise<StaffNoticePreference[]> {
  const current = await staffPreferencesOf(db, userId);
  if (!current.some((row) => row.kind === kind)) throw new HttpError(403, 'staff-notice-not-yours');
  await writeModes(db, userId, [kind], mode);
  return staffPreferencesOf(db, userId);
}

/**
 * One-click unsubscribe of a staff mail: that kind off, or for the digest every kind that was on the digest. Kept
 * even if the person loses the role (it applies again should they get it back).
 */
export async function switchOffStaffMail(db: Db, userId: string, topic: StaffNoticeKind | 'staff-digest'): Promise<void> {
  if (topic !== 'staff-digest') return writeModes(db, userId, [topic], 'off');
  await db
    .update(staffNoticePreferences)
    .set({ mode: 'off', updatedAt: new Date() })
    .where(and(eq(staffNoticePreferences.userId, userId), eq(staffNoticePreferences.mode, 'digest')));
}

async function writeModes(db: Db, userId: string, kinds: StaffNoticeKind[], mode: StaffNoticeMode): Promise<void> {
  // A member deleted since (an unsubscribe link read late): nothing to write; the foreign key would refuse it.
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!exists) return;
  for (const kind of kinds) {
    await db
      .insert(staffNoticePreferences)
      .values({ userId, kind, mode })
      .onConflictDoUpdate({ target: [staffNoticePreferences.userId, staffNoticePreferences.kind], set: { mode, updatedAt: new Date() } });
  }
}
