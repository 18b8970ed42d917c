import type { Db } from '#server/db/client';
import { enqueueMail } from '#server/jobs/outbox';
import { mailTarget } from '#server/mail/recipient';
import { composeMail } from '#server/mail/templates';

/**
 * In the approval's transaction: tells the applicant. A service mail, not a notification one can switch off, so it
 * is rendered now and goes out as a plain mail job.
 */
export async function mailVolunteerApproved(tx: Db, userId: string, publicUrl: () => string): Promise<void> {
  const target = await mailTarget(tx, userId);
  if (!target) return;
  await enqueueMail(tx, composeMail(target.email, target.language, 'volunteerApproved', { link: `${publicUrl()}/volunteer-profile` }, { greet: target.greetingName }));
}
