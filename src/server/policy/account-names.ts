import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema';

/** The names an account carries itself (users.first_name, last_name): a staff member's, given when joining. */
export interface AccountNames {
  firstName: string | null;
  lastName: string | null;
}

/**
 * The account names of these people, for the screens that name a coordinator or an elder who may have no profile
 * (domain/staff/staff-name.ts shownName puts them after the volunteer and profile names). Below the features: messages,
 * introductions and notifications read it.
 */
export async function accountNamesOf(db: Db, userIds: readonly string[]): Promise<Map<string, AccountNames>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, { firstName: row.firstName, lastName: row.lastName }]));
}

/** "First Last" from an account's names, or null when it has none (staff screens show the whole name). */
export function accountFullName(names: AccountNames | undefined): string | null {
  const whole = [names?.firstName, names?.lastName].filter((part) => part && part.trim()).join(' ').trim();
  return whole || null;
}
