/** The rung computation over the columns the one loader reads (trustOf), without a database. */
import { describe, expect, it } from 'vitest';
import { NO_TRUST } from '#domain/references/references';
import { matchTrustOf, matchTrustWithEmail, profileFingerprint, trustOf, type TrustRow } from './trust';

const profile = { name: 'Radha Devi', dateOfBirth: '1994-05-17', photos: ['/objects/photos/a.jpg', '/objects/photos/b.jpg'] };
const row = (overrides: Partial<TrustRow> = {}): TrustRow => ({
  ...profile,
  matchReferences: 0,
  verification: null,
  emailVerifiedAt: null,
  selfie: null,
  secondReferenceAt: null,
  ...overrides,
});
const verification = (fingerprint = profileFingerprint(profile)) => ({ verifiedAt: '2026-11-20T10:00:00.000Z', method: 'in-person' as const, fingerprint });

describe('trustOf', () => {
  it('nothing to show is the one shared NO_TRUST', () => {
    expect(trustOf(row(), 'matches')).toBe(NO_TRUST);
    expect(trustOf(row({ name: null, dateOfBirth: null, photos: null }), 'staff')).toBe(NO_TRUST);
  });

  it('reads dates as the driver gives them: a Date for a column, a string inside json', () => {
    const facts = trustOf(row({ emailVerifiedAt: new Date('2026-11-01T08:00:00Z'), secondReferenceAt: '2026-11-03T08:00:00+00:00' }), 'matches');
    expect(facts.rungs).toEqual({ email: '2026-11-01T08:00:00.000Z', selfie: null, metByCoordinator: null, references: '2026-11-03T08:00:00.000Z', full: null });
  });

  it('the meeting holds while the name, birth date and photos are the ones verified; staff still see the badge', () => {
    expect(trustOf(row({ verification: verification() }), 'matches')).toMatchObject({ verified: true, rungs: { metByCoordinator: '2026-11-20T10:00:00.000Z' } });
    const changed = row({ verification: verification(profileFingerprint({ ...profile, name: 'Radha Earlier' })) });
    expect(trustOf(changed, 'matches')).toMatchObject({ verified: false, verifiedAt: null, rungs: { metByCoordinator: null } });
    // Staff: the badge as it stands, the rung as matches see it (one ladder for every reader).
    expect(trustOf(changed, 'staff')).toMatchObject({ verified: true, verificationMethod: 'in-person', rungs: { metByCoordinator: null } });
    // The json of a driver that leaves it as text.
    expect(trustOf(row({ verification: JSON.stringify(verification()) }), 'matches').rungs.metByCoordinator).toBe('2026-11-20T10:00:00.000Z');
  });

  it('the selfie holds while every photo she shows was compared, and she shows one', () => {
    const selfie = { decidedAt: '2026-11-21T10:00:00+00:00', photos: profile.photos };
    expect(trustOf(row({ selfie }), 'matches').rungs.selfie).toBe('2026-11-21T10:00:00.000Z');
    expect(trustOf(row({ selfie, photos: [profile.photos[1]!] }), 'matches').rungs.selfie).toBe('2026-11-21T10:00:00.000Z');
    expect(trustOf(row({ selfie, photos: [...profile.photos].reverse() }), 'matches').rungs.selfie).toBe('2026-11-21T10:00:00.000Z');
    expect(trustOf(row({ selfie, photos: [...profile.photos, '/objects/photos/new.jpg'] }), 'matches').rungs.selfie).toBeNull();
    expect(trustOf(row({ selfie, photos: [] }), 'matches').rungs.selfie).toBeNull();
    expect(trustOf(row({ selfie: { ...selfie, photos: null } }), 'matches').rungs.selfie).toBeNull();
    expect(trustOf(row({ selfie: JSON.stringify(selfie) }), 'matches').rungs.selfie).toBe('2026-11-21T10:00:00.000Z');
  });

  it('fully verified on the day the last rung came', () => {
    const facts = trustOf(
      row({
        emailVerifiedAt: new Date('2026-11-01T08:00:00Z'),
        selfie: { decidedAt: '2026-11-21T10:00:00Z', photos: profile.photos },
        verification: verification(),
        secondReferenceAt: new Date('2026-11-10T00:00:00Z'),
        matchReferences: 2,
      }),
      'matches',
    );
    expect(facts).toMatchObject({ references: 2, verified: true, rungs: { full: '2026-11-21T10:00:00.000Z' } });
  });
});

describe('the match index keeps the email rung apart', () => {
  const indexRow = { ...profile, matchReferences: 0, verification: null, selfie: null, secondReferenceAt: null };
  it('someone with only a verified email shares NO_TRUST, and gets the rung back when answered', () => {
    const { facts, emailVerifiedAt } = matchTrustOf({ ...indexRow, emailVerifiedAt: new Date('2026-11-01T08:00:00Z') });
    expect(facts).toBe(NO_TRUST);
    expect(matchTrustWithEmail(facts, emailVerifiedAt).rungs.email).toBe('2026-11-01T08:00:00.000Z');
    const unverified = matchTrustOf({ ...indexRow, emailVerifiedAt: null });
    expect(Number.isNaN(unverified.emailVerifiedAt)).toBe(true);
    expect(matchTrustWithEmail(unverified.facts, unverified.emailVerifiedAt)).toBe(NO_TRUST);
  });

  it('the same facts as trustOf once the email is back, `full` included', () => {
    const full = {
      ...indexRow,
      emailVerifiedAt: new Date('2026-11-25T08:00:00Z'),
      selfie: { decidedAt: '2026-11-21T10:00:00Z', photos: profile.photos },
      verification: verification(),
      secondReferenceAt: new Date('2026-11-10T00:00:00Z'),
      matchReferences: 2,
    };
    const { facts, emailVerifiedAt } = matchTrustOf(full);
    expect(facts.rungs.full).toBeNull();
    expect(matchTrustWithEmail(facts, emailVerifiedAt)).toEqual(trustOf(full, 'matches'));
    expect(matchTrustWithEmail(facts, emailVerifiedAt).rungs.full).toBe('2026-11-25T08:00:00.000Z');
  });
});
