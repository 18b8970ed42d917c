import { z } from 'zod';
import type { MemberRole } from './roles';

/**
 * What staff are told by mail: coordinators about new introduction requests, ended introductions and
 * due follow-ups; elders about introductions awaiting their review. Each kind has its own preference: a mail at
 * once (the default), one daily digest, or nothing (what the one-click unsubscribe sets).
 */
export const staffMailKinds = ['introduction-requested', 'introduction-ended', 'follow-up-due', 'review-awaiting'] as const;
export type StaffMailKind = (typeof staffMailKinds)[number];

/** The role whose holders get each kind. */
export const staffMailRole: Record<StaffMailKind, MemberRole> = {
  'introduction-requested': 'coordinator',
  'introduction-ended': 'coordinator',
  'follow-up-due': 'coordinator',
  'review-awaiting': 'elder',
};

export const staffMailModes = ['immediate', 'digest', 'off'] as const;
export type StaffMailMode = (typeof staffMailModes)[number];
export const DEFAULT_STAFF_MAIL_MODE: StaffMailMode = 'immediate';

/** The kinds a person with these roles can be told about, in a fixed order (the settings screen's rows). */
export function staffMailKindsFor(roles: readonly MemberRole[]): StaffMailKind[] {
  return staffMailKinds.filter((kind) => roles.includes(staffMailRole[kind]));
}

/** GET /api/account/staff-notifications: one row per kind the caller's roles receive (none for a member). */
const staffMailPreference = z.object({ kind: z.enum(staffMailKinds), mode: z.enum(staffMailModes) });
export type StaffMailPreference = z.infer<typeof staffMailPreference>;
export const staffMailPreferences = z.array(staffMailPreference);

/** PUT /api/account/staff-notifications: one kind's mode. */
export const setStaffMailInput = staffMailPreference;

/** The daily digest's hour, in UTC (early morning in the Americas' evening-to-morning span: read with the day's work). */
export const STAFF_DIGEST_HOUR_UTC = 12;

/** The next digest time strictly after `now`. */
export function nextDigestAt(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), STAFF_DIGEST_HOUR_UTC));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}
