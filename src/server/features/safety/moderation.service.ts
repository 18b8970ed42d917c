import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { adminProfileStatus } from '#domain/staff/admin';
import { type AdminReport, type AdminReportDetail, type ModerationResult, type ReportAction, type ReportStatus } from '#domain/safety/safety';
import type { Db } from '#server/db/client';
import { readPage, textSearch } from '#server/db/paged-list';
import { messageHolds, messages, notices, profiles, reports, users } from '#server/db/schema';
import { conflict, notFound } from '#server/errors';
import type { SessionStore } from '../auth';
import { heldForReview } from '#server/policy/sql-facts';
import { memberBiodataOf } from '../introductions';
import { notifyPersonChanged, type ChangesApplied } from '#server/events/changes';
import type { PhotosService } from '../photos';
import { reportContext, toReportMessage } from './report-context';
import { enqueueMail } from '#server/jobs/outbox';
import { mailTarget } from '#server/mail/recipient';
import { composeMail } from '#server/mail/templates';

/** Earlier reports against the same member shown with one report (the newest first). */
const EARLIER_REPORTS = 50;

const reporter = alias(users, 'reporter');
const reporterProfile = alias(profiles, 'reporter_profile');
const reported = alias(users, 'reported');
const reportedProfile = alias(profiles, 'reported_profile');

/** Reports with both people's names and state, and the reported message: the admin's queue and one report. */
function selectReports(db: Db) {
  const openReports = sql<number>`(select count(distinct r2.reporter_id) from ${reports} r2 where r2.reported_id = ${reports.reportedId} and r2.status = 'open')`.mapWith(Number);
  return db
    .select({
      report: reports,
      reporterEmail: reporter.email,
      reporterCreatedAt: reporter.createdAt,
      reporterVerified: sql<boolean>`${reporter.emailVerifiedAt} is not null`.mapWith(Boolean),
      reporterName: reporterProfile.name,
      reportedEmail: reported.email,
      reportedName: reportedProfile.name,
      reportedSuspended: sql<boolean>`${reported.suspendedAt} is not null`.mapWith(Boolean),
      reportedProfileComplete: reportedProfile.profileComplete,
      reportedProfileActive: reportedProfile.profileActive,
      openReports,
      heldForReview: heldForReview(sql`${reported.id}`),
      // Messages of the reported member held back before an introduction (message_holds), and to how many people.
      heldAttempts: sql<number>`(select count(*) from ${messageHolds} h where h.sender_id = ${reports.reportedId})`.mapWith(Number),
      heldReceivers: sql<number>`(select count(distinct h.receiver_id) from ${messageHolds} h where h.sender_id = ${reports.reportedId})`.mapWith(Number),
      message: messages,
    })
    .from(reports)
    // Sanga's own report has no reporter (held messages, messages.service.ts recordHold).
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(reporterProfile, eq(reporterProfile.userId, reports.reporterId))
    .leftJoin(reported, eq(reported.id, reports.reportedId))
    .leftJoin(reportedProfile, eq(reportedProfile.userId, reports.reportedId))
    .leftJoin(messages, eq(messages.id, reports.messageId))
    .$dynamic();
}
type ReportRow = Awaited<ReturnType<typeof selectReports>>[number];

/**
 * The admin's side of moderation: the reports queue, its decisions, and suspension. Routes check the
 * admin session and write the audit; every change here is one transaction, announced to every process's match
 * index at commit (and to this one's before the answer).
 */
export class ModerationService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly photos: PhotosService,
    private readonly changesApplied: ChangesApplied,
    /** Where a suspended member may appeal (CONTACT_EMAIL), named in the mail that tells them. */
    private readonly contactEmail: string,
    /** The site's address, for the sign-in link in the mail that tells a member their suspension is lifted. */
    private readonly publicUrl: () => string = () => '',
  ) {}

  /** Reports, open ones first, newest first within each; with the total for X-Total-Count. */
  async list(query: { q?: string | undefined; status?: ReportStatus | undefined; limit: number; offset: number }): Promise<{ items: AdminReport[]; total: number }> {
    // The accounts whose email or profile name contains the search, each found by its own trigram index.
    const accountsMatching = (pattern: string) =>
      sql`select ${users.id} from ${users} where ${users.email} ilike ${pattern} union select ${profiles.userId} from ${profiles} where ${profiles.name} ilike ${pattern}`;
    const where = and(
      query.status ? eq(reports.status, query.status) : undefined,
      textSearch(query.q, [
        (pattern) => sql`${reports.reporterId} in (${accountsMatching(pattern)})`,
        (pattern) => sql`${reports.reportedId} in (${accountsMatching(pattern)})`,
      ]),
    );
    const { rows, total } = await readPage(this.db, query, {
      rows: (tx, page) =>
        selectReports(tx)
          .where(where)
          .orderBy(sql`case when ${reports.status} = 'open' then 0 else 1 end`, desc(reports.createdAt), desc(reports.id))
          .limit(page.limit ?? query.limit)
          .offset(page.offset),
      total: async (tx) => (await tx.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(reports).where(where))[0]?.total ?? 0,
    });
    const items: AdminReport[] = [];
    for (const row of rows) items.push(await this.toAdminReport(row));
    return { items, total };
  }

  /**
   * One report with what the admin needs to decide it: the reported member's biodata and photos, account
   * age and email verification, the reported message in its conversation, and the earlier reports against the
   * same member with their outcome. The route audits every call.
   */
  async detail(reportId: string): Promise<AdminReportDetail> {
    const [row] = await selectReports(this.db).where(eq(reports.id, reportId)).limit(1);
    if (!row) throw notFound('report-not-found');
    const item = await this.toAdminReport(row);
    const { reportedId, reportedHash } = row.report;
    const [account] = reportedId
      ? await this.db.select({ createdAt: users.createdAt, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, reportedId)).limit(1)
      : [];
    const [profile] = reportedId ? await this.db.select().from(profiles).where(eq(profiles.userId, reportedId)).limit(1) : [];
    // A deleted member's earlier reports are found by the same hash.
    const sameMember = reportedId ? eq(reports.reportedId, reportedId) : eq(reports.reportedHash, reportedHash ?? '');
    const earlier = await this.db
      .select()
      .from(reports)
      .where(and(sameMember, lt(reports.createdAt, row.report.createdAt)))
      .orderBy(desc(reports.createdAt))
      .limit(EARLIER_REPORTS);
    return {
      ...item,
      reported: {
        ...item.reported,
        accountCreatedAt: account ? account.createdAt.toISOString() : null,
        emailVerified: account?.emailVerifiedAt != null,
        profile: profile ? memberBiodataOf(profile) : null,
        photos: profile?.photos ?? [],
      },
      earlierReports: earlier.map((report) => ({
        id: report.id,
        reason: report.reason,
        createdAt: report.createdAt.toISOString(),
        status: report.status,
        resolution: report.resolution,
        resolutionNote: report.resolutionNote,
      })),
    };
  }

  private async toAdminReport(row: ReportRow): Promise<AdminReport> {
    const { report } = row;
    const item: AdminReport = {
      id: report.id,
      reason: report.reason,
      details: report.details,
      createdAt: report.createdAt.toISOString(),
      status: report.status,
      resolution: report.resolution,
      reporter:
        report.reporterId === null || row.reporterEmail === null || row.reporterCreatedAt === null
          ? null
          : {
              userId: report.reporterId,
              email: row.reporterEmail,
              name: row.reporterName,
              accountCreatedAt: row.reporterCreatedAt.toISOString(),
              emailVerified: row.reporterVerified,
              standing: report.reporterStanding,
            },
      reported: {
        // A deleted member is named by the hash of their id, as in the audit log.
        userId: report.reportedId ?? report.reportedHash ?? '',
        email: row.reportedEmail ?? '',
        // null without a first name, or once deleted: the web names them in the reader's language.
        name: row.reportedName,
        deleted: report.reportedId === null,
        profileStatus:
          row.reportedProfileComplete === null || row.reportedProfileActive === null
            ? 'none'
            : adminProfileStatus({ profileComplete: row.reportedProfileComplete, profileActive: row.reportedProfileActive }),
        openReports: row.openReports,
        hiddenPendingReview: row.heldForReview,
        suspended: row.reportedSuspended,
        heldAttempts: row.heldAttempts,
        heldReceivers: row.heldReceivers,
      },
    };
    if (report.evidence) {
      // The reported member deleted their account: the report kept the messages as evidence, their id hashed as in
      // the audit log (the other person's copy lives on under an id that names nobody, deletion-steps.ts).
      const { messageId, messages: kept } = report.evidence;
      item.message = kept.find((message) => message.id === messageId);
      item.context = kept;
    } else if (row.message) {
      item.message = toReportMessage(row.message);
      item.context = await reportContext(this.db, row.message);
    }
    return item;
  }

  /** Decides a report; a report already resolved is a 409 (two admins deciding at once: the first wins). */
  async resolve(reportId: string, action: ReportAction, note: string | undefined): Promise<ModerationResult> {
    let deleteFiles: (() => Promise<void>) | undefined;
    const result = await this.db.transaction(async (tx) => {
      const [found] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update').limit(1);
      if (!found) throw notFound('report-not-found');
      if (found.status === 'resolved') throw conflict('report-resolved');
      // A deleted member's reports were closed with the account (deletion-steps.ts); this guards the type.
      if (found.reportedId === null) throw conflict('reported-account-deleted');
      const report = { ...found, reportedId: found.reportedId };
      await tx
        .update(reports)
        .set({ status: 'resolved', resolvedAt: new Date(), resolution: action, resolutionNote: note?.trim() || null })
        .where(eq(reports.id, reportId));
      let photosRemoved = 0;
      // The reporter learns that the report was looked at, never what was decided (the other member's business);
      // Sanga's own report has nobody to tell.
      if (report.reporterId) await tx.insert(notices).values({ userId: report.reporterId, kind: 'report-handled' });
      if (action === 'warn') await tx.insert(notices).values({ userId: report.reportedId, kind: 'warning' });
      if (action === 'suspend') await this.suspendIn(tx, report.reportedId, note?.trim() || `Report: ${report.reason}`);
      if (action === 'remove-photos') {
        const removed = await this.photos.removeProfilePhotos(tx, report.reportedId);
        photosRemoved = removed.count;
        deleteFiles = removed.deleteFiles;
        await tx.insert(notices).values({ userId: report.reportedId, kind: 'photos-removed' });
      }
      // One report fewer may end a hold for review.
      await notifyPersonChanged(tx, report.reportedId);
      const [person] = await tx.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, report.reportedId)).limit(1);
      return { userId: report.reportedId, suspended: person?.suspendedAt != null, photosRemoved };
    });
    // Files go once the rows are gone for good: a rolled-back decision must not have deleted anything.
    await deleteFiles?.();
    await this.changesApplied();
    return result;
  }

  async suspend(userId: string, reason: string): Promise<ModerationResult> {
    await this.db.transaction(async (tx) => this.suspendIn(tx, userId, reason.trim()));
    await this.changesApplied();
    return { userId, suspended: true, photosRemoved: 0 };
  }

  async unsuspend(userId: string): Promise<ModerationResult> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)).for('update');
      const [row] = await tx.update(users).set({ suspendedAt: null, suspendedReason: null, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
      if (!row) throw notFound('user-not-found');
      // The member is told they can sign in again, in their language; lifting a suspension that was not there sends nothing.
      if (before?.suspendedAt) {
        const target = await mailTarget(tx, userId);
        if (target) await enqueueMail(tx, composeMail(target.email, target.language, 'accountUnsuspended', { link: `${this.publicUrl()}/login` }, { greet: target.greetingName }));
      }
      await notifyPersonChanged(tx, userId);
    });
    await this.changesApplied();
    return { userId, suspended: false, photosRemoved: 0 };
  }

  /**
   * Suspends inside the caller's transaction: the mark, every session ended (their event streams close on every
   * process at commit, event-hub.ts), and the match index told. Suspending again keeps the first time.
   */
  private async suspendIn(tx: Db, userId: string, reason: string): Promise<void> {
    const [before] = await tx.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)).for('update').limit(1);
    const [row] = await tx
      .update(users)
      .set({ suspendedAt: sql`coalesce(${users.suspendedAt}, now())`, suspendedReason: reason, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) throw notFound('user-not-found');
    // The member is told, in their language and through the outbox (so it goes only if this commits),
    // that the account is suspended and how to appeal; a second suspension of a suspended account sends nothing.
    if (!before?.suspendedAt) {
      const target = await mailTarget(tx, userId);
      if (target) await enqueueMail(tx, composeMail(target.email, target.language, 'accountSuspended', { contactEmail: this.contactEmail }, { greet: target.greetingName }));
    }
    await this.sessions.destroyAllForUser(tx, userId);
    await notifyPersonChanged(tx, userId);
  }
}
