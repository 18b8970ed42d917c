import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { CHECK_IN_DAYS, addDays } from '#domain/introductions/introductions';
import { staffMailKinds, type StaffMailKind } from '#domain/staff/staff-notifications';
import type { Db } from '#server/db/client';
import { introductionRequests, introductionReviews, introductions } from '#server/db/schema';
import { defineJob, enqueue, enqueueMail } from '#server/jobs/outbox';
import { composeMail } from '#server/mail/templates';
import { followUpDueSql } from '#server/policy/introduction-sql';
import { defineMailNotification, unsubscribeUrl, type NotificationContext } from './mail-notification';
import { staffFor, type StaffRecipient } from './staff-recipients';

/**
 * Staff mails sent at once: one job per event, written in the event's transaction; its handler finds
 * the staff who chose "at once" for that kind and writes one rendered mail each (in their language, with a one-click
 * unsubscribe for that kind), all in one transaction. Staff who chose the digest hear of it in the next digest
 * (staff-digest.ts); "off" hears nothing. The mail names nobody: who and what is seen on the site after signing in.
 */
export const staffMailJob = defineJob('staff-notice', z.object({ kind: z.enum(staffMailKinds), subjectId: z.uuid() }));

/** Where each kind's mail (and digest line) leads: the list the overview's count links to. */
export function staffMailLink(publicUrl: string, kind: StaffMailKind): string {
  switch (kind) {
    case 'introduction-requested':
      return `${publicUrl}/coordinator?members=requested`;
    case 'introduction-ended':
      return `${publicUrl}/coordinator?introductions=ended`;
    case 'follow-up-due':
      return `${publicUrl}/coordinator?introductions=follow-up-due`;
    case 'review-awaiting':
      return `${publicUrl}/elders`;
  }
}

/** A member asked a coordinator for an introduction (introductions.service.ts request): coordinators are told. */
export function notifyStaffOfIntroductionRequest(tx: Db, requestId: string): Promise<void> {
  return enqueue(tx, staffMailJob, { kind: 'introduction-requested', subjectId: requestId });
}

/**
 * An introduction ended (whoever ended it): its coordinator is told, or every coordinator when it has none left.
 * Call it in the transaction that ends the introduction.
 */
export function notifyStaffOfEndedIntroduction(tx: Db, introductionId: string): Promise<void> {
  return enqueue(tx, staffMailJob, { kind: 'introduction-ended', subjectId: introductionId });
}

/** A proposal awaits the elders' panel: every elder who may review it is told. */
export function notifyEldersOfReview(tx: Db, introductionId: string): Promise<void> {
  return enqueue(tx, staffMailJob, { kind: 'review-awaiting', subjectId: introductionId });
}

/**
 * The two members were introduced: a follow-up falls due on each check-in day, so a job waits for each day and,
 * when it comes, tells the coordinator if a check-in is still owed then (answered in time: no mail).
 */
export async function scheduleFollowUpMails(tx: Db, introductionId: string, introducedAt: Date): Promise<void> {
  for (const days of CHECK_IN_DAYS) {
    await enqueue(tx, staffMailJob, { kind: 'follow-up-due', subjectId: introductionId }, { runAt: addDays(introducedAt, days) });
  }
}

/** Who gets the mail for this event, or nobody when it no longer applies (handled, reviewed, answered since). */
export async function recipientsOf(db: Db, kind: StaffMailKind, subjectId: string, now: Date): Promise<StaffRecipient[]> {
  const staff = await staffFor(db, kind);
  if (kind === 'introduction-requested') {
    const [request] = await db
      .select({ requesterId: introductionRequests.requesterId, otherId: introductionRequests.otherId })
      .from(introductionRequests)
      .where(and(eq(introductionRequests.id, subjectId), isNull(introductionRequests.handledAt)));
    if (!request) return [];
    return staff.filter((s) => s.userId !== request.requesterId && s.userId !== request.otherId);
  }
  const [row] = await db
    .select({
      memberA: introductions.memberA,
      memberB: introductions.memberB,
      coordinatorId: introductions.coordinatorId,
      status: introductions.status,
      followUpDue: followUpDueSql(now).mapWith(Boolean),
    })
    .from(introductions)
    .where(eq(introductions.id, subjectId));
  if (!row) return [];
  const outsiders = staff.filter((s) => s.userId !== row.memberA && s.userId !== row.memberB);
  if (kind === 'review-awaiting') {
    if (row.status !== 'awaiting-elders') return [];
    const reviewed = await db.select({ elderId: introductionReviews.elderId }).from(introductionReviews).where(eq(introductionReviews.introductionId, subjectId));
    return outsiders.filter((s) => s.userId !== row.coordinatorId && !reviewed.some((r) => r.elderId === s.userId));
  }
  if (kind === 'follow-up-due' && !row.followUpDue) return [];
  // The introduction's own coordinator when still one; else whoever coordinates now.
  const own = outsiders.filter((s) => s.userId === row.coordinatorId);
  return own.length > 0 ? own : outsiders;
}

async function sendAtOnce(context: NotificationContext, { kind, subjectId }: { kind: StaffMailKind; subjectId: string }): Promise<void> {
  const recipients = (await recipientsOf(context.db, kind, subjectId, context.now())).filter((r) => r.mode === 'immediate');
  if (recipients.length === 0) return;
  const link = staffMailLink(context.publicUrl(), kind);
  await context.db.transaction(async (tx) => {
    for (const r of recipients) {
      await enqueueMail(
        tx,
        composeMail(r.email, r.language, 'staffMail', { kind, link }, { unsubscribeUrl: unsubscribeUrl(context, r.userId, kind), greet: r.firstName }),
      );
    }
  });
}

export const staffMail = defineMailNotification(staffMailJob, sendAtOnce);
