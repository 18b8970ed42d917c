/**
 * References and verification by a coordinator: the inputs and answers of the member's, the referee's and
 * the staff's routes. Pure: the server and the web import it.
 */
import { z } from 'zod';
import { emailField } from '#domain/accounts/auth';
import { languages } from '#domain/language/language';
import { NO_RUNGS, verificationLadder, type VerificationLadder } from '#domain/verification/ladder';

export const referenceRelationships = ['spiritual-teacher', 'temple-leader', 'mentor', 'family-friend', 'other'] as const;
export type ReferenceRelationship = (typeof referenceRelationships)[number];
/** What a reference request's row holds; `expired` is not stored, it is read from the request's age. */
export const storedReferenceStatuses = ['requested', 'received', 'declined', 'withdrawn'] as const;
export const referenceStatuses = [...storedReferenceStatuses, 'expired'] as const;
export type ReferenceStatus = (typeof referenceStatuses)[number];
export { verificationMethods, type VerificationMethod } from '#domain/accounts/verification-methods';
import { verificationMethods, type VerificationMethod } from '#domain/accounts/verification-methods';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A referee's link is valid this long, and spent by the first answer or decline. */
export const REFERENCE_TTL_MS = 30 * DAY_MS;
/** References requested or received at a time, per member. */
export const MAX_OPEN_REFERENCES = 3;
/** Requests a member may send in any 24 hours (withdrawn ones count: each sent a mail). */
export const REFERENCE_REQUESTS_PER_DAY = 5;
export const REFERENCE_REQUEST_WINDOW_MS = DAY_MS;

const name = z.string({ error: 'refereeNameRequired' }).trim().min(1, { error: 'refereeNameRequired' }).max(80, { error: 'tooLong80' });

/** POST /api/references. */
export const referenceRequestInput = z.object({
  name,
  email: emailField,
  relationship: z.enum(referenceRelationships, { error: 'relationshipInvalid' }),
  language: z.enum(languages),
});
export type ReferenceRequestInput = z.infer<typeof referenceRequestInput>;
export const referenceCreated = z.object({ id: z.string(), status: z.literal('requested') });

/** GET /api/references: what the member sees of their references, never the answers. */
export const memberReference = z.object({
  id: z.string(),
  name: z.string(),
  relationship: z.enum(referenceRelationships),
  status: z.enum(referenceStatuses),
  requestedAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type MemberReference = z.infer<typeof memberReference>;

/**
 * GET /api/reference-requests/{token}: what the referee's page needs, and nothing more. So that a temple leader knows
 * whom they vouch for: the member's first name and last initial, their city, and whether a thumbnail of their first
 * photo can be fetched with the same link (`hasPhoto`; docs/privacy.md, "A referee sees one thumbnail").
 */
export const referenceRequestView = z.object({
  memberFirstName: z.string(),
  /** "Priya S.": the first name and the last name's initial (the first name alone when no last name was given). */
  memberName: z.string(),
  memberCity: z.string().nullable(),
  hasPhoto: z.boolean(),
  relationship: z.enum(referenceRelationships),
  language: z.enum(languages),
});
export type ReferenceRequestView = z.infer<typeof referenceRequestView>;

export const referenceTokenParams = z.object({ token: z.string().min(1).max(200) });

/** POST /api/reference-requests/{token}: the referee's answer. */
export const referenceAnswerInput = z.object({
  refereeName: name,
  knownForYears: z.number({ error: 'knownForYearsInvalid' }).int({ error: 'knownForYearsInvalid' }).min(0, { error: 'knownForYearsInvalid' }).max(80, { error: 'knownForYearsInvalid' }),
  inGoodStanding: z.enum(['yes', 'no', 'unsure'], { error: 'choiceRequired' }),
  recommend: z.enum(['yes', 'with-reservations', 'no'], { error: 'choiceRequired' }),
  character: z.string({ error: 'characterLength' }).trim().min(20, { error: 'characterLength' }).max(2000, { error: 'characterLength' }),
  concerns: z.string().trim().max(2000, { error: 'tooLong2000' }).optional(),
  mayContact: z.boolean({ error: 'choiceRequired' }),
  phone: z
    .string()
    .trim()
    .max(40, { error: 'phoneInvalid' })
    .regex(/^[0-9+()\-. ]*$/, { error: 'phoneInvalid' })
    .optional(),
});
export type ReferenceAnswerInput = z.infer<typeof referenceAnswerInput>;

/** The answer as stored and as staff read it (optional fields as null). */
export const referenceAnswer = z.object({
  refereeName: z.string(),
  knownForYears: z.number().int(),
  inGoodStanding: z.enum(['yes', 'no', 'unsure']),
  recommend: z.enum(['yes', 'with-reservations', 'no']),
  character: z.string(),
  concerns: z.string().nullable(),
  mayContact: z.boolean(),
  phone: z.string().nullable(),
});
export type ReferenceAnswerRow = z.infer<typeof referenceAnswer>;

/**
 * A reference as coordinators and elders read it: the answers, and the referee's address only when they agreed to
 * be contacted. A reference the member withdrew after it was received stays here, its status saying so.
 */
export const staffReference = z.object({
  id: z.string(),
  name: z.string(),
  relationship: z.enum(referenceRelationships),
  status: z.enum(referenceStatuses),
  requestedAt: z.string(),
  answeredAt: z.string().nullable(),
  email: z.string().nullable(),
  answer: referenceAnswer.nullable(),
});
export type StaffReference = z.infer<typeof staffReference>;

/** POST /api/coordinator/members/{userId}/verification. */
export const verificationInput = z.object({
  method: z.enum(verificationMethods),
  note: z.string().trim().max(2000, { error: 'tooLong2000' }).default(''),
});
export type VerificationInput = z.infer<typeof verificationInput>;

/** A member's verification as the coordinator's member page shows it. */
export const verificationView = z.object({
  method: z.enum(verificationMethods),
  note: z.string(),
  verifiedAt: z.string(),
  coordinator: z.object({ userId: z.string().nullable(), name: z.string().nullable() }),
  /** The name, date of birth or photos changed after the coordinator verified: the badge stays, staff are told. */
  changedSinceVerified: z.boolean(),
});
export type VerificationView = z.infer<typeof verificationView>;
export const verificationCreated = z.object({ verified: z.literal(true), verifiedAt: z.string(), method: z.enum(verificationMethods) });

/**
 * The additive fields on answers about a member (match card, match page, coordinator lists, /api/auth/user): how
 * many references were received (never their content), whether a coordinator verified them, when, and how (the
 * badge's hover text); and `rungs`, the ladder of verification (domain/verification/ladder.ts): each rung's date,
 * never its evidence, the same for every reader (as her matches see it).
 */
export const trustFields = {
  references: z.number().int(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  verificationMethod: z.enum(verificationMethods).nullable(),
  rungs: verificationLadder,
};
export interface TrustFacts {
  references: number;
  verified: boolean;
  verifiedAt: string | null;
  verificationMethod: VerificationMethod | null;
  rungs: VerificationLadder;
}
export const NO_TRUST: TrustFacts = Object.freeze({ references: 0, verified: false, verifiedAt: null, verificationMethod: null, rungs: NO_RUNGS });
