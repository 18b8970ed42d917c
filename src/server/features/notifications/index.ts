/**
 * Every mail the app sends of its own accord, one file a kind (job, enqueue function, handler through
 * mail-notification.ts defineMailNotification): message-notice.ts (at once for a member away; for one reading live,
 * a check after the live window), introduction-notice.ts, guardian-notice.ts (a member's guardians told that an
 * introduction moved), staff-notice.ts (coordinators and elders, at once), staff-digest.ts (the daily digest job);
 * staff-preferences.ts, staff-recipients.ts and staff-notice.routes.ts (/api/account/staff-notifications);
 * volunteer-approved.ts and staff-role-granted.ts (service mails); unsubscribe-token.ts (the signed one-click link).
 */
import type { OutboxWorker } from '../../jobs/outbox';
import { guardianNotice } from './guardian-notice';
import { introductionNotice } from './introduction-notice';
import type { MailNotification, NotificationContext } from './mail-notification';
import { messageNotice, messageNoticeCheck } from './message-notice';
import { staffDigest } from './staff-digest';
import { staffNotice } from './staff-notice';

/**
 * Every notification mail, one entry a kind (like deletionSteps): a new one is a file with its job, enqueue and
 * handler, listed here. Service mails that nobody can switch off (verification, reset, volunteer approved) are
 * rendered when enqueued and are not listed.
 */
export const mailNotifications: MailNotification[] = [messageNotice, messageNoticeCheck, introductionNotice, guardianNotice, staffNotice, staffDigest];

export function registerMailNotifications(worker: OutboxWorker, context: NotificationContext): void {
  for (const notification of mailNotifications) notification.register(worker, context);
}

export type { NotificationContext } from './mail-notification';
export { noteMessageSent } from './message-notice';
export { enqueueIntroductionMail } from './introduction-notice';
export { enqueueGuardianNotices } from './guardian-notice';
export { mailVolunteerApproved } from './volunteer-approved';
export { mailStaffRoleGranted } from './staff-role-granted';
export { notifyEldersOfReview, notifyStaffOfEndedIntroduction, notifyStaffOfIntroductionRequest, scheduleFollowUpNotices } from './staff-notice';
export { scheduleStaffDigest } from './staff-digest';
export { staffNoticeRoutes } from './staff-notice.routes';
export { switchOffStaffMail } from './staff-preferences';
export { verifyUnsubscribe } from './unsubscribe-token';
