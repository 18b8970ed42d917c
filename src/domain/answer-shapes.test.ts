/**
 * Every answer that describes another person lists exactly what its screen shows. Answers are written from
 * these schemas (server/response-serializer.ts: fields a schema does not describe never leave), so pinning their
 * keys here means a field added to an answer about someone else fails this test until a screen uses it and this
 * list says so. Add a key here only together with the screen that shows it.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { coordinatorMember, coordinatorMemberDetail, elderIntroduction, introductionOther, memberIntroduction, memberSummary, myIntroductionRequest, suggestion } from '#domain/introductions/introductions';
import { matchDetail, matchItem, matchProfile } from '#domain/matching/match-api';
import { message, otherUserInfo } from '#domain/messaging/messages';
import { guardedConversation, guardedMember, guardedThread } from '#domain/introductions/guardians';

const keys = (schema: z.ZodObject) => Object.keys(schema.shape).sort();

/**
 * What the biodata card (components/person/biodata-card.tsx) and the introduction card's summary show: the match
 * page, the introduction card and the coordinator's member page carry exactly these of a person's biodata.
 */
const BIODATA_CARD = ['children', 'education', 'familyBackground', 'familyInvolvement', 'heightCm', 'maritalHistory', 'practice', 'profession', 'wantsChildren'];

describe('answers about another person carry only what their screen shows (#37.4)', () => {
  it.each([
    // The match card (browse) and the match page.
    // references (a count), verified/verifiedAt/verificationMethod: the "Verified by a coordinator" badge and the
    // references line on the card and the page.
    // outsideMyAgeRange: the card's "Outside the age range you asked for" (the viewer's own range).
    // rungs: the ladder of verification's ticks, each with its date, and "Fully verified" (components/person/trust-line.tsx).
    ['match card', matchItem, ['age', 'breakdown', 'firstName', 'outsideMyAgeRange', 'photos', 'photosBlurred', 'profileId', 'rungs', 'score', 'references', 'verificationMethod', 'verified', 'verifiedAt']],
    ['match page', matchDetail, ['compatibility', 'profile', 'vedic']],
    [
      'match page profile',
      matchProfile,
      [
        ...BIODATA_CARD,
        'aboutYou',
        'age',
        'communityAffiliation',
        'courtshipAlignment',
        'dealBreakers',
        'dealMakers',
        'dietAlignment',
        'exactLocation',
        'firstName',
        'id',
        'languagesSpoken',
        'marriageReadinessConsultation',
        'photos',
        'photosBlurred',
        'references',
        'relocation',
        'rungs',
        'userId',
        'verificationMethod',
        'verified',
        'verifiedAt',
      ],
    ],
    // The member's introduction card; inactive and otherFirstName: the closed or paused card.
    ['introduction card', memberIntroduction, ['awaitingMe', 'closedBy', 'coordinator', 'createdAt', 'followUpDue', 'id', 'inactive', 'introducedAt', 'metAsked', 'note', 'other', 'otherFirstName', 'respondBy', 'status', 'storyAsked', 'storyShared']],
    // The card's biodata summary (BiodataSummary) reads the biodata's fields.
    [
      'introduction card: the other person',
      introductionOther,
      ['age', 'breakdown', ...BIODATA_CARD, 'location', 'name', 'photos', 'photosBlurred', 'profileId', 'rungs', 'score', 'userId', 'vedic'],
    ],
    // The coordinator's queue, member page and suggestions (their trust line shows the rungs' ticks as the cards do).
    ['my introduction request', myIntroductionRequest, ['createdAt', 'id', 'note', 'other']],
    ['coordinator queue row', coordinatorMember, ['age', 'changedSinceVerified', 'community', 'location', 'name', 'openIntroductions', 'pendingRequests', 'references', 'requestsAbout', 'requestsMade', 'rungs', 'verificationMethod', 'verified', 'verifiedAt', 'userId']],
    ['coordinator member', coordinatorMemberDetail, ['emailVerified', 'introductions', 'photos', 'profile', 'references', 'requests', 'suggestionsLearned', 'userId', 'verification']],
    [
      'coordinator member profile',
      coordinatorMemberDetail.shape.profile,
      [
        ...BIODATA_CARD,
        'aboutYou',
        'age',
        'ageFlexibility',
        'communityAffiliation',
        'courtshipAlignment',
        'dealBreakers',
        'dealMakers',
        'dietAlignment',
        'exactLocation',
        'gender',
        'languagesSpoken',
        'maxAge',
        'minAge',
        'name',
        'relocation',
      ],
    ],
    // openReports: the "reported by this member" / "open reports" flag on a suggestion.
    ['coordinator suggestion', suggestion, ['age', 'breakdown', 'community', 'location', 'name', 'openReports', 'rungs', 'score', 'references', 'verificationMethod', 'verified', 'verifiedAt', 'userId']],
    // The elders' review card.
    // reviewed: in the elder's list of what she reviewed, her decision and the first names as they were.
    ['elder review', elderIntroduction, ['approvals', 'approvalsRequired', 'coordinator', 'createdAt', 'id', 'members', 'note', 'reviewed', 'status', 'vedic']],
    // referenceList: both members' references, answers included, on the review card.
    ['elder review: a member', memberSummary, ['aboutYou', 'age', 'community', 'courtshipAlignment', 'gender', 'location', 'name', 'profile', 'referenceList', 'references', 'rungs', 'verificationMethod', 'verified', 'verifiedAt', 'userId']],
    // A conversation: the other's messages and their header.
    // concealed: a message sent anyway after "Are you sure?", behind a tap for its receiver (issue 50).
    ['message', message, ['concealed', 'content', 'createdAt', 'id', 'receiverId', 'senderId', 'system']],
    // staffRoles: the "Coordinator" / "Elder" badge in a thread.
    // chaperones: the line "A family member of … can read this conversation".
    // heldAttempts: the line "… tried to send you a message with contact details or about money" above the scam tips.
    ['conversation header', otherUserInfo, ['chaperones', 'departed', 'heldAttempts', 'isVolunteer', 'mayNotWriteReason', 'mayWrite', 'name', 'photo', 'staffRoles', 'volunteerRole']],
    // What a guardian's screens (/guarding) show of the member and of the people the member talks with.
    ['guarded member', guardedMember, ['memberFirstName', 'memberUserId', 'seesMessages']],
    ['guarded conversation', guardedConversation, ['lastMessageAt', 'otherUserId', 'otherUserName']],
    ['guarded thread', guardedThread, ['memberFirstName', 'messages', 'otherUserName', 'readableSince']],
    ['guarded thread: a message', guardedThread.shape.messages.element, ['concealed', 'content', 'createdAt', 'fromMember', 'id']],
  ] as const)('%s', (_name, schema, expected) => {
    expect(keys(schema as unknown as z.ZodObject)).toEqual([...expected].sort());
  });

  it('never names the date of birth in an answer about someone else (#37.1)', () => {
    for (const schema of [matchProfile, introductionOther, coordinatorMemberDetail.shape.profile, memberSummary, coordinatorMember, suggestion]) {
      expect(Object.keys(schema.shape)).not.toContain('dateOfBirth');
    }
  });
});
