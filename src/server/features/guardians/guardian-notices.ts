import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guardians, profiles } from '../../db/schema';
import { firstName } from '../../../domain/profile';
import { enqueueJob, type OutboxWorker } from '../../jobs/outbox';
import type { Mailer } from '../../mail/mailer';
import { mailTarget } from '../../mail/recipient';
import { composeMail } from '../../mail/templates';
import { signUnsubscribe } from '../accounts/unsubscribe-token';

/** The outbox job that tells one guardian that one member's introduction moved. */
export const GUARDIAN_INTRODUCTION_JOB = 'guardian-introduction-notice';

/**
 * In the transaction that moves an introduction (introductions.service.ts announce): one job per active guardian of
 * each member told. Nothing is written for a member without guardians.
 */
export async function enqueueGuardianNotices(tx: Db, memberIds: string[]): Promise<void> {
  if (memberIds.length === 0) return;
  const rows = await tx
    .select({ memberId: guardians.memberId, guardianUserId: guardians.guardianUserId })
    .from(guardians)
    .where(and(inArray(guardians.memberId, memberIds), isNotNull(guardians.acceptedAt)));
  for (const row of rows) await enqueueJob(tx, GUARDIAN_INTRODUCTION_JOB, { memberUserId: row.memberId, guardianUserId: row.guardianUserId });
}

/**
 * Renders and sends the guardian's mail when it runs: only if the link still exists and the guardian wants
 * introduction mails (their own notification settings), in the guardian's language. Names nobody but the member.
 */
export function registerGuardianNotices(worker: OutboxWorker, mailer: Mailer, db: Db, publicUrl: () => string, secret: string): void {
  worker.handle(GUARDIAN_INTRODUCTION_JOB, async (payload) => {
    const memberId = String(payload.memberUserId);
    const guardianUserId = String(payload.guardianUserId);
    const [link] = await db
      .select({ id: guardians.id })
      .from(guardians)
      .where(and(eq(guardians.memberId, memberId), eq(guardians.guardianUserId, guardianUserId), isNotNull(guardians.acceptedAt)))
      .limit(1);
    if (!link) return;
    const target = await mailTarget(db, guardianUserId);
    if (!target?.notifyIntroductions) return;
    const [profile] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, memberId)).limit(1);
    const unsubscribeUrl = `${publicUrl()}/api/unsubscribe?token=${signUnsubscribe(secret, guardianUserId, 'introductions')}`;
    await mailer.send(
      composeMail(
        target.email,
        target.language,
        'guardianIntroductionMoved',
        { memberFirstName: profile ? firstName(profile.name) : null, link: `${publicUrl()}/guarding/${memberId}` },
        { unsubscribeUrl },
      ),
    );
  });
}
