import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { firstName } from '#domain/profile/profile';
import type { Db } from '#server/db/client';
import { guardians, profiles } from '#server/db/schema';
import { defineJob, enqueue } from '#server/jobs/outbox';
import { mailTarget } from '#server/mail/recipient';
import { composeMail } from '#server/mail/templates';
import { defineMailNotification, unsubscribeUrl } from './mail-notification';

/**
 * A member's guardians hear that one of the member's introductions moved (never who with, never the
 * coordinator's side). One job per active guardian of each member told; the kind's name is the one rows already
 * waiting in the outbox carry.
 */
export const guardianMailJob = defineJob('guardian-introduction-notice', z.object({ memberUserId: z.uuid(), guardianUserId: z.uuid() }));

/**
 * In the transaction that moves an introduction (introduction-effects.ts applyEffects): one job per accepted
 * guardian of each member. Nothing is written for a member without guardians.
 */
export async function enqueueGuardianMails(tx: Db, memberIds: string[]): Promise<void> {
  if (memberIds.length === 0) return;
  const rows = await tx
    .select({ memberId: guardians.memberId, guardianUserId: guardians.guardianUserId })
    .from(guardians)
    .where(and(inArray(guardians.memberId, memberIds), isNotNull(guardians.acceptedAt)));
  for (const row of rows) await enqueue(tx, guardianMailJob, { memberUserId: row.memberId, guardianUserId: row.guardianUserId });
}

/**
 * Sent when the job runs: only if the link still stands and the guardian wants introduction mails (their own
 * notification settings), in the guardian's language. Names nobody but the member.
 */
export const guardianMail = defineMailNotification(guardianMailJob, async (context, { memberUserId, guardianUserId }) => {
  const { db } = context;
  const [link] = await db
    .select({ id: guardians.id })
    .from(guardians)
    .where(and(eq(guardians.memberId, memberUserId), eq(guardians.guardianUserId, guardianUserId), isNotNull(guardians.acceptedAt)))
    .limit(1);
  if (!link) return;
  const target = await mailTarget(db, guardianUserId);
  if (!target?.notifyIntroductions) return;
  const [profile] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, memberUserId)).limit(1);
  await context.mailer.send(
    composeMail(
      target.email,
      target.language,
      'guardianIntroductionMoved',
      { memberFirstName: profile ? firstName(profile.name) : null, link: `${context.publicUrl()}/guarding/${memberUserId}` },
      { unsubscribeUrl: unsubscribeUrl(context, guardianUserId, 'introductions'), greet: target.greetingName },
    ),
  );
});
