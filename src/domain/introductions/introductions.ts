/**
 * Human-led introductions: the status flow, the limits by courtship style, the check-in days and the
 * answer shapes of the coordinator, elder and member APIs. Pure: the server and the web import it.
 */
import { z } from 'zod';
import { breakdown, matchProfileBase } from '#domain/matching/match-api';
import { courtshipAlignments, genders, type CourtshipAlignment } from '#domain/profile/profile';
import { biodata, ownProfile } from '#domain/profile/profile-api';
import { childrenAnswers, educationLevels, maritalHistories, traditions } from '#domain/profile/biodata';
import { memberRoles } from '#domain/staff/roles';
import { staffReference, trustFields, verificationView } from '#domain/references/references';
import { rungFilters, verificationLadder } from '#domain/verification/ladder';
import { vedicCompatibility } from '#domain/vedic/vedic-answer';

export const introductionStatuses = [
  'awaiting-elders',
  'awaiting-first',
  'awaiting-second',
  'introduced',
  'courting',
  'engaged',
  'married',
  'ended',
  'declined',
  'expired',
  'cancelled',
  'declined-by-elders',
] as const;
export type IntroductionStatus = (typeof introductionStatuses)[number];

/** Statuses after which nothing more happens: the introduction no longer counts against anyone's limit. */
export const closedStatuses = ['ended', 'declined', 'expired', 'cancelled', 'declined-by-elders'] as const satisfies readonly IntroductionStatus[];
/**
 * Statuses after which the two members may not write to each other (domain/access.ts closedByIntroduction): one of
 * them ended it, or declined it. An elder's decline, an expiry or a withdrawal is nobody's word against the other.
 */
export const contactClosingStatuses = ['ended', 'declined'] as const satisfies readonly IntroductionStatus[];
/** The other closings, on nobody's word against the other: the coordinator may suggest the pair again. */
export const closedWithoutAnswerStatuses = ['cancelled', 'expired', 'declined-by-elders'] as const satisfies readonly IntroductionStatus[];
/** Who ended or declined an introduction, as one of its two members reads it: themself, the other, or a coordinator. */
export const closedByParties = ['me', 'other', 'coordinator'] as const;
export type ClosedBy = (typeof closedByParties)[number];

/**
 * Who closed an introduction, for the member `viewerId` (the one who did not end it reads who did). A
 * decline is the first member's while the second was never asked, the second's after; an ending is the member whose
 * "We have ended it" ended it (`endingMemberId`, their check-in), or else a coordinator's.
 */
export function closedByFor(
  viewerId: string,
  introduction: { status: IntroductionStatus; memberA: string; memberB: string; reachedSecond: boolean; endingMemberId: string | null },
): ClosedBy | null {
  if (introduction.status === 'declined') return (introduction.reachedSecond ? introduction.memberB : introduction.memberA) === viewerId ? 'me' : 'other';
  if (introduction.status !== 'ended') return null;
  if (introduction.endingMemberId === null) return 'coordinator';
  return introduction.endingMemberId === viewerId ? 'me' : 'other';
}

/** Everything else is open (married and engaged people are not introduced to anyone new either). */
export const openStatuses = introductionStatuses.filter((status) => !isStatusIn(closedStatuses, status));
/** Someone has yet to answer (the elders, then member A, then member B): a coordinator may still withdraw it. */
export const awaitingStatuses = ['awaiting-elders', 'awaiting-first', 'awaiting-second'] as const satisfies readonly IntroductionStatus[];
/** A member's answer is awaited, by a deadline: past it the introduction expires (an expiry job is written for it). */
export const awaitingMemberStatuses = ['awaiting-first', 'awaiting-second'] as const satisfies readonly IntroductionStatus[];
/**
 * Both accepted and still going: either side may end it, and a member checks in (engaged people still report a
 * marriage).
 */
export const currentStatuses = ['introduced', 'courting', 'engaged'] as const satisfies readonly IntroductionStatus[];
/**
 * Under way as the member's list shows it: current, or accepted by member A while member B is asked (B sees that one
 * as awaiting their answer).
 */
export const underWayStatuses = ['awaiting-second', ...currentStatuses] as const satisfies readonly IntroductionStatus[];
/** Both accepted and the two are still getting to know each other: check-ins fall due. */
export const checkInStatuses = ['introduced', 'courting'] as const satisfies readonly IntroductionStatus[];

/** The status is one of the named sets above. */
export function isStatusIn(statuses: readonly IntroductionStatus[], status: IntroductionStatus): boolean {
  return statuses.includes(status);
}

export function isOpen(status: IntroductionStatus): boolean {
  return !isStatusIn(closedStatuses, status);
}

/** One open introduction at a time for those who court one-to-one; otherwise the ministry's MAX_OPEN_INTRODUCTIONS. */
export function openLimitFor(alignment: CourtshipAlignment, maxOpen: number): number {
  return alignment === 'one-to-one-essential' || alignment === 'one-to-one-preferred' ? 1 : maxOpen;
}

/**
 * Check-ins fall due this many days after the introduction: a member owes one when the latest of these days has
 * passed and they have written no follow-up since it, while introduced or courting (the server decides it in SQL,
 * policy/introduction-sql.ts).
 */
export const CHECK_IN_DAYS = [7, 30] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** What a follow-up says (introduction-flow.ts decides the status it moves the introduction to). */
export const followUpOutcomes = ['continuing', 'ended', 'engaged', 'married'] as const;
export type FollowUpOutcome = (typeof followUpOutcomes)[number];

const NOTE_MAX = 2000;
const REASON_MAX = 2000;
const note = z.string().trim().max(NOTE_MAX, { error: 'tooLong2000' });
const userIdField = z.uuid();

// ---- inputs ------------------------------------------------------------------------------------------------

export const createIntroductionInput = z.object({ memberA: userIdField, memberB: userIdField, note: note.default('') });
export type CreateIntroductionInput = z.infer<typeof createIntroductionInput>;
export const cancelIntroductionInput = z.object({ note: note.default('') });
/**
 * Why a no (issue 51): one or more reasons from a short list, read by coordinators only (never the other person), so
 * the next proposal is better. "other" asks for the words in the note beside it.
 */
export const declineReasons = ['age', 'distance', 'practice', 'family', 'photos', 'already-talking', 'not-ready', 'other'] as const;
export type DeclineReason = (typeof declineReasons)[number];
const declineReasonList = z
  .array(z.enum(declineReasons, { error: 'declineReasonInvalid' }), { error: 'declineReasonInvalid' })
  .max(declineReasons.length, { error: 'declineReasonInvalid' })
  .refine((list) => new Set(list).size === list.length, { error: 'declineReasonRepeated' });

export const respondInput = z
  .object({
    accept: z.boolean(),
    reason: z.string().trim().max(REASON_MAX, { error: 'tooLong2000' }).optional(),
    reasons: declineReasonList.optional(),
  })
  .superRefine((input, context) => {
    if (input.accept && input.reasons && input.reasons.length > 0) context.addIssue({ code: 'custom', path: ['reasons'], message: 'declineReasonsWithAccept' });
    if (input.reasons?.includes('other') && !input.reason) context.addIssue({ code: 'custom', path: ['reason'], message: 'declineOtherNeedsText' });
  });
export type RespondInput = z.infer<typeof respondInput>;
/** An elder's answer to an introduction awaiting review. */
export const reviewDecisions = ['approve', 'decline'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];
export const reviewInput = z
  .object({ decision: z.enum(reviewDecisions), note: note.default(''), reasons: declineReasonList.optional() })
  .superRefine((input, context) => {
    if (input.decision === 'approve' && input.reasons && input.reasons.length > 0) context.addIssue({ code: 'custom', path: ['reasons'], message: 'declineReasonsWithAccept' });
    if (input.reasons?.includes('other') && !input.note) context.addIssue({ code: 'custom', path: ['note'], message: 'declineOtherNeedsText' });
  });
export type ReviewInput = z.infer<typeof reviewInput>;
/**
 * A check-in: a private answer to the coordinator. "We have ended it" ends the introduction at once, so
 * it must come `confirmed` (the web asks first); the others move the status only once both members said so.
 */
/**
 * "Did you meet?" (issue 51): a week after both accepted, each member is asked privately whether they met or spoke
 * (no / by video / in person) and, if they did, whether they would like to meet again. Only coordinators read it.
 */
export const MET_QUESTION_DAYS = 7;
export const metAnswers = ['no', 'video', 'in-person'] as const;
export type MetAnswer = (typeof metAnswers)[number];
export const metInput = z
  .object({ met: z.enum(metAnswers, { error: 'metInvalid' }), again: z.boolean({ error: 'metAgainInvalid' }).optional() })
  .superRefine((input, context) => {
    if (input.met === 'no' && input.again !== undefined) context.addIssue({ code: 'custom', path: ['again'], message: 'metAgainWithNo' });
  });
export type MetInput = z.infer<typeof metInput>;
export const metRecorded = z.object({ id: z.string(), met: z.enum(metAnswers), again: z.boolean().nullable() });

export const followUpInput = z.object({ status: z.enum(followUpOutcomes), note: note.optional(), confirmed: z.boolean().optional() });
export type FollowUpInput = z.infer<typeof followUpInput>;
/** Ending an introduction both accepted (a member, or a coordinator outside the pair); the note is for the record. */
export const endIntroductionInput = z.object({ note: note.default('') });
export const introductionRequestInput = z.object({ userId: userIdField, note: note.optional() });
export const rolesInput = z.object({ coordinator: z.boolean(), elder: z.boolean() });
export type RolesInput = z.infer<typeof rolesInput>;

/** `unverified`: members no coordinator has verified yet. */
export const memberFilters = ['waiting', 'in-introduction', 'requested', 'unverified', 'all'] as const;
export type MemberFilter = (typeof memberFilters)[number];
const page = {
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
/** The biodata a coordinator may narrow the members' list by (each left out: any). */
export const memberBiodataFilters = {
  maritalHistory: z.enum(maritalHistories).optional(),
  children: z.enum(childrenAnswers).optional(),
  educationLevel: z.enum(educationLevels).optional(),
  tradition: z.enum(traditions).optional(),
};
export type MemberBiodataFilters = { [K in keyof typeof memberBiodataFilters]?: z.infer<(typeof memberBiodataFilters)[K]> };
/** `q` finds a name, place, community, profession, field of study or a tradition in the member's own words. */
/** `rung`: only members who hold this rung of the ladder of verification (or all four: `full`), as matches see it. */
const rung = z.enum(rungFilters, { error: 'rungInvalid' }).optional();
export const coordinatorMembersQuery = z.object({
  filter: z.enum(memberFilters).default('waiting'),
  q: z.string().trim().max(100).default(''),
  ...memberBiodataFilters,
  rung,
  ...page,
});
export const suggestionsQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20), rung });
/** The coordinator's list also takes `follow-up-due` (a check-in owed by either person) and `open`. */
/** A status, or a group: `open`, `follow-up-due`, `awaiting-answer` (either member's answer awaited; the overview's "Awaiting answers"). */
export const coordinatorIntroductionFilters = [...introductionStatuses, 'open', 'follow-up-due', 'awaiting-answer'] as const;
export type CoordinatorIntroductionFilter = (typeof coordinatorIntroductionFilters)[number];
export const coordinatorIntroductionsQuery = z.object({ status: z.enum(coordinatorIntroductionFilters).optional(), ...page });
/**
 * The elders' list: `awaiting-elders` (awaiting the caller's review) or `reviewed` (the ones the caller
 * reviewed). Any other status parses, so the refusal is a 403 with its message rather than a 400.
 */
export const elderIntroductionsQuery = z.object({ status: z.enum([...introductionStatuses, 'reviewed']).default('awaiting-elders') });

// ---- answers -----------------------------------------------------------------------------------------------

export const roleList = z.array(z.enum(memberRoles));
export const rolesAnswer = z.object({ userId: z.string(), roles: roleList });
export const teamMember = z.object({ userId: z.string(), email: z.string(), name: z.string().nullable(), roles: roleList });
export type TeamMember = z.infer<typeof teamMember>;

const personRef = z.object({ userId: z.string(), name: z.string().nullable() });

/** Who a member is at a glance: the fields the coordinator's queue and the elders' panel both show. */
const memberBasics = z.object({
  userId: z.string(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: z.enum(genders),
  location: z.string(),
  community: z.string(),
  courtshipAlignment: z.enum(courtshipAlignments),
});

/** A member as the coordinator's queue lists them: what its card shows (the queue is ordered on the server). */
export const coordinatorMemberBase = memberBasics.pick({ userId: true, name: true, age: true, location: true, community: true }).extend({
  openIntroductions: z.number().int(),
  /** Unhandled "introduce us" requests this member made or was named in; `requestsMade` and `requestsAbout` apart. */
  pendingRequests: z.number().int(),
  requestsMade: z.number().int(),
  requestsAbout: z.number().int(),
});
export type CoordinatorMemberBase = z.infer<typeof coordinatorMemberBase>;
/** With the trust fields: received references, the verification, and "changed since verified". */
export const coordinatorMember = coordinatorMemberBase.extend({ ...trustFields, changedSinceVerified: z.boolean() });
export type CoordinatorMember = z.infer<typeof coordinatorMember>;

/** An introduction as coordinators (and the member page's history) see it: reasons included. */
export const coordinatorIntroduction = z.object({
  id: z.string(),
  status: z.enum(introductionStatuses),
  memberA: personRef,
  memberB: personRef,
  coordinator: personRef,
  note: z.string(),
  createdAt: z.string(),
  respondBy: z.string().nullable(),
  introducedAt: z.string().nullable(),
  approvals: z.number().int(),
  /** Private reasons given with a refusal: only coordinators read them. */
  reasons: z.object({ first: z.string().nullable(), second: z.string().nullable() }),
  /** The reasons chosen from the list (issue 51), each member's and the declining elders' together: coordinators only. */
  declineReasons: z.object({ first: z.array(z.enum(declineReasons)), second: z.array(z.enum(declineReasons)), elders: z.array(z.enum(declineReasons)) }),
  followUpDue: z.boolean(),
  followUps: z.array(z.object({ userId: z.string(), status: z.enum(followUpOutcomes), note: z.string().nullable(), createdAt: z.string() })),
  /** Each member's answer to "Did you meet?" (issue 51): coordinators only. */
  meetings: z.array(z.object({ userId: z.string(), met: z.enum(metAnswers), again: z.boolean().nullable(), answeredAt: z.string() })),
  /** Additive (issue 52): the pair's Vedic compatibility, seen from member A, only when both opted in. */
  vedic: vedicCompatibility.optional(),
});
export type CoordinatorIntroduction = z.infer<typeof coordinatorIntroduction>;

export const introductionRequest = z.object({
  id: z.string(),
  requester: personRef,
  other: personRef,
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type IntroductionRequest = z.infer<typeof introductionRequest>;

/**
 * A member as the coordinator's member page shows them, and nothing more (answer-shapes.test.ts pins the
 * keys): no account secrets, no roles, no date of birth (the age only, decision 008).
 */
export const coordinatorMemberDetailBase = z.object({
  userId: z.string(),
  /** Whether the member opened a verification link sent to their email; the address itself stays hidden. */
  emailVerified: z.boolean(),
  profile: ownProfile
    .pick({
      name: true,
      gender: true,
      exactLocation: true,
      relocation: true,
      communityAffiliation: true,
      courtshipAlignment: true,
      dietAlignment: true,
      ageFlexibility: true,
      minAge: true,
      maxAge: true,
      languagesSpoken: true,
      aboutYou: true,
      dealMakers: true,
      dealBreakers: true,
    })
    .extend({ age: z.number().int().nullable(), ...biodata.shape }),
  photos: z.array(z.string()),
  introductions: z.array(coordinatorIntroduction),
  requests: z.array(introductionRequest),
});
/** With the received-reference count and the verification; the answers are read at .../references. */
/**
 * What the suggestions learned from the member's own earlier no's (issue 51): for distance, people farther than the
 * nearest one she declined for it are left out; for age, people with an age gap as large as the smallest she declined
 * for it. Only reasons she gave, never the other person's.
 */
export const learnedReasons = ['distance', 'age'] as const satisfies readonly DeclineReason[];
export const suggestionsLearned = z.object({
  reason: z.enum(learnedReasons),
  /** How many earlier introductions she declined for this reason. */
  declined: z.number().int(),
  /** Suggestions closer than this (distance), or with an age gap under this many years (age). */
  within: z.number().int(),
});
export type SuggestionsLearned = z.infer<typeof suggestionsLearned>;

export const coordinatorMemberDetail = coordinatorMemberDetailBase.extend({
  references: z.number().int(),
  verification: verificationView.nullable(),
  suggestionsLearned: z.array(suggestionsLearned),
});
export type CoordinatorMemberDetail = z.infer<typeof coordinatorMemberDetail>;
export type CoordinatorMemberDetailBase = z.infer<typeof coordinatorMemberDetailBase>;

export const suggestionBase = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  age: z.number().int().nullable(),
  location: z.string(),
  community: z.string(),
  score: z.number().int(),
  breakdown,
  /** Distinct members with open reports against this candidate: the coordinator sees a flag. */
  openReports: z.number().int(),
});
export type SuggestionBase = z.infer<typeof suggestionBase>;
export const suggestion = suggestionBase.extend(trustFields);
export type Suggestion = z.infer<typeof suggestion>;

export const coordinatorOverview = z.object({
  waitingMembers: z.number().int(),
  openRequests: z.number().int(),
  awaitingElders: z.number().int(),
  awaitingResponses: z.number().int(),
  followUpsDue: z.number().int(),
  outcomes: z.object({ introduced: z.number().int(), courting: z.number().int(), engaged: z.number().int(), married: z.number().int(), ended: z.number().int() }),
  /** Accepted by both ÷ answered (accepted, declined or expired once it reached a member); null before any answer. */
  acceptanceRate: z.number().nullable(),
});
export type CoordinatorOverview = z.infer<typeof coordinatorOverview>;

export const created = z.object({ id: z.string(), status: z.enum(introductionStatuses) });
export const requestCreated = z.object({ id: z.string() });

/**
 * One of the caller's own pending "introduce us" requests, as /introductions lists them: the other's
 * first name only while the two may still see each other (null after a block, a suspension or a hold).
 */
export const myIntroductionRequest = z.object({
  id: z.string(),
  other: z.object({ userId: z.string(), name: z.string().nullable() }),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type MyIntroductionRequest = z.infer<typeof myIntroductionRequest>;

/**
 * A member of an introduction as the elders review it: the summary, and the whole profile as the match page shows it,
 * its photos only while the introduction awaits this elder's review.
 */
export const memberSummaryBase = memberBasics.extend({ aboutYou: z.string(), profile: matchProfileBase });
/** The elders read both members' references (answers included) and whether a coordinator verified them. */
export const memberSummary = memberSummaryBase.extend({ ...trustFields, referenceList: z.array(staffReference) });
const elderIntroductionFields = {
  id: z.string(),
  status: z.enum(introductionStatuses),
  note: z.string(),
  coordinator: personRef,
  createdAt: z.string(),
  approvals: z.number().int(),
  approvalsRequired: z.number().int(),
  /**
   * In the list of what the elder reviewed (`?status=reviewed`): her own decision, and the members' first names as
   * they were when proposed; `members` is then empty (no live profile once her review is done). Null while awaiting.
   */
  reviewed: z
    .object({ decision: z.enum(reviewDecisions), note: z.string(), decidedAt: z.string(), memberFirstNames: z.array(z.string().nullable()) })
    .nullable(),
  /** Additive (issue 52): the pair's Vedic compatibility, seen from the first member, only when both opted in. */
  vedic: vedicCompatibility.optional(),
};
export const elderIntroductionBase = z.object({ ...elderIntroductionFields, members: z.array(memberSummaryBase) });
export type ElderIntroductionBase = z.infer<typeof elderIntroductionBase>;
export const elderIntroduction = z.object({ ...elderIntroductionFields, members: z.array(memberSummary) });
export type ElderIntroduction = z.infer<typeof elderIntroduction>;

/** The other person of an introduction, as the member's card shows them. */
export const introductionOther = z.object({
  userId: z.string(),
  /** The card links to the whole profile (/match/{profileId}) while the introduction is open. */
  profileId: z.string(),
  name: z.string().nullable(),
  age: z.number().int().nullable(),
  location: z.string(),
  photos: z.array(z.string()),
  /** Additive: `photos` are blurred placeholders until both accepted (she shows hers only to people introduced to her). */
  photosBlurred: z.boolean(),
  score: z.number().int(),
  breakdown,
  /** The card's biodata: what families ask first (the whole profile is one link away). */
  ...biodata.shape,
  /** Additive: the ladder of verification, each rung's date (never its evidence), as on her match card. */
  rungs: verificationLadder,
  /** Additive (issue 52): the Vedic compatibility of the two, from her side, only when both opted in. */
  vedic: vedicCompatibility.optional(),
});
export type IntroductionOther = z.infer<typeof introductionOther>;

/**
 * An introduction as one of its two members (and her guardians) see it: never the other's reason, never the
 * elders' review. `other` (the live card) is there only while the introduction is open and the other's profile
 * active. It is null when the other person is no longer available (a block either way, a suspension, a profile
 * gone): the card then says so and shows nothing of them, and the note is left out too. It is also
 * null once the introduction closed (ended, declined, expired, cancelled) or while the other's profile is paused:
 * then `inactive` is true and the card carries only `otherFirstName`, the first name as it was when proposed.
 */
export const memberIntroduction = z.object({
  id: z.string(),
  status: z.enum(introductionStatuses),
  other: introductionOther.nullable(),
  /** Closed, or the other's profile paused: "no longer active", nothing live of the other. */
  inactive: z.boolean(),
  /** The other's first name when the introduction was proposed; only on an inactive card (null otherwise). */
  otherFirstName: z.string().nullable(),
  note: z.string(),
  coordinator: personRef,
  createdAt: z.string(),
  respondBy: z.string().nullable(),
  /** This member is the one asked now (Accept / Decline). */
  awaitingMe: z.boolean(),
  introducedAt: z.string().nullable(),
  followUpDue: z.boolean(),
  /**
   * A week since both accepted, and this member has not said whether they met (issue 51): the card asks. Her answer
   * itself is never in this view (her guardians read it too): only coordinators read it.
   */
  metAsked: z.boolean(),
  /**
   * Additive (issue 51 part 5): engaged or married, and she has not said whether she would share their story: the
   * card asks. `storyShared`: she said yes (the card offers to withdraw it). Never what the other member answered.
   */
  storyAsked: z.boolean().optional(),
  storyShared: z.boolean().optional(),
  /** Who ended or declined it (null while it is neither): the card says so, and what the member can do now. */
  closedBy: z.enum(closedByParties).nullable(),
});
export type MemberIntroduction = z.infer<typeof memberIntroduction>;

/** The data of `event: introduction` on /api/events: which introduction changed; the client refetches. */
export interface IntroductionEventData {
  id: string;
  status: IntroductionStatus;
}
