import { describe, expect, it } from 'vitest';
import { can, closedByIntroduction, NO_RELATIONSHIP, proposalRefusal, writeRefusal, type IntroductionFacts, type PhotoPlacement, type ProposalFacts, type ProposalMember, type Relationship } from './access';

/** A signed-in viewer and an existing other person, with `facts` on top. */
const rel = (facts: Partial<Relationship> = {}): Relationship => ({ ...NO_RELATIONSHIP, signedIn: true, otherExists: true, ...facts });
const visitor = (facts: Partial<Relationship> = {}): Relationship => ({ ...NO_RELATIONSHIP, otherExists: true, ...facts });
const nowhere: PhotoPlacement = { onApprovedVolunteerApplication: false, onProfile: false };
const onProfile: PhotoPlacement = { onApprovedVolunteerApplication: false, onProfile: true };
const onVolunteerApplication: PhotoPlacement = { onApprovedVolunteerApplication: true, onProfile: false };

describe('can.browseMatches', () => {
  it('needs the viewer’s own profile browsable, whatever the other is', () => {
    expect(can.browseMatches(rel({ viewerBrowsable: true }))).toBe(true);
    expect(can.browseMatches(rel({ otherBrowsable: true, candidate: true }))).toBe(false);
  });
});

describe('can.seeProfile', () => {
  it('shows a match candidate and no one else (not oneself, a volunteer or someone who wrote)', () => {
    expect(can.seeProfile(rel({ candidate: true }))).toBe(true);
    expect(can.seeProfile(rel({ self: true, viewerBrowsable: true, otherBrowsable: true }))).toBe(false);
    expect(can.seeProfile(rel({ otherIsVolunteer: true, otherWroteFirst: true, viewerWrote: true }))).toBe(false);
  });
});

describe('can.write', () => {
  it('lets a member write to a candidate, an approved volunteer, or someone who wrote first', () => {
    expect(can.write(rel({ candidate: true }))).toBe(true);
    expect(can.write(rel({ otherIsVolunteer: true }))).toBe(true);
    expect(can.write(rel({ otherWroteFirst: true }))).toBe(true);
  });

  it('refuses a stranger, someone the viewer only wrote to, an unknown person, oneself and a visitor', () => {
    expect(can.write(rel())).toBe(false);
    expect(can.write(rel({ viewerWrote: true }))).toBe(false);
    expect(can.write({ ...NO_RELATIONSHIP, signedIn: true })).toBe(false);
    expect(can.write(rel({ self: true, otherIsVolunteer: true, candidate: true, otherWroteFirst: true }))).toBe(false);
    expect(can.write(visitor({ otherIsVolunteer: true }))).toBe(false);
  });

  it('is not opened by the viewer being a volunteer', () => {
    expect(can.write(rel({ viewerIsVolunteer: true }))).toBe(false);
  });
});

describe('can.seeUserInfo', () => {
  it('answers for oneself, a volunteer, a candidate, and either side of a conversation', () => {
    for (const facts of [{ self: true }, { otherIsVolunteer: true }, { candidate: true }, { otherWroteFirst: true }, { viewerWrote: true }]) {
      expect(can.seeUserInfo(rel(facts))).toBe(true);
    }
  });

  it('treats a stranger, an unknown id and a visitor alike (refused)', () => {
    expect(can.seeUserInfo(rel())).toBe(false);
    expect(can.seeUserInfo({ ...NO_RELATIONSHIP, signedIn: true, otherIsVolunteer: true })).toBe(false);
    expect(can.seeUserInfo(visitor({ otherIsVolunteer: true }))).toBe(false);
  });
});

describe('can.seeProfilePhotos', () => {
  it('is a candidate’s face only (not even one’s own, as the user info answers today)', () => {
    expect(can.seeProfilePhotos(rel({ candidate: true }))).toBe(true);
    expect(can.seeProfilePhotos(rel({ self: true }))).toBe(false);
    expect(can.seeProfilePhotos(rel({ otherWroteFirst: true, otherIsVolunteer: true }))).toBe(false);
  });
});

describe('can.viewPhoto', () => {
  it('shows the admin any photo, even with no relationship and the photo shown nowhere', () => {
    expect(can.viewPhoto({ isAdmin: true }, visitor(), nowhere)).toBe(true);
  });

  it('shows a photo on an approved volunteer application to everyone, visitors included', () => {
    expect(can.viewPhoto({}, visitor(), onVolunteerApplication)).toBe(true);
    expect(can.viewPhoto({ userId: 'a' }, rel(), onVolunteerApplication)).toBe(true);
    // A suspended volunteer's photo leaves the public path (the admin still sees it).
    expect(can.viewPhoto({}, visitor({ otherSuspended: true }), onVolunteerApplication)).toBe(false);
    expect(can.viewPhoto({ userId: 'a' }, rel({ otherSuspended: true }), onVolunteerApplication)).toBe(false);
    expect(can.viewPhoto({ isAdmin: true }, visitor({ otherSuspended: true }), onVolunteerApplication)).toBe(true);
  });

  it('shows a visitor nothing else', () => {
    expect(can.viewPhoto({}, visitor({ candidate: true }), onProfile)).toBe(false);
  });

  it('shows the owner every photo of theirs, shown or not', () => {
    expect(can.viewPhoto({ userId: 'a' }, rel({ self: true }), nowhere)).toBe(true);
  });

  it('shows a candidate the photos the owner’s profile shows, and nothing else', () => {
    expect(can.viewPhoto({ userId: 'a' }, rel({ candidate: true }), onProfile)).toBe(true);
    expect(can.viewPhoto({ userId: 'a' }, rel({ candidate: true }), nowhere)).toBe(false);
  });

  it('refuses a non-candidate a profile photo, even one who wrote or a volunteer’s', () => {
    expect(can.viewPhoto({ userId: 'a' }, rel({ otherWroteFirst: true, viewerWrote: true, otherIsVolunteer: true }), onProfile)).toBe(false);
  });
});

describe('a block (either way) and a suspension', () => {
  const everything = { candidate: true, otherIsVolunteer: true, otherWroteFirst: true, viewerWrote: true, viewerBrowsable: true, otherBrowsable: true };

  it('makes a blocked pair strangers: no profile, photos, info or writing, whatever else holds', () => {
    const blocked = rel({ ...everything, blocked: true });
    expect(can.seeProfile(blocked)).toBe(false);
    expect(can.seeProfilePhotos(blocked)).toBe(false);
    expect(can.seeUserInfo(blocked)).toBe(false);
    expect(can.write(blocked)).toBe(false);
    expect(can.viewPhoto({ userId: 'viewer' }, blocked, onProfile)).toBe(false);
  });

  it('leaves oneself, the admin and a public volunteer photo as they were', () => {
    expect(can.seeUserInfo(rel({ self: true, blocked: true }))).toBe(true);
    expect(can.viewPhoto({ isAdmin: true }, rel({ blocked: true }), onProfile)).toBe(true);
    expect(can.viewPhoto({ userId: 'viewer' }, rel({ blocked: true }), onVolunteerApplication)).toBe(true);
  });

  it('hides a suspended person from new eyes and refuses messages to them, but keeps their old threads named', () => {
    const suspended = rel({ ...everything, otherSuspended: true });
    expect(can.seeProfile(suspended)).toBe(false);
    expect(can.write(suspended)).toBe(false);
    expect(can.seeUserInfo(suspended)).toBe(true);
    expect(can.seeUserInfo(rel({ candidate: true, otherIsVolunteer: true, otherSuspended: true }))).toBe(false);
  });

  it('hides a person held for review (three open reporters) from the match page and photos, and nothing else', () => {
    const held = rel({ ...everything, otherHeldForReview: true });
    expect(can.seeProfile(held)).toBe(false);
    expect(can.seeProfilePhotos(held)).toBe(false);
    expect(can.viewPhoto({ userId: 'viewer' }, held, onProfile)).toBe(false);
    expect(can.write(held)).toBe(true);
    expect(can.seeUserInfo(held)).toBe(true);
  });

  it('lets a member report or block anyone they could have met, also once blocked or suspended, and nobody else', () => {
    expect(can.report(rel({ candidate: true }))).toBe(true);
    expect(can.report(rel({ otherIsVolunteer: true }))).toBe(true);
    expect(can.report(rel({ otherWroteFirst: true, blocked: true }))).toBe(true);
    expect(can.report(rel({ viewerWrote: true, otherSuspended: true }))).toBe(true);
    expect(can.report(rel({}))).toBe(false);
    expect(can.report(rel({ self: true, candidate: true }))).toBe(false);
    expect(can.report(rel({ signedIn: false, candidate: true }))).toBe(false);
  });
});

describe('introductions, roles and DIRECT_MESSAGES (issue 16)', () => {
  it('lets two introduced people write to each other under either policy, and see each other’s info and photos while the introduction is open', () => {
    const introduced = rel({ introduced: true, introducedOpen: true, otherBrowsable: true });
    expect(can.write(introduced, 'open')).toBe(true);
    expect(can.write(introduced, 'introductions-only')).toBe(true);
    expect(can.seeUserInfo(introduced)).toBe(true);
    expect(can.seeProfilePhotos(introduced)).toBe(true);
    expect(can.viewPhoto({ userId: 'viewer' }, introduced, onProfile)).toBe(true);
    // An ended introduction, or a profile no longer active, grants no photos (the thread stays).
    const ended = rel({ introduced: true, introductionClosed: true, introductionClosedKnown: true });
    // An ended introduction closes the thread for both in every mode, whoever wrote first.
    for (const policy of ['open', 'introductions-only'] as const) {
      expect(can.write(ended, policy)).toBe(false);
      expect(can.write({ ...ended, otherWroteFirst: true, viewerWrote: true }, policy)).toBe(false);
      expect(writeRefusal(ended, policy)).toBe('introduction-closed');
    }
    expect(can.seeProfilePhotos(ended)).toBe(false);
    expect(can.viewPhoto({ userId: 'viewer' }, ended, onProfile)).toBe(false);
    expect(can.seeProfilePhotos(rel({ introduced: true, introducedOpen: true }))).toBe(false);
  });

  it('closes contact after an ending or a decline in every mode, until a newer introduction is accepted; coordinators are not concerned (issue 46.1)', () => {
    const declined = rel({ candidate: true, introductionClosed: true, introductionClosedKnown: true });
    for (const policy of ['open', 'introductions-only'] as const) {
      expect(can.write(declined, policy)).toBe(false);
      expect(writeRefusal(declined, policy)).toBe('introduction-closed');
      // Closed even to an approved volunteer of the pair: only coordinators are written to whatever happened.
      expect(can.write({ ...declined, otherIsVolunteer: true }, policy)).toBe(false);
      expect(can.write({ ...declined, otherRoles: ['coordinator'] }, policy)).toBe(true);
      expect(can.write({ ...declined, viewerRoles: ['coordinator'] }, policy)).toBe(true);
      // A newer introduction both accepted opens it again.
      expect(can.write({ ...declined, introduced: true, introducedOpen: true }, policy)).toBe(true);
      // Someone never asked (the first declined) is refused as anyone else is, and never told why.
      expect(writeRefusal({ ...declined, introductionClosedKnown: false }, policy)).toBe(policy === 'open' ? 'not-allowed' : 'introductions-only');
      // A block or a suspension answers as before.
      expect(writeRefusal({ ...declined, blocked: true }, policy)).toBe('not-allowed');
    }
    expect(closedByIntroduction(declined)).toBe(true);
  });

  it('with introductions-only, a match candidate is no longer enough; volunteers, coordinators and who wrote first still are', () => {
    expect(can.write(rel({ candidate: true }), 'open')).toBe(true);
    expect(can.write(rel({ candidate: true }), 'introductions-only')).toBe(false);
    expect(can.write(rel({ otherIsVolunteer: true }), 'introductions-only')).toBe(true);
    expect(can.write(rel({ otherRoles: ['coordinator'] }), 'introductions-only')).toBe(true);
    expect(can.write(rel({ otherRoles: ['elder'] }), 'introductions-only')).toBe(false);
    expect(can.write(rel({ otherWroteFirst: true }), 'introductions-only')).toBe(true);
    expect(can.write(rel({ viewerWrote: true }), 'introductions-only')).toBe(false);
  });

  it('lets a coordinator write to any member and see profile photos, but a block or a suspension still wins', () => {
    const coordinator = { viewerRoles: ['coordinator'] as const };
    expect(can.write(rel(coordinator), 'introductions-only')).toBe(true);
    expect(can.write({ ...NO_RELATIONSHIP, signedIn: true, viewerRoles: ['coordinator'] })).toBe(false);
    expect(can.viewPhoto({ userId: 'viewer' }, rel({ ...coordinator, otherBrowsable: true }), onProfile)).toBe(true);
    expect(can.viewPhoto({ userId: 'viewer' }, rel({ ...coordinator, otherBrowsable: true }), nowhere)).toBe(false);
    // Only a member the queue shows or one with an open introduction or request, never across a block or a suspension.
    expect(can.viewPhoto({ userId: 'viewer' }, rel(coordinator), onProfile)).toBe(false);
    expect(can.viewPhoto({ userId: 'viewer' }, rel({ ...coordinator, otherInCoordination: true }), onProfile)).toBe(true);
    expect(can.coordinateMember(rel({ ...coordinator, otherBrowsable: true, blocked: true }))).toBe(false);
    expect(can.coordinateMember(rel({ ...coordinator, otherBrowsable: true, otherSuspended: true }))).toBe(false);
    // A selfie: the members she coordinates, never her own (issue 50).
    expect(can.reviewSelfie(rel({ ...coordinator, otherBrowsable: true }))).toBe(true);
    expect(can.reviewSelfie(rel({ ...coordinator, otherBrowsable: true, self: true }))).toBe(false);
    expect(can.reviewSelfie(rel({ ...coordinator, otherBrowsable: true, blocked: true }))).toBe(false);
    expect(can.reviewSelfie(rel({ otherBrowsable: true }))).toBe(false);
    expect(can.staffPhotoRead({ userId: 'viewer' }, rel({ ...coordinator, otherBrowsable: true }), onProfile)).toBe('coordinator');
    expect(can.staffPhotoRead({ isAdmin: true }, visitor(), onProfile)).toBe('admin');
    expect(can.staffPhotoRead({ isAdmin: true }, visitor(), onVolunteerApplication)).toBeNull();
    expect(can.staffPhotoRead({ userId: 'viewer' }, rel({ candidate: true }), onProfile)).toBeNull();
    expect(can.write(rel({ ...coordinator, blocked: true }))).toBe(false);
    expect(can.write(rel({ ...coordinator, otherSuspended: true }))).toBe(false);
    expect(can.write(rel({ introduced: true, blocked: true }))).toBe(false);
  });

  it('gives the coordinator and elder work only to those roles, and never to a visitor', () => {
    expect(can.coordinate(rel({ viewerRoles: ['coordinator'] }))).toBe(true);
    expect(can.coordinate(rel({ viewerRoles: ['elder'] }))).toBe(false);
    expect(can.review(rel({ viewerRoles: ['elder'] }))).toBe(true);
    expect(can.review(rel({ viewerRoles: ['coordinator'] }))).toBe(false);
    expect(can.coordinate(visitor({ viewerRoles: ['coordinator'] }))).toBe(false);
  });
});

describe('introduction rules (issue 30.2)', () => {
  const facts = (over: Partial<IntroductionFacts> = {}): IntroductionFacts => ({
    viewerId: 'v',
    viewerRoles: [],
    memberA: 'a',
    memberB: 'b',
    coordinatorId: 'c',
    reachedA: true,
    reachedB: false,
    introduced: false,
    ...over,
  });

  it('proposeIntroduction: a coordinator, two different people, never one of them', () => {
    expect(can.proposeIntroduction(facts({ viewerRoles: ['coordinator'] }))).toBe(true);
    expect(can.proposeIntroduction(facts({ viewerRoles: ['elder'] }))).toBe(false);
    expect(can.proposeIntroduction(facts({ viewerRoles: ['coordinator'], memberB: 'a' }))).toBe(false);
    expect(can.proposeIntroduction(facts({ viewerRoles: ['coordinator'], viewerId: 'a' }))).toBe(false);
  });

  it('proposalRefusal: the first reason the pair may not be proposed, in order; each member within their limit', () => {
    const member = (over: Partial<ProposalMember> = {}): ProposalMember => ({ suspended: false, courtshipAlignment: 'either-with-guidance', openIntroductions: 0, ...over });
    const pair = (over: Partial<ProposalFacts> = {}): ProposalFacts => ({
      memberA: member(),
      memberB: member(),
      blocked: false,
      reported: false,
      candidates: true,
      declinedBefore: false,
      openTogether: false,
      ...over,
    });
    expect(proposalRefusal(pair(), 3)).toBeNull();
    expect(proposalRefusal(pair({ memberB: null, blocked: true }), 3)).toEqual({ code: 'member-not-found' });
    expect(proposalRefusal(pair({ memberA: member({ suspended: true }), blocked: true }), 3)).toEqual({ code: 'member-suspended' });
    expect(proposalRefusal(pair({ blocked: true, reported: true }), 3)).toEqual({ code: 'member-blocked' });
    expect(proposalRefusal(pair({ reported: true, candidates: false }), 3)).toEqual({ code: 'member-reported' });
    expect(proposalRefusal(pair({ candidates: false, declinedBefore: true }), 3)).toEqual({ code: 'not-candidates' });
    expect(proposalRefusal(pair({ memberA: member({ courtshipAlignment: null }) }), 3)).toEqual({ code: 'not-candidates' });
    expect(proposalRefusal(pair({ declinedBefore: true, openTogether: true }), 3)).toEqual({ code: 'introduction-declined-before' });
    expect(proposalRefusal(pair({ openTogether: true }), 3)).toEqual({ code: 'introduction-already-open' });
    expect(proposalRefusal(pair({ memberB: member({ courtshipAlignment: 'one-to-one-essential', openIntroductions: 1 }) }), 3)).toEqual({
      code: 'member-in-open-introduction',
      member: 'memberB',
      limit: 1,
    });
    expect(proposalRefusal(pair({ memberA: member({ openIntroductions: 3 }), memberB: member({ openIntroductions: 3 }) }), 3)).toEqual({
      code: 'member-introduction-limit',
      member: 'memberA',
      limit: 3,
    });
    expect(proposalRefusal(pair({ memberA: member({ openIntroductions: 2 }) }), 3)).toBeNull();
  });

  it('answerIntroduction: only a member it has reached (the second never before the first accepted)', () => {
    expect(can.answerIntroduction(facts({ viewerId: 'a' }))).toBe(true);
    expect(can.answerIntroduction(facts({ viewerId: 'b' }))).toBe(false);
    expect(can.answerIntroduction(facts({ viewerId: 'b', reachedB: true }))).toBe(true);
    expect(can.answerIntroduction(facts({ viewerId: 'c', viewerRoles: ['coordinator'] }))).toBe(false);
  });

  it('reviewIntroduction: an elder who neither proposed it nor is part of it', () => {
    expect(can.reviewIntroduction(facts({ viewerRoles: ['elder'] }))).toBe(true);
    expect(can.reviewIntroduction(facts({ viewerRoles: ['coordinator'] }))).toBe(false);
    for (const viewerId of ['a', 'b', 'c']) expect(can.reviewIntroduction(facts({ viewerId, viewerRoles: ['elder', 'coordinator'] }))).toBe(false);
  });

  it('followUp: one of the two once both accepted; endIntroduction also a coordinator outside the pair', () => {
    expect(can.followUp(facts({ viewerId: 'a', introduced: true }))).toBe(true);
    expect(can.followUp(facts({ viewerId: 'a' }))).toBe(false);
    expect(can.followUp(facts({ viewerId: 'v', introduced: true, viewerRoles: ['coordinator'] }))).toBe(false);
    expect(can.endIntroduction(facts({ viewerId: 'v', introduced: true, viewerRoles: ['coordinator'] }))).toBe(true);
    expect(can.endIntroduction(facts({ viewerId: 'v', introduced: true }))).toBe(false);
    expect(can.endIntroduction(facts({ viewerId: 'b', introduced: true }))).toBe(true);
  });
});

describe('photos kept for introductions (issue 49.3)', () => {
  const kept = { otherPhotosPrivate: true, otherBrowsable: true } as const;
  const viewer = { userId: 'viewer' };

  it('a match candidate gets the placeholders, not the photos, until an introduction both accepted is open', () => {
    const candidate = rel({ ...kept, candidate: true });
    expect(can.seeProfilePhotos(candidate)).toBe(true);
    expect(can.seeOriginalPhotos(candidate)).toBe(false);
    expect(can.viewPhoto(viewer, candidate, onProfile)).toBe(false);
    expect(can.viewPhotoPlaceholder(viewer, candidate, onProfile)).toBe(true);

    const introduced = rel({ ...kept, candidate: true, introduced: true, introducedOpen: true });
    expect(can.seeOriginalPhotos(introduced)).toBe(true);
    expect(can.viewPhoto(viewer, introduced, onProfile)).toBe(true);
    // Ended, or blocked: back to nothing more than placeholders, and a block takes those too.
    expect(can.viewPhoto(viewer, rel({ ...kept, candidate: true, introduced: true, introductionClosed: true }), onProfile)).toBe(false);
    const blocked = rel({ ...kept, introduced: true, introducedOpen: true, blocked: true });
    expect(can.viewPhoto(viewer, blocked, onProfile)).toBe(false);
    expect(can.viewPhotoPlaceholder(viewer, blocked, onProfile)).toBe(false);
  });

  it('the owner, her coordinators and the admin see the photos; an elder reviewing her gets the placeholders', () => {
    expect(can.viewPhoto(viewer, rel({ ...kept, self: true }), onProfile)).toBe(true);
    expect(can.viewPhoto(viewer, rel({ ...kept, viewerRoles: ['coordinator'] }), onProfile)).toBe(true);
    expect(can.viewPhoto({ isAdmin: true }, visitor(), onProfile)).toBe(true);
    const elder = rel({ ...kept, viewerRoles: ['elder'], otherAwaitingViewerReview: true });
    expect(can.viewPhoto(viewer, elder, onProfile)).toBe(false);
    expect(can.viewPhotoPlaceholder(viewer, elder, onProfile)).toBe(true);
    expect(can.viewPhoto(viewer, rel({ viewerRoles: ['elder'], otherAwaitingViewerReview: true, otherBrowsable: true }), onProfile)).toBe(true);
  });

  it('nobody else gets even a placeholder', () => {
    expect(can.viewPhotoPlaceholder(viewer, rel(kept), onProfile)).toBe(false);
    expect(can.viewPhotoPlaceholder({}, visitor(), onProfile)).toBe(false);
    expect(can.viewPhotoPlaceholder(viewer, rel({ ...kept, candidate: true }), nowhere)).toBe(false);
  });
});
