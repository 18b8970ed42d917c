import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Language } from '#domain/language/language';
import { DEFAULT_STAFF_MAIL_MODE, staffMailRole, type StaffMailKind, type StaffMailMode } from '#domain/staff/staff-notifications';
import type { Db } from '#server/db/client';
import { staffMailPreferences, users } from '#server/db/schema';

/** A staff member a staff mail may go to, with their choice for the kind asked about. */
export interface StaffRecipient {
  userId: string;
  email: string;
  /** The account's first name, for the greeting (staff need no profile). */
  firstName: string | null;
  language: Language;
  mode: StaffMailMode;
}

/**
 * Everyone holding the kind's role (coordinators, or elders), not suspended, with their mode for that kind (no row:
 * the default, a mail at once). A staff member needs no profile and no verified email: the admin invited them by
 * this address.
 */
export async function staffFor(db: Db, kind: StaffMailKind): Promise<StaffRecipient[]> {
  const rows = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, language: users.language, mode: staffMailPreferences.mode })
    .from(users)
    .leftJoin(staffMailPreferences, and(eq(staffMailPreferences.userId, users.id), eq(staffMailPreferences.kind, kind)))
    .where(and(sql`${staffMailRole[kind]} = any(${users.roles})`, isNull(users.suspendedAt)))
    .orderBy(users.id);
  return rows.map((row) => ({ ...row, mode: row.mode ?? DEFAULT_STAFF_MAIL_MODE }));
}
