/**
 * Every mail the app sends of its own accord, one file a kind (job, enqueue function, handler through
 * mail-notification.ts defineMailNotification): message-mail.ts (at once for a member away; for one reading live,
 * a check after the live window), introduction-mail.ts, guardian-mail.ts (a member's guardians told that an
 * introduction moved), staff-mail.ts (coordinators and elders, at once), staff-digest.ts (the daily digest job);
 * staff-preferences.ts, staff-recipients.ts and staff-notifications.routes.ts (/api/account/staff-notifications);
 * volunteer-approved.ts and staff-role-granted.ts (service mails); unsubscribe-token.ts (the signed one-click link).
 * "Notice" is the in-app notice (the notices table, the member's banner); these are mails. Their job kinds keep the
 * names they were stored under ('message-notice', 'staff-notice', …), since queued rows carry them.
 */
import type { OutboxWorker } from '#server/jobs/outbox';
import { guardianMail } from './guardian-mail';
import { introductionMail } from './introduction-mail';
import type { MailNotification, NotificationContext } from './mail-notification';
import { messageMail, messageMailCheck } from './message-mail';
import { staffDigest } from './staff-digest';
import { staffMail } from './staff-mail';

/**
 * Every notification mail, one entry a kind (like deletionSteps): a new one is a file with its job, enqueue and
 * handler, listed here. Service mails that nobody can switch off (verification, reset, volunteer approved) are
 * rendered when enqueued and are not listed.
 */
export const mailNotifications: MailNotification[] = [messageMail, messageMailCheck, introductionMail, guardianMail, staffMail, staffDigest];

export function registerMailNotifications(worker: OutboxWorker, context: NotificationContext): void {
  for (const notification of mailNotifications) notification.register(worker, context);
}

export type { NotificationContext } from './mail-notification';
export { noteMessageSent } from './message-mail';
export { enqueueIntroductionMail } from './introduction-mail';
export { enqueueGuardianMails } from './guardian-mail';
export { mailVolunteerApproved } from './volunteer-approved';
export { mailStaffRoleGranted } from './staff-role-granted';
export { notifyEldersOfReview, notifyStaffOfEndedIntroduction, notifyStaffOfIntroductionRequest, scheduleFollowUpMails } from './staff-mail';
export { scheduleStaffDigest } from './staff-digest';
export { staffNotificationRoutes } from './staff-notifications.routes';
export { switchOffStaffMail } from './staff-preferences';
export { verifyUnsubscribe } from './unsubscribe-token';
