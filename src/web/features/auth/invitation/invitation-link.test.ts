import { describe, expect, it } from 'vitest';
import { invitationOfPath } from './invitation-link';

describe('invitationOfPath: the sign-up page knows it came from an invitation only by its returnTo', () => {
  it('names the team and the guardian invitation pages with their token', () => {
    expect(invitationOfPath('/join-team?token=abc_-1')).toEqual({ kind: 'team', token: 'abc_-1' });
    expect(invitationOfPath('/guardian-invitation?token=XyZ')).toEqual({ kind: 'guardian', token: 'XyZ' });
  });

  it('is null for any other page, and for an invitation page without a token', () => {
    expect(invitationOfPath('/profile')).toBeNull();
    expect(invitationOfPath('/join-team')).toBeNull();
    expect(invitationOfPath('/join-team-other?token=abc')).toBeNull();
  });
});
