/**
 * Who may see or write to whom: the one place these rules live.
 *
 * The server loads a `Relationship` between the person asking (the viewer) and another person in one query
 * (server/policy/relationship.ts); routes and services decide with the pure functions of `can`
 * and never re-state a rule. A new rule (blocking, introductions, suspension, roles) adds a fact here, the
 * column that loads it there, and a line in the functions it changes: nothing else.
 */

import { openLimitFor } from '#domain/introductions/introductions';
import type { CourtshipAlignment } from '#domain/profile/profile';
import type { MemberRole } from '#domain/staff/roles';

/**
 * Who is asking: a signed-in member (userId), the admin session (isAdmin), both or neither, with the roles the admin
 * granted the member. The server's route guards build it from the session (server/http/guards.ts); services take it.
 */
export interface Actor {
  userId?: string | undefined;
  isAdmin?: boolean | undefined;
  roles?: readonly MemberRole[] | undefined;
}

/** A signed-in member asking (a route guarded by signedIn or hasRole). */
export interface MemberActor extends Actor {
  userId: string;
  isAdmin: boolean;
  roles: readonly MemberRole[];
}

/** What is known about the viewer and one other person, as seen from the viewer. */
export interface Relationship {
  /** A signed-in member is asking (false for a visitor: every other fact is then about the other alone). */
  signedIn: boolean;
  /** The viewer and the other are the same person. */
  self: boolean;
  /** The other has an account. */
  otherExists: boolean;
  /** The viewer's profile is active with the photos activation requires (candidacy.ts isBrowsable). */
  viewerBrowsable: boolean;
  /** The other's profile is active with the photos activation requires. */
  otherBrowsable: boolean;
  /** The two are match candidates of each other (candidacy.ts isMatchCandidate; the rule is mutual). */
  candidate: boolean;
  /** The other is a volunteer an admin approved (shown on Guidance; anyone signed in may write to them). */
  otherIsVolunteer: boolean;
  /** The viewer is an approved volunteer (no rule reads it yet). */
  viewerIsVolunteer: boolean;
  /** The other has written to the viewer. */
  otherWroteFirst: boolean;
  /** The viewer has written to the other. */
  viewerWrote: boolean;
  /** One of the two blocked the other. A block works both ways and the blocked person is never told. */
  blocked: boolean;
  /** An admin suspended the other's account. */
  otherSuspended: boolean;
  /**
   * Three or more distinct members have open reports against the other (safety.ts
   * HOLD_FOR_REVIEW_REPORTERS): hidden from matches until an admin resolves them.
   */
  otherHeldForReview: boolean;
  /** Roles the admin granted the viewer. */
  viewerRoles: readonly MemberRole[];
  /** Roles the admin granted the other: anyone may write to a coordinator. */
  otherRoles: readonly MemberRole[];
  /** A coordinator introduced the two and both accepted, whatever came of it since. */
  introduced: boolean;
  /** Introduced, and that introduction is still open (not ended): being introduced grants photos only then. */
  introducedOpen: boolean;
  /**
   * An introduction of the two ended, or one of them declined it: contact between them is closed (in every messaging
   * mode) until a newer introduction of theirs is accepted by both (`introducedOpen`).
   */
  introductionClosed: boolean;
  /**
   * That closed introduction had reached the viewer, so they know of it. Not so for the second member of a proposal
   * the first declined: they were never asked, and a refusal must not tell them that someone declined them.
   */
  introductionClosedKnown: boolean;
  /**
   * An open introduction of the two has reached the viewer (asked to answer, or introduced): while it is open the
   * viewer decides from the other's whole profile, as the match page shows it.
   */
  introductionOpenToViewer: boolean;
  /**
   * The other is a member of an introduction awaiting the elders that the viewer has yet to review and neither
   * proposed nor is part of: an elder reviews from both members' photos.
   */
  otherAwaitingViewerReview: boolean;
  /** The other has an open introduction or an unhandled introduction request: a coordinator's business. */
  otherInCoordination: boolean;
  /**
   * The other shows her photos only to people she is introduced to (profile.photosPrivate): everyone else who may see
   * them gets placeholders (seeOriginalPhotos).
   */
  otherPhotosPrivate: boolean;
  // Later facts go here, each with one line in the rules below that it changes.
}

/**
 * DIRECT_MESSAGES: `open` is the spec's messaging (members write to their match candidates); with
 * `introductions-only` a ministry keeps first contact between members to its coordinators, and members write only
 * to volunteers, coordinators, people they are introduced to and anyone who wrote to them first. In both, an
 * introduction that ended or was declined closes contact between its two members (closedByIntroduction).
 */
export const directMessagePolicies = ['open', 'introductions-only'] as const;
export type DirectMessagePolicy = (typeof directMessagePolicies)[number];

/**
 * What is known about one introduction and the person acting on it: loaded with the row in one
 * statement (server/features/introductions/introduction-facts.ts). The introduction rules below read only these.
 */
export interface IntroductionFacts {
  viewerId: string;
  viewerRoles: readonly MemberRole[];
  memberA: string;
  memberB: string;
  coordinatorId: string | null;
  /** The proposal has reached member A / member B. */
  reachedA: boolean;
  reachedB: boolean;
  /** Both accepted at some point. */
  introduced: boolean;
}

/** One of the two members a coordinator proposes to introduce, as loaded (server/policy/introduction-pair.ts). */
export interface ProposalMember {
  /** An admin suspended the account. */
  suspended: boolean;
  /** Their courtship style (null without a profile, never a candidate): it sets how many open introductions they may have. */
  courtshipAlignment: CourtshipAlignment | null;
  /** Their introductions still open (domain/introductions/introductions.ts isOpen). */
  openIntroductions: number;
}

/**
 * What is known about two members a coordinator proposes to introduce: loaded for the pair in one
 * statement (server/policy/introduction-pair.ts, under the members' locks). proposalRefusal reads only these.
 */
export interface ProposalFacts {
  /** Member A and member B, or null when there is no such account. */
  memberA: ProposalMember | null;
  memberB: ProposalMember | null;
  /** One of the two blocked the other. */
  blocked: boolean;
  /** One of the two reported the other, whatever became of the report: a one-sided block for introductions. */
  reported: boolean;
  /** Match candidates of each other (candidacy.ts isMatchCandidate, with today's ages). */
  candidates: boolean;
  /** A member declined an introduction of the two before: a coordinator never proposes them again. */
  declinedBefore: boolean;
  /** An introduction of the two is open already. */
  openTogether: boolean;
}

/** Why two members may not be proposed, each the code the API answers; a limit names the member over it. */
export type ProposalRefusal =
  | { code: 'member-not-found' | 'member-suspended' | 'member-blocked' | 'member-reported' | 'not-candidates' | 'introduction-declined-before' | 'introduction-already-open' }
  | { code: 'member-in-open-introduction' | 'member-introduction-limit'; member: 'memberA' | 'memberB'; limit: number };

/**
 * Whether two members may be proposed to each other (the coordinator's own part is can.proposeIntroduction): both
 * there, neither suspended, no block or report either way, match candidates, never declined, not already open, and
 * each within their limit of open introductions (`maxOpen`, the ministry's MAX_OPEN_INTRODUCTIONS). The first
 * reason that holds, in this order; null when they may.
 */
export function proposalRefusal(facts: ProposalFacts, maxOpen: number): ProposalRefusal | null {
  const { memberA, memberB } = facts;
  if (!memberA || !memberB) return { code: 'member-not-found' };
  if (memberA.suspended || memberB.suspended) return { code: 'member-suspended' };
  if (facts.blocked) return { code: 'member-blocked' };
  if (facts.reported) return { code: 'member-reported' };
  // Candidates both have a profile (the check of the alignments only says so to the compiler).
  if (!facts.candidates || !memberA.courtshipAlignment || !memberB.courtshipAlignment) return { code: 'not-candidates' };
  if (facts.declinedBefore) return { code: 'introduction-declined-before' };
  if (facts.openTogether) return { code: 'introduction-already-open' };
  const members = [
    ['memberA', memberA.courtshipAlignment, memberA.openIntroductions],
    ['memberB', memberB.courtshipAlignment, memberB.openIntroductions],
  ] as const;
  for (const [member, alignment, open] of members) {
    const limit = openLimitFor(alignment, maxOpen);
    if (open >= limit) return { code: limit === 1 ? 'member-in-open-introduction' : 'member-introduction-limit', member, limit };
  }
  return null;
}

/** Where a stored photo is shown; only the photo rule needs it. */
export interface PhotoPlacement {
  /** A volunteer photo that the owner's approved application shows: public, visitors included. */
  onApprovedVolunteerApplication: boolean;
  /** One of the photos of the owner's profile. */
  onProfile: boolean;
}

/** A relationship in which nothing holds: the start for tests and for a person nobody knows. */
export const NO_RELATIONSHIP: Readonly<Relationship> = Object.freeze({
  signedIn: false,
  self: false,
  otherExists: false,
  viewerBrowsable: false,
  otherBrowsable: false,
  candidate: false,
  otherIsVolunteer: false,
  viewerIsVolunteer: false,
  otherWroteFirst: false,
  viewerWrote: false,
  blocked: false,
  otherSuspended: false,
  otherHeldForReview: false,
  viewerRoles: Object.freeze([]),
  otherRoles: Object.freeze([]),
  introduced: false,
  introducedOpen: false,
  introductionClosed: false,
  introductionClosedKnown: false,
  introductionOpenToViewer: false,
  otherAwaitingViewerReview: false,
  otherInCoordination: false,
  otherPhotosPrivate: false,
});

/**
 * The two may have anything to do with each other at all: not blocked either way. A blocked pair is answered as
 * strangers are (404 for the other's pages, the same 403 for a message), so the blocked person learns nothing.
 */
function reachable(rel: Relationship): boolean {
  return !rel.blocked;
}

/**
 * Two members whose introduction ended or was declined may not write to each other any more, in every messaging mode
 * and whoever wrote first: the history stays, and the composer gives way to a note saying why. Only a newer
 * introduction both accept opens the thread again. Coordinators are not concerned: anyone may write to them, and
 * they to anyone.
 */
export function closedByIntroduction(rel: Relationship): boolean {
  if (!rel.introductionClosed || rel.introducedOpen) return false;
  return !rel.viewerRoles.includes('coordinator') && !rel.otherRoles.includes('coordinator');
}

/** Why the viewer may not write to the other, when they may not: what the conversation and match pages say. */
export type WriteRefusal = 'introduction-closed' | 'introductions-only' | 'not-allowed';
export function writeRefusal(rel: Relationship, policy: DirectMessagePolicy): WriteRefusal | null {
  if (can.write(rel, policy)) return null;
  const otherwiseReachable = rel.signedIn && !rel.self && reachable(rel) && !rel.otherSuspended;
  // A closing the viewer never heard of (a proposal declined before it reached them) reads as any other refusal.
  if (closedByIntroduction(rel) && otherwiseReachable && rel.introductionClosedKnown) return 'introduction-closed';
  if (policy === 'introductions-only' && rel.candidate && otherwiseReachable) return 'introductions-only';
  return 'not-allowed';
}

/**
 * Whether a message from the viewer to the other is checked for contact details and money requests before delivery,
 * and held back on a hit (issue 50: in a first conversation, before both accepted an introduction). Only between two
 * members who are not introduced (no introduction of theirs both accepted, whatever came of it since): never when
 * either is an approved volunteer (a mentor and the member she guides) or has a staff role (a coordinator's or an
 * elder's conversations are their work), since those are not two members meeting as possible partners.
 */
export function holdsBeforeIntroduction(rel: Relationship): boolean {
  if (rel.introduced || rel.otherIsVolunteer || rel.viewerIsVolunteer) return false;
  return rel.viewerRoles.length === 0 && rel.otherRoles.length === 0;
}

export const can = {
  /** Seeing matches at all (the list and any match's page): the viewer's own profile must be browsable. */
  browseMatches(rel: Relationship): boolean {
    return rel.viewerBrowsable;
  },

  /** The other's whole profile and compatibility (GET /api/match/{id}): only a match candidate. */
  seeProfile(rel: Relationship): boolean {
    return rel.candidate && reachable(rel) && !rel.otherSuspended && !rel.otherHeldForReview;
  },

  /**
   * The other's whole profile and both photos through an introduction: only while an open
   * introduction of the two has reached the viewer, the other's profile active, no block, no suspension. Whether
   * they are match candidates does not matter: a coordinator chose them for each other.
   */
  seeIntroducedProfile(rel: Relationship): boolean {
    return rel.introductionOpenToViewer && reachable(rel) && !rel.otherSuspended && rel.otherBrowsable;
  },

  /**
   * Writing to the other (never to oneself): a coordinator, an approved volunteer, someone the viewer is
   * introduced to, someone who wrote to the viewer first, and — unless the ministry keeps first contact to
   * introductions — a match candidate; never someone whose introduction with the viewer ended or was declined
   * (closedByIntroduction). A coordinator may write to anyone (not blocked or suspended).
   */
  write(rel: Relationship, policy: DirectMessagePolicy = 'open'): boolean {
    if (!rel.signedIn || rel.self || !reachable(rel) || rel.otherSuspended) return false;
    if (rel.otherRoles.includes('coordinator')) return true;
    // An introduction that ended or was declined closes the thread for both, in every mode.
    if (closedByIntroduction(rel)) return false;
    if (rel.otherIsVolunteer || rel.introducedOpen || rel.otherWroteFirst) return true;
    // Coordinators reach the members they look after, whatever the policy (someone who exists: the hostile-input
    // suite found a coordinator's message to an unknown id reaching the database as a foreign-key error).
    if (rel.viewerRoles.includes('coordinator')) return rel.otherExists;
    return policy === 'open' && rel.candidate;
  },

  /**
   * The other's name, photo and volunteer role (GET /api/user/{id}/info): oneself, an approved volunteer, a
   * match candidate or a conversation partner. Anyone else is answered as if unknown.
   */
  seeUserInfo(rel: Relationship): boolean {
    if (!rel.signedIn || !rel.otherExists) return false;
    if (rel.self) return true;
    if (!reachable(rel)) return false;
    // A suspended person stays named in the threads they had; nobody new finds them.
    if (rel.otherSuspended) return rel.otherWroteFirst || rel.viewerWrote;
    return rel.otherIsVolunteer || rel.candidate || rel.otherWroteFirst || rel.viewerWrote || rel.introduced;
  },

  /**
   * Reporting or blocking the other: anyone the viewer could have met here (a match candidate, an
   * approved volunteer, a conversation partner, an introduction), also after a block or a suspension. Anyone else is answered as
   * unknown (404), so an id reveals nothing; oneself is the caller's mistake (400, checked first).
   */
  report(rel: Relationship): boolean {
    if (!rel.signedIn || rel.self || !rel.otherExists) return false;
    return rel.candidate || rel.otherIsVolunteer || rel.otherWroteFirst || rel.viewerWrote || rel.introduced;
  },

  /**
   * The other's profile photos as the face of a card or a conversation (user info): a match candidate's, or an
   * introduction's while it is open and the profile active (an ended introduction grants nothing).
   */
  seeProfilePhotos(rel: Relationship): boolean {
    return can.seeProfile(rel) || can.seeIntroducedProfile(rel) || (rel.introducedOpen && reachable(rel) && !rel.otherSuspended && rel.otherBrowsable);
  },

  /**
   * The other's photos themselves rather than their blurred placeholders, for a viewer who may see them at all
   * (seeProfilePhotos): always, unless the other keeps them for the people she is introduced to; then only while an
   * introduction of the two is open (both accepted, not ended). A block or an ended introduction takes them back.
   */
  seeOriginalPhotos(rel: Relationship): boolean {
    if (!can.seeProfilePhotos(rel)) return false;
    return !rel.otherPhotosPrivate || rel.introducedOpen;
  },

  /** The coordinator's pages at all (the queue, the lists, the overview). */
  coordinate(rel: Relationship): boolean {
    return rel.signedIn && rel.viewerRoles.includes('coordinator');
  },

  /**
   * One member's biodata and photos for a coordinator: only a member the queue would show (active, not
   * suspended) or one with an open introduction or request, and never across a block with the coordinator.
   * Every such view is audited.
   */
  coordinateMember(rel: Relationship): boolean {
    if (!can.coordinate(rel) || !rel.otherExists) return false;
    if (rel.self) return true;
    return reachable(rel) && !rel.otherSuspended && (rel.otherBrowsable || rel.otherInCoordination);
  },

  /**
   * Reviewing a member's selfie check (issue 50): a coordinator who reaches her (coordinateMember), never her own
   * selfie, which would vouch for herself.
   */
  reviewSelfie(rel: Relationship): boolean {
    return !rel.self && can.coordinateMember(rel);
  },

  /** Elders review proposed introductions. */
  review(rel: Relationship): boolean {
    return rel.signedIn && rel.viewerRoles.includes('elder');
  },

  /**
   * Proposing that two members meet: a coordinator, about two different people, neither of them the
   * coordinator. Whether the two may meet (blocks, reports, limits) is proposalRefusal, over the pair's facts.
   */
  proposeIntroduction(facts: Pick<IntroductionFacts, 'viewerId' | 'viewerRoles' | 'memberA' | 'memberB'>): boolean {
    const { viewerId, viewerRoles, memberA, memberB } = facts;
    return viewerRoles.includes('coordinator') && memberA !== memberB && viewerId !== memberA && viewerId !== memberB;
  },

  /** Answering (accept or decline) or even seeing an introduction as a member: only once it has reached them. */
  answerIntroduction(facts: IntroductionFacts): boolean {
    return (facts.viewerId === facts.memberA && facts.reachedA) || (facts.viewerId === facts.memberB && facts.reachedB);
  },

  /** An elder's review: never of an introduction they proposed or are part of. */
  reviewIntroduction(facts: IntroductionFacts): boolean {
    const { viewerId, memberA, memberB, coordinatorId } = facts;
    return facts.viewerRoles.includes('elder') && viewerId !== memberA && viewerId !== memberB && viewerId !== coordinatorId;
  },

  /** A check-in (and ending it from there): one of the two, once both accepted. */
  followUp(facts: IntroductionFacts): boolean {
    return facts.introduced && (facts.viewerId === facts.memberA || facts.viewerId === facts.memberB);
  },

  /** Ending or withdrawing an introduction: one of the two once both accepted, or a coordinator who is not one of them. */
  endIntroduction(facts: IntroductionFacts): boolean {
    if (can.followUp(facts)) return true;
    return facts.viewerRoles.includes('coordinator') && facts.viewerId !== facts.memberA && facts.viewerId !== facts.memberB;
  },

  /**
   * A member's photos for an elder: only while an introduction of theirs awaits this elder's review,
   * never across a block or to a suspended account. Every such read is audited (staffPhotoRead).
   */
  reviewMember(rel: Relationship): boolean {
    return can.review(rel) && rel.otherAwaitingViewerReview && !rel.self && reachable(rel) && !rel.otherSuspended;
  },

  /**
   * One stored photo of the other: the admin; anyone for a photo an approved volunteer application shows
   * (security review finding 5: an application awaiting review publishes nothing); the owner; a match
   * candidate for a photo the owner's profile shows, unless she keeps her photos for the people she is introduced to
   * (seeOriginalPhotos); the coordinators who handle her; an elder reviewing her introduction, unless her photos are
   * kept so (the elder gets the placeholders).
   */
  viewPhoto(actor: Actor, rel: Relationship, photo: PhotoPlacement): boolean {
    if (actor.isAdmin) return true;
    // A suspended volunteer's photo leaves the public path, as the card leaves Guidance.
    if (photo.onApprovedVolunteerApplication && !rel.otherSuspended) return true;
    if (!rel.signedIn) return false;
    if (rel.self) return true;
    return photo.onProfile && (can.seeOriginalPhotos(rel) || can.coordinateMember(rel) || (can.reviewMember(rel) && !rel.otherPhotosPrivate));
  },

  /**
   * The blurred placeholder of a profile photo (domain/profile/photo-privacy.ts): whoever may see the original, and
   * whoever would see it but for the owner's choice (a match candidate, an elder reviewing her). Nobody else: a
   * placeholder still says that the person exists.
   */
  viewPhotoPlaceholder(actor: Actor, rel: Relationship, photo: PhotoPlacement): boolean {
    if (can.viewPhoto(actor, rel, photo)) return true;
    if (!rel.signedIn) return false;
    return photo.onProfile && (can.seeProfilePhotos(rel) || can.reviewMember(rel));
  },

  /**
   * Whether a photo read the viewer may make is a staff read that goes to the admin audit log: the
   * admin's read of anything not public, a coordinator's read of another member's profile photo, and an elder's
   * read of a photo of a member under review.
   */
  staffPhotoRead(actor: Actor, rel: Relationship, photo: PhotoPlacement): 'admin' | 'coordinator' | 'elder' | null {
    if (rel.self) return null;
    const isPublic = photo.onApprovedVolunteerApplication && !rel.otherSuspended;
    if (actor.isAdmin && !isPublic) return 'admin';
    if (photo.onProfile && can.coordinate(rel)) return 'coordinator';
    // An elder's read is a staff read unless the elder could see the photo as a member (a candidate of theirs).
    if (photo.onProfile && can.reviewMember(rel) && !can.seeProfilePhotos(rel)) return 'elder';
    return null;
  },
};
