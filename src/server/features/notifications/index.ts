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
