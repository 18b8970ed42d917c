import type { MemberRole } from '#domain/staff/roles';
import type { Db } from '#server/db/client';
import { enqueueMail } from '#server/jobs/outbox';
import { mailTarget } from '#server/mail/recipient';
import { composeMail } from '#server/mail/templates';

/** Where each role's work starts: the screen the mail links to. */
const roleScreen: Record<MemberRole, string> = { coordinator: '/coordinator', elder: '/elders' };

/**
 * In the grant's transaction: tells the member, in their language, that the admin gave them a staff role and what
 * it lets them read (an elder's, as ELDER_APPROVALS makes it: `eldersReview`). A service mail (nobody switches off being told of their own role), rendered now.
 */
export async function mailStaffRoleGranted(tx: Db, userId: string, role: MemberRole, publicUrl: () => string, contactEmail: string, eldersReview: boolean): Promise<void> {
  const target = await mailTarget(tx, userId);
  if (!target) return;
  const params = { role, link: `${publicUrl()}${roleScreen[role]}`, contactEmail, eldersReview };
  await enqueueMail(tx, composeMail(target.email, target.language, 'staffRoleGranted', params, { greet: target.greetingName }));
}
