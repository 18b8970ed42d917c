import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { nextDigestAt, staffMailKinds, type StaffMailKind } from '#domain/staff/staff-notifications';
import type { Db } from '#server/db/client';
import { introductionRequests, introductionReviews, introductions } from '#server/db/schema';
import { defineJob, enqueue, enqueueMail } from '#server/jobs/outbox';
import { composeMail } from '#server/mail/templates';
import { at, followUpDueSql, introductionIdOuter, pairBlockedSql } from '#server/policy/introduction-sql';
import { defineMailNotification, unsubscribeUrl, type NotificationContext } from './mail-notification';
import { staffMailLink } from './staff-mail';
import { staffFor, type StaffRecipient } from './staff-recipients';

/**
 * The staff's daily digest: one outbox job a day with a run time (STAFF_DIGEST_HOUR_UTC). When it runs
 * it writes, in one transaction, one mail to each staff member who chose the digest for some kind and has something
 * to hear about, and the job of the next day. The unique index on the day's key keeps it one job a day, however
 * many processes schedule it at start.
 */
export const staffDigestJob = defineJob('staff-digest', z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }));

/** How far back "ended" looks: since the previous digest. */
const DIGEST_PERIOD_MS = 24 * 60 * 60 * 1000;

/** Writes the digest job for the next digest time after `now` (nothing when it exists). */
export async function scheduleStaffDigest(db: Db, now: Date): Promise<void> {
  const runAt = nextDigestAt(now);
  const day = runAt.toISOString().slice(0, 10);
  await enqueue(db, staffDigestJob, { day }, { runAt, dedupeKey: `${staffDigestJob.kind}:${day}`, ifAbsent: true });
}

export interface DigestLine {
  kind: StaffMailKind;
  count: number;
}

const count = async (db: Db, where: SQL | undefined, table: typeof introductions | typeof introductionRequests = introductions) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(table).where(where);
  return row?.n ?? 0;
};

/** How many of one kind are waiting for this staff member now (what the overview's count for it shows). */
export async function digestCount(db: Db, kind: StaffMailKind, staffId: string, now: Date): Promise<number> {
  const me = sql`${staffId}::uuid`;
  switch (kind) {
    case 'introduction-requested':
      return count(db, isNull(introductionRequests.handledAt), introductionRequests);
    case 'introduction-ended':
      return count(db, and(eq(introductions.status, 'ended'), sql`${introductions.updatedAt} > ${at(new Date(now.getTime() - DIGEST_PERIOD_MS))}`));
    case 'follow-up-due':
      return count(db, and(followUpDueSql(now), sql`not ${pairBlockedSql}`));
    case 'review-awaiting':
      // As the elder's list (introductions.service.ts forElder): not their own, not reviewed by them, no block.
      return count(
        db,
        and(
          eq(introductions.status, 'awaiting-elders'),
          sql`${introductions.memberA} <> ${me} and ${introductions.memberB} <> ${me} and ${introductions.coordinatorId} is distinct from ${me}`,
          sql`not exists (select 1 from ${introductionReviews} where ${introductionReviews.introductionId} = ${introductionIdOuter} and ${introductionReviews.elderId} = ${me})`,
          sql`not ${pairBlockedSql}`,
        ),
      );
  }
}

/** Each staff member's digest lines: the kinds they chose the digest for, with something in them. */
export async function digestsAt(db: Db, now: Date): Promise<Map<string, { recipient: StaffRecipient; lines: DigestLine[] }>> {
  const digests = new Map<string, { recipient: StaffRecipient; lines: DigestLine[] }>();
  for (const kind of staffMailKinds) {
    for (const recipient of await staffFor(db, kind)) {
      if (recipient.mode !== 'digest') continue;
      const n = await digestCount(db, kind, recipient.userId, now);
      if (n === 0) continue;
      const entry = digests.get(recipient.userId) ?? { recipient, lines: [] };
      entry.lines.push({ kind, count: n });
      digests.set(recipient.userId, entry);
    }
  }
  return digests;
}

async function sendDigests(context: NotificationContext): Promise<void> {
  const now = context.now();
  const digests = await digestsAt(context.db, now);
  const publicUrl = context.publicUrl();
  await context.db.transaction(async (tx) => {
    for (const { recipient, lines } of digests.values()) {
      const items = lines.map((line) => ({ ...line, link: staffMailLink(publicUrl, line.kind) }));
      await enqueueMail(
        tx,
        composeMail(recipient.email, recipient.language, 'staffDigest', { items }, { unsubscribeUrl: unsubscribeUrl(context, recipient.userId, 'staff-digest'), greet: recipient.firstName }),
      );
    }
    await scheduleStaffDigest(tx, now);
  });
}

export const staffDigest = defineMailNotification(staffDigestJob, (context) => sendDigests(context));
