import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { can } from '../../../domain/access';
import { REPORTS_PER_DAY, type Notice, type ReportInput } from '../../../domain/safety';
import type { Db } from '../../db/client';
import { messages, notices, reports } from '../../db/schema';
import { badRequest, fieldError, notFound, tooManyRequests } from '../../errors';
import { loadRelationship } from '../access/relationship';
import { notifyPersonChanged } from '../matches/match-index';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A member's side of moderation (issue 15): filing a report, and the notices an admin's decision left them.
 * Reporting blocks nothing by itself; the screen offers a block next to it.
 */
export class ReportsService {
  constructor(
    private readonly db: Db,
    /** Brings this process's match index up to date (a third reporter hides the person); others follow the NOTIFY. */
    private readonly onPersonChanged: (userId: string) => Promise<void>,
  ) {}

  async report(reporterId: string, input: ReportInput): Promise<{ id: string }> {
    if (input.userId === reporterId) throw badRequest('You cannot report yourself', [fieldError('userId', 'recipientInvalid')]);
    const { relationship } = await loadRelationship(this.db, reporterId, { userId: input.userId });
    if (!can.report(relationship)) throw notFound('User not found');
    const id = await this.db.transaction(async (tx) => {
      // One reporter's reports are counted and written one at a time, so parallel requests cannot pass the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sanga-report:${reporterId}`}))`);
      const since = new Date(Date.now() - DAY_MS);
      const recent = await tx
        .select({ createdAt: reports.createdAt })
        .from(reports)
        .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since)))
        .orderBy(asc(reports.createdAt));
      if (recent.length >= REPORTS_PER_DAY) {
        throw tooManyRequests((recent[0]!.createdAt.getTime() + DAY_MS - Date.now()) / 1000, 'You have sent many reports today; please try again tomorrow');
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
        if (!between) throw badRequest('Invalid request', [fieldError('messageId', 'reportMessageInvalid')]);
      }
      const [row] = await tx
        .insert(reports)
        .values({ reporterId, reportedId: input.userId, reason: input.reason, details: input.details?.trim() || null, messageId: input.messageId ?? null })
        .returning({ id: reports.id });
      // A third distinct reporter hides the person from matches: every process's index re-reads them.
      await notifyPersonChanged(tx as unknown as Db, input.userId);
      return row!.id;
    });
    await this.onPersonChanged(input.userId);
    return { id };
  }

  /** The caller's notices not yet acknowledged, oldest first. */
  async notices(userId: string): Promise<Notice[]> {
    const rows = await this.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.acknowledgedAt)))
      .orderBy(asc(notices.createdAt));
    return rows.map((row) => ({ id: row.id, kind: row.kind, createdAt: row.createdAt.toISOString() }));
  }

  /** Marks one of the caller's own notices read; someone else's is unknown (404). Acknowledging twice is fine. */
  async acknowledge(userId: string, noticeId: string): Promise<void> {
    const [row] = await this.db
      .update(notices)
      .set({ acknowledgedAt: sql`coalesce(${notices.acknowledgedAt}, now())` })
      .where(and(eq(notices.id, noticeId), eq(notices.userId, userId)))
      .returning({ id: notices.id });
    if (!row) throw notFound('Notice not found');
  }
}
