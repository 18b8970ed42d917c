/**
 * Every answer that describes another person lists exactly what its screen shows (#37.4). Answers are written from
 * these schemas (server/response-serializer.ts: fields a schema does not describe never leave), so pinning their
 * keys here means a field added to an answer about someone else fails this test until a screen uses it and this
 * list says so. Add a key here only together with the screen that shows it.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { coordinatorMember, coordinatorMemberDetail, elderIntroduction, introductionOther, memberIntroduction, memberSummary, suggestion } from './introductions';
import { matchDetail, matchItem, matchProfile } from './match-api';
import { message, otherUserInfo } from './messages';

const keys = (schema: z.ZodObject) => Object.keys(schema.shape).sort();

describe('answers about another person carry only what their screen shows (#37.4)', () => {
  it.each([
    // The match card (browse) and the match page.
    ['match card', matchItem, ['age', 'breakdown', 'firstName', 'photos', 'profileId', 'score']],
    ['match page', matchDetail, ['compatibility', 'profile']],
    [
      'match page profile',
      matchProfile,
      [
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
        'relocation',
        'userId',
      ],
    ],
    // The member's introduction card.
    ['introduction card', memberIntroduction, ['awaitingMe', 'coordinator', 'createdAt', 'followUpDue', 'id', 'introducedAt', 'note', 'other', 'respondBy', 'status']],
    ['introduction card: the other person', introductionOther, ['age', 'breakdown', 'location', 'name', 'photos', 'profileId', 'score', 'userId']],
    // The coordinator's queue, member page and suggestions.
    ['coordinator queue row', coordinatorMember, ['age', 'community', 'location', 'name', 'openIntroductions', 'pendingRequests', 'userId']],
    ['coordinator member', coordinatorMemberDetail, ['emailVerified', 'introductions', 'photos', 'profile', 'requests', 'userId']],
    [
      'coordinator member profile',
      coordinatorMemberDetail.shape.profile,
      [
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
    // openReports: the "reported by this member" / "open reports" flag on a suggestion (issue 31.3).
    ['coordinator suggestion', suggestion, ['age', 'breakdown', 'community', 'location', 'name', 'openReports', 'score', 'userId']],
    // The elders' review card.
    ['elder review', elderIntroduction, ['approvals', 'approvalsRequired', 'coordinator', 'createdAt', 'id', 'members', 'note', 'status']],
    ['elder review: a member', memberSummary, ['aboutYou', 'age', 'community', 'courtshipAlignment', 'gender', 'location', 'name', 'profile', 'userId']],
    // A conversation: the other's messages and their header.
    ['message', message, ['content', 'createdAt', 'id', 'receiverId', 'senderId']],
    // staffRoles: the "Coordinator" / "Elder" badge in a thread (issue 31.5).
    ['conversation header', otherUserInfo, ['departed', 'isVolunteer', 'mayWrite', 'name', 'photo', 'staffRoles', 'volunteerRole']],
  ] as const)('%s', (_name, schema, expected) => {
    expect(keys(schema as unknown as z.ZodObject)).toEqual([...expected].sort());
  });

  it('never names the date of birth in an answer about someone else (#37.1)', () => {
    for (const schema of [matchProfile, introductionOther, coordinatorMemberDetail.shape.profile, memberSummary, coordinatorMember, suggestion]) {
      expect(Object.keys(schema.shape)).not.toContain('dateOfBirth');
    }
  });
});
