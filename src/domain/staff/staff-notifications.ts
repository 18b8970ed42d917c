import { z } from 'zod';
import type { MemberRole } from './roles';

/**
 * What staff are told by mail: coordinators about new introduction requests, ended introductions and
 * due follow-ups; elders about introductions awaiting their review. Each kind has its own preference: a mail at
 * once (the default), one daily digest, or nothing (what the one-click unsubscribe sets).
 */
export const staffNoticeKinds = ['introduction-requested', 'introduction-ended', 'follow-up-due', 'review-awaiting'] as const;
export type StaffNoticeKind = (typeof staffNoticeKinds)[number];

/** The role whose holders get each kind. */
export const staffNoticeRole: Record<StaffNoticeKind, MemberRole> = {
  'introduction-requested': 'coordinator',
  'introduction-ended': 'coordinator',
  'follow-up-due': 'coordinator',
  'review-awaiting': 'elder',
};

export const staffNoticeModes = ['immediate', 'digest', 'off'] as const;
export type StaffNoticeMode = (typeof staffNoticeModes)[number];
export const DEFAULT_STAFF_NOTICE_MODE: StaffNoticeMode = 'immediate';

/** The kinds a person with these roles can be told about, in a fixed order (the settings screen's rows). */
export function staffNoticeKindsFor(roles: readonly MemberRole[]): StaffNoticeKind[] {
  return staffNoticeKinds.filter((kind) => roles.includes(staffNoticeRole[kind]));
}

/** GET /api/account/staff-notifications: one row per kind the caller's roles receive (none for a member). */
const staffNoticePreference = z.object({ kind: z.enum(staffNoticeKinds), mode: z.enum(staffNoticeModes) });
export type StaffNoticePreference = z.infer<typeof staffNoticePreference>;
export const staffNoticePreferences = z.array(staffNoticePreference);

/** PUT /api/account/staff-notifications: one kind's mode. */
export const setStaffNoticeInput = staffNoticePreference;

/** The daily digest's hour, in UTC (early morning in the Americas' evening-to-morning span: read with the day's work). */
export const STAFF_DIGEST_HOUR_UTC = 12;

/** The next digest time strictly after `now`. */
export function nextDigestAt(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), STAFF_DIGEST_HOUR_UTC));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}
