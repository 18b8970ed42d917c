import { z } from 'zod';
import { coordinatorMemberDetail } from '#domain/introductions/introductions';
import { LIST_SEARCH_MAX } from '#domain/staff/list-query';
import { tooLongCode } from '#domain/text-length';

/**
 * Blocking, reporting and moderation: the request and answer shapes of /api/blocks, /api/reports,
 * /api/notices and the admin's moderation routes, shared by the server and the web app.
 */

export const reportReasons = ['fake-profile', 'scam-or-money', 'harassment', 'inappropriate-photo', 'underage', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportStatuses = ['open', 'resolved'] as const;
export type ReportStatus = (typeof reportStatuses)[number];
export const reportActions = ['dismiss', 'warn', 'suspend', 'remove-photos'] as const;
export type ReportAction = (typeof reportActions)[number];
/** What a member is told after an admin's decision: a warning, or that their photos were removed. */
/**
 * `introduction-ended`: the other person of an open introduction deleted their account.
 * `introduction-closed`: an introduction the member was part of ended otherwise (neutral, names nobody).
 * `coordinated-introduction-ended`: an introduction the coordinator proposed has ended.
 * `verify-again`: the admin asked the member to verify again (a selfie, or meeting a coordinator; issue 50).
 */
export const noticeKinds = ['warning', 'photos-removed', 'report-handled', 'introduction-ended', 'introduction-closed', 'coordinated-introduction-ended', 'verify-again'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

export const REPORT_DETAILS_MAX = 2000;
/** Reports one member may file in 24 hours (429 after). */
export const REPORTS_PER_DAY = 20;
/** Distinct reporters with open reports that hide a profile from matches until an admin resolves them. */
export const HOLD_FOR_REVIEW_REPORTERS = 3;
/**
 * Days an account must exist before its reports count toward the hold for review, unless the reporter has a
 * conversation or an introduction with the reported person; a verified email is needed either way.
 */
export const REPORTER_STANDING_DAYS = 7;
/**
 * Different people a member's messages were held back on their way to (contact details or money before an introduction,
 * message_holds) that put the member in the reports queue: one automatic `scam-or-money` report, with no reporter.
 */
export const AUTOMATIC_REPORT_RECEIVERS = 3;
/** Messages shown around a reported message for the admin. */
export const REPORT_CONTEXT_MESSAGES = 10;
/** The note a report against a deleted member is closed with. */
export const ACCOUNT_DELETED_NOTE = 'account deleted';
/** Days an email with open reports at its account's deletion may not sign up again. */
export const SIGNUP_HOLD_DAYS = 90;

export const blockInput = z.object({ userId: z.uuid({ error: 'recipientInvalid' }) });

/** `name` is null without a first name on a profile: the web says "Sanga member" in the reader's language. */
export const blockedPerson = z.object({ userId: z.string(), name: z.string().nullable(), createdAt: z.string() });
export type BlockedPerson = z.infer<typeof blockedPerson>;

export const reportInput = z.object({
  userId: z.uuid({ error: 'recipientInvalid' }),
  reason: z.enum(reportReasons, { error: 'reportReasonInvalid' }),
  details: z.string().max(REPORT_DETAILS_MAX, { error: tooLongCode(2000) }).optional(),
  messageId: z.uuid().optional(),
});
export type ReportInput = z.infer<typeof reportInput>;

export const reportCreated = z.object({ id: z.string() });

export const adminReportsQuery = z.object({
  /** A substring of the reporter's or the reported member's name or email. */
  q: z.string().trim().max(LIST_SEARCH_MAX).optional(),
  status: z.enum(reportStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

const reportMessage = z.object({ id: z.string(), senderId: z.string(), content: z.string(), createdAt: z.string() });

export const adminReport = z.object({
  id: z.string(),
  reason: z.enum(reportReasons),
  details: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(reportStatuses),
  resolution: z.enum(reportActions).nullable(),
  /**
   * Null for Sanga's own report: the reported member's messages were held back on their way to
   * AUTOMATIC_REPORT_RECEIVERS different people (reported.heldAttempts says how many attempts in all).
   */
  reporter: z
    .object({
      userId: z.string(),
      email: z.string(),
      /** null without a first name on a profile (the web names them). */
      name: z.string().nullable(),
      /** When the reporter's account was made, for its age. */
      accountCreatedAt: z.string(),
      emailVerified: z.boolean(),
      /** Whether this report counts toward the hold for review (REPORTER_STANDING_DAYS; judged when it was filed). */
      standing: z.boolean(),
    })
    .nullable(),
  reported: z.object({
    userId: z.string(),
    email: z.string(),
    /** null without a first name on a profile, or once the account is deleted (`deleted`). */
    name: z.string().nullable(),
    /** incomplete, active or inactive (admin.ts adminProfileStatus), or none without a profile. */
    profileStatus: z.enum(['none', 'incomplete', 'active', 'inactive']),
    /** Distinct reporters with open reports against this person. */
    openReports: z.number().int(),
    /** Hidden from matches until an admin resolves the open reports ("hidden pending review"). */
    hiddenPendingReview: z.boolean(),
    suspended: z.boolean(),
    /** The member deleted their account: userId is then their id hashed as in the audit log. */
    deleted: z.boolean(),
    /**
     * Messages of this member held back before delivery (contact details or money before an introduction, kept
     * RETENTION.messageHoldMs), and to how many different people: counts only, never the words.
     */
    heldAttempts: z.number().int(),
    heldReceivers: z.number().int(),
  }),
  message: reportMessage.optional(),
  /** Up to REPORT_CONTEXT_MESSAGES messages of that conversation around the reported one, oldest first. */
  context: z.array(reportMessage).optional(),
});
export type AdminReport = z.infer<typeof adminReport>;

/**
 * GET /api/admin/reports/{id}: one report with the evidence to decide it. Admin only; every read is
 * audited ("view.report").
 */
export const adminReportDetail = adminReport.extend({
  reported: adminReport.shape.reported.extend({
    /** When the reported account was made (null once it is deleted). */
    accountCreatedAt: z.string().nullable(),
    emailVerified: z.boolean(),
    /** The reported member's biodata as staff read it; null without a profile. */
    profile: coordinatorMemberDetail.shape.profile.nullable(),
    /** The reported member's profile photos (paths the admin session may open). */
    photos: z.array(z.string()),
  }),
  /** Reports against the same member made before this one, newest first, with their outcome. */
  earlierReports: z.array(
    z.object({
      id: z.string(),
      reason: z.enum(reportReasons),
      createdAt: z.string(),
      status: z.enum(reportStatuses),
      resolution: z.enum(reportActions).nullable(),
      resolutionNote: z.string().nullable(),
    }),
  ),
});
export type AdminReportDetail = z.infer<typeof adminReportDetail>;

/**
 * A lone UTF-16 surrogate has no UTF-8 form: the embedded database refused such a reason with a 500 (found by the
 * hostile-input suite). Staff notes are kept as written otherwise, with U+FFFD in its place.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (value: string) => value.replace(LONE_SURROGATE, '\uFFFD');

export const resolveReportInput = z.object({
  action: z.enum(reportActions),
  note: z.string().max(REPORT_DETAILS_MAX, { error: tooLongCode(2000) }).transform(wellFormed).optional(),
});

export const suspendInput = z.object({
  reason: z
    .string({ error: 'noteRequired' })
    .max(REPORT_DETAILS_MAX, { error: tooLongCode(2000) })
    .refine((value) => value.trim().length > 0, { error: 'noteRequired' })
    .transform(wellFormed),
});

/** The answer to the admin's suspend, unsuspend and resolve: where the person stands now. */
export const moderationResult = z.object({ userId: z.string(), suspended: z.boolean(), photosRemoved: z.number().int() });
export type ModerationResult = z.infer<typeof moderationResult>;

/**
 * `introduction`: the first names of the two members of the introduction a coordinator's notice is about (stacked
 * endings read one line each); null for any other notice, or once that introduction is gone.
 */
export const notice = z.object({
  id: z.string(),
  kind: z.enum(noticeKinds),
  createdAt: z.string(),
  introduction: z.object({ memberA: z.string().nullable(), memberB: z.string().nullable() }).nullable(),
});
export type Notice = z.infer<typeof notice>;

