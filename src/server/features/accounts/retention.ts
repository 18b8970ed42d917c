import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { closedStatuses } from '#domain/introductions/introductions';
import type { Db } from '#server/db/client';
import {
  adminAudit,
  emailTokens,
  introductionRequests,
  introductions,
  messageHolds,
  notices,
  partnerApplications,
  passwordResetTokens,
  reports,
  sessions,
  signupHolds,
  users,
} from '#server/db/schema';
import { enqueueMail } from '#server/jobs/outbox';
import { composeMail } from '#server/mail/templates';

/**
 * How long each kind of data is kept, enforced by the hourly purge (main.ts → app.applyRetention).
 * docs/privacy.md has the same table for people; change both together.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const RETENTION = {
  /** An account nobody signed in to for this long gets a notice mail… */
  inactiveAccountMs: 3 * 365 * DAY_MS,
  /** …and is deleted this long after it, through the normal deletion steps, unless its owner signs in. */
  inactiveNoticeMs: 30 * DAY_MS,
  /** Reports after an admin resolved them. */
  resolvedReportMs: 365 * DAY_MS,
  /** Introductions after they closed (declined, expired, cancelled, ended), with their reviews and follow-ups. */
  closedIntroductionMs: 2 * 365 * DAY_MS,
  /** "Introduce us" requests after a coordinator handled them. */
  handledRequestMs: 365 * DAY_MS,
  /** Notices after the member acknowledged them. */
  acknowledgedNoticeMs: 365 * DAY_MS,
  /** Admin audit rows. */
  auditMs: 2 * 365 * DAY_MS,
  /**
   * A message held back before an introduction (who, to whom, which kind; never its words): long enough for staff to
   * see a pattern (three different people put the sender in the queue), not for ever.
   */
  messageHoldMs: 180 * DAY_MS,
} as const;
/** Accounts noticed, and deleted, per hourly pass: a first pass on an old installation spreads over hours. */
const NOTICES_PER_PASS = 200;
const DELETIONS_PER_PASS = 20;

export interface RetentionDeps {
  db: Db;
  /** Deletes an account with every deletion step (AccountService.deleteAccountNow). */
  deleteAccount(userId: string): Promise<unknown>;
  publicUrl(): string;
}

export type RetentionCounts = Record<
  | 'noticed'
  | 'deletedAccounts'
  | 'tokens'
  | 'sessions'
  | 'reports'
  | 'introductions'
  | 'requests'
  | 'notices'
  | 'audit'
  | 'partnerApplications'
  | 'signupHolds'
  | 'messageHolds',
  number
>;

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** One pass of every rule, at `now` (the app's clock: tests inject it). */
export async function applyRetention(deps: RetentionDeps, now: Date): Promise<RetentionCounts> {
  const { db } = deps;
  await recordActivity(db);
  const count = async (query: Promise<unknown[]>) => (await query).length;
  const counts: RetentionCounts = {
    // Used or expired links and sessions are of no use to anyone: they go at once.
    tokens:
      (await count(db.delete(emailTokens).where(or(isNotNull(emailTokens.usedAt), lt(emailTokens.expiresAt, now))).returning({ id: emailTokens.id }))) +
      (await count(
        db.delete(passwordResetTokens).where(or(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.expiresAt, now))).returning({ id: passwordResetTokens.id }),
      )),
    sessions: await count(db.delete(sessions).where(lt(sessions.expire, now)).returning({ sid: sessions.sid })),
    reports: await count(
      db.delete(reports).where(and(ne(reports.status, 'open'), lt(reports.resolvedAt, ago(now, RETENTION.resolvedReportMs)))).returning({ id: reports.id }),
    ),
    introductions: await count(
      db
        .delete(introductions)
        .where(and(inArray(introductions.status, [...closedStatuses]), lt(introductions.updatedAt, ago(now, RETENTION.closedIntroductionMs))))
        .returning({ id: introductions.id }),
    ),
    requests: await count(
      db.delete(introductionRequests).where(lt(introductionRequests.handledAt, ago(now, RETENTION.handledRequestMs))).returning({ id: introductionRequests.id }),
    ),
    notices: await count(db.delete(notices).where(lt(notices.acknowledgedAt, ago(now, RETENTION.acknowledgedNoticeMs))).returning({ id: notices.id })),
    audit: await count(db.delete(adminAudit).where(lt(adminAudit.createdAt, ago(now, RETENTION.auditMs))).returning({ id: adminAudit.id })),
    messageHolds: await count(db.delete(messageHolds).where(lt(messageHolds.createdAt, ago(now, RETENTION.messageHoldMs))).returning({ id: messageHolds.id })),
    // A sign-up hold (SIGNUP_HOLD_DAYS, 90) holds nothing once its time is over, and the privacy notice says it goes.
    signupHolds: await count(db.delete(signupHolds).where(lte(signupHolds.until, now)).returning({ emailHash: signupHolds.emailHash })),
    partnerApplications: await settlePartnerApplications(db),
    noticed: await noticeInactive(deps, now),
    deletedAccounts: await deleteInactive(deps, now),
  };
  return counts;
}

/**
 * A member's last use is her sessions' last_seen_at (moved at most hourly while she uses the site), copied onto the
 * account before expired sessions go; coming back after a notice cancels it.
 */
async function recordActivity(db: Db): Promise<void> {
  await db.execute(sql`
    update ${users} u set last_active_at = s.seen,
      inactivity_notice_at = case when u.inactivity_notice_at < s.seen then null else u.inactivity_notice_at end
    from (select (${sessions.sess}->>'userId')::uuid as uid, max(${sessions.lastSeenAt}) as seen from ${sessions}
          where ${sessions.sess}->>'userId' is not null group by 1) s
    where u.id = s.uid and u.last_active_at < s.seen`);
}

/** Legacy partner applications: linked to the account with their email, the rest deleted (no account, no consent). */
async function settlePartnerApplications(db: Db): Promise<number> {
  await db.execute(sql`
    update ${partnerApplications} p set user_id = u.id from ${users} u
    where p.user_id is null and lower(p.email) = lower(u.email)`);
  const deleted = await db.delete(partnerApplications).where(isNull(partnerApplications.userId)).returning({ id: partnerApplications.id });
  return deleted.length;
}

async function noticeInactive(deps: RetentionDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(isNull(users.inactivityNoticeAt), lt(users.lastActiveAt, ago(now, RETENTION.inactiveAccountMs))))
    .orderBy(asc(users.lastActiveAt))
    .limit(NOTICES_PER_PASS);
  const deleteOn = new Date(now.getTime() + RETENTION.inactiveNoticeMs).toISOString().slice(0, 10);
  for (const user of due) {
    await deps.db.transaction(async (tx) => {
      // Only if still unnoticed: another process's pass may have taken it meanwhile.
      const [claimed] = await tx
        .update(users)
        .set({ inactivityNoticeAt: now })
        .where(and(eq(users.id, user.id), isNull(users.inactivityNoticeAt)))
        .returning({ id: users.id });
      if (claimed) await enqueueMail(tx, composeMail(user.email, user.language, 'inactiveAccount', { link: `${deps.publicUrl()}/login`, deleteOn }));
    });
  }
  return due.length;
}

async function deleteInactive(deps: RetentionDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(lt(users.inactivityNoticeAt, ago(now, RETENTION.inactiveNoticeMs)), sql`${users.lastActiveAt} < ${users.inactivityNoticeAt}`))
    .limit(DELETIONS_PER_PASS);
  for (const user of due) await deps.deleteAccount(user.id);
  return due.length;
}
