import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { can } from '#domain/access';
import { firstName } from '#domain/profile/profile';
import { REPORTER_STANDING_DAYS, REPORTS_PER_DAY, type Notice, type ReportInput } from '#domain/safety/safety';
import type { Db } from '#server/db/client';
import { introductions, messages, notices, profiles, reports, users } from '#server/db/schema';
import { badRequest, fieldError, notFound, tooManyRequests } from '#server/errors';
import { loadRelationship } from '#server/policy/relationship';
import { notifyBlockChanged, notifyPersonChanged, type ChangesApplied } from '#server/events/changes';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a report counts toward the hold for review: the reporter's email is verified, and their account
 * is older than REPORTER_STANDING_DAYS or they know the reported person: she wrote to them (a message of hers, not a
 * service line), or a coordinator introduced them. A message the reporter sent counts for nothing: three new mailboxes
 * that each wrote her one line would otherwise hide anyone. Their reports still reach the admin's queue.
 */
async function hasStanding(tx: Db, reporterId: string, reportedId: string, now: Date): Promise<boolean> {
  const [row] = await tx.select({ createdAt: users.createdAt, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, reporterId)).limit(1);
  if (!row?.emailVerifiedAt) return false;
  if (now.getTime() - row.createdAt.getTime() >= REPORTER_STANDING_DAYS * DAY_MS) return true;
  const [wroteToReporter] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.senderId, reportedId), eq(messages.receiverId, reporterId), isNull(messages.system)))
    .limit(1);
  if (wroteToReporter) return true;
  const [introduced] = await tx
    .select({ id: introductions.id })
    .from(introductions)
    .where(
      or(
        and(eq(introductions.memberA, reporterId), eq(introductions.memberB, reportedId)),
        and(eq(introductions.memberA, reportedId), eq(introductions.memberB, reporterId)),
      ),
    )
    .limit(1);
  return introduced !== undefined;
}

/**
 * A member's side of moderation: filing a report, and the notices an admin's decision left them.
 * Reporting blocks nothing by itself; the screen offers a block next to it.
 */
export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly changesApplied: ChangesApplied,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async report(reporterId: string, input: ReportInput): Promise<{ id: string }> {
    if (input.userId === reporterId) throw badRequest('report-self', [fieldError('userId', 'recipientInvalid')]);
    const { relationship } = await loadRelationship(this.db, reporterId, { userId: input.userId });
    if (!can.report(relationship)) throw notFound('user-not-found');
    const id = await this.db.transaction(async (tx) => {
      // One reporter's reports are counted and written one at a time, so parallel requests cannot pass the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sanga-report:${reporterId}`}))`);
      const now = this.now();
      const since = new Date(now.getTime() - DAY_MS);
      const recent = await tx
        .select({ createdAt: reports.createdAt })
        .from(reports)
        .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since)))
        .orderBy(asc(reports.createdAt));
      if (recent.length >= REPORTS_PER_DAY) {
        throw tooManyRequests((recent[0]!.createdAt.getTime() + DAY_MS - now.getTime()) / 1000, 'report-limit');
      }
      if (input.messageId) {
        const [between] = await tx
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(
              eq(messages.id, input.messageId),
              or(
                and(eq(messages.senderId, reporterId), eq(messages.receiverId, input.userId)),
                and(eq(messages.senderId, input.userId), eq(messages.receiverId, reporterId)),
              ),
            ),
          )
          .limit(1);
        if (!between) throw badRequest('invalid-request', [fieldError('messageId', 'reportMessageInvalid')]);
      }
      const [row] = await tx
        .insert(reports)
        .values({
          reporterId,
          reportedId: input.userId,
          reason: input.reason,
          details: input.details?.trim() || null,
          messageId: input.messageId ?? null,
          reporterStanding: await hasStanding(tx, reporterId, input.userId, now),
          createdAt: now,
        })
        .returning({ id: reports.id });
      // A third reporter with standing hides the person from matches: every process's index re-reads them.
      await notifyPersonChanged(tx, input.userId);
      // The reporter and the reported are never matched or suggested to each other again (a one-sided block).
      await notifyBlockChanged(tx, reporterId, input.userId);
      return row!.id;
    });
    await this.changesApplied();
    return { id };
  }

  /** The caller's notices not yet acknowledged, oldest first. */
  async notices(userId: string): Promise<Notice[]> {
    const nameOf = (member: typeof introductions.memberA | typeof introductions.memberB) => sql<string | null>`(select ${profiles.name} from ${profiles} where ${profiles.userId} = ${member})`;
    const rows = await this.db
      .select({
        id: notices.id,
        kind: notices.kind,
        createdAt: notices.createdAt,
        introductionId: introductions.id,
        memberA: nameOf(introductions.memberA),
        memberB: nameOf(introductions.memberB),
      })
      .from(notices)
      .leftJoin(introductions, eq(introductions.id, notices.introductionId))
      .where(and(eq(notices.userId, userId), isNull(notices.acknowledgedAt)))
      .orderBy(asc(notices.createdAt));
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      createdAt: row.createdAt.toISOString(),
      // Only the coordinator's notice names the pair: a member's own notice names nobody (their card says who).
      introduction: row.kind === 'coordinated-introduction-ended' && row.introductionId ? { memberA: row.memberA === null ? null : firstName(row.memberA), memberB: row.memberB === null ? null : firstName(row.memberB) }
          : null,
    }));
  }

  /** Marks one of the caller's own notices read; someone else's is unknown (404). Acknowledging twice is fine. */
  async acknowledge(userId: string, noticeId: string): Promise<void> {
    const [row] = await this.db
      .update(notices)
      .set({ acknowledgedAt: sql`coalesce(${notices.acknowledgedAt}, now())` })
      .where(and(eq(notices.id, noticeId), eq(notices.userId, userId)))
      .returning({ id: notices.id });
    if (!row) throw notFound('notice-not-found');
  }
}
