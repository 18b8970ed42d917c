import { NO_RUNGS } from '#domain/verification/ladder';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api';
import { isProfileNotActiveError } from './match-errors';
import { nextPageOffset, parseTotal } from '#web/lib/api-page';
import { flattenMatches, type MatchesPage } from './api/matches';

const body = (code: string, message: string) => JSON.stringify({ code, message, errors: [] });

describe('isProfileNotActiveError', () => {
  it('recognises the server 403 by its code, not by its English words', () => {
    expect(isProfileNotActiveError(new ApiError(403, body('profile-not-active', 'Please complete and activate your profile'), 'Forbidden'))).toBe(true);
    expect(isProfileNotActiveError(new ApiError(403, body('forbidden', 'Please complete and activate your profile with 2 photos'), 'Forbidden'))).toBe(false);
    expect(isProfileNotActiveError(new Error('403: you need 2 photos'))).toBe(false);
  });

  it('leaves other failures to the generic error view', () => {
    expect(isProfileNotActiveError(new ApiError(500, body('internal', 'Internal Server Error'), 'Internal Server Error'))).toBe(false);
    expect(isProfileNotActiveError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isProfileNotActiveError(undefined)).toBe(false);
  });
});

describe('matches paging', () => {
  const item = (profileId: string) => ({
    profileId,
    firstName: null,
    age: null,
    photos: [],
    photosBlurred: false,
    score: 50,
    breakdown: { location: 0, community: 0, courtship: 0, diet: 0, age: 0, marriageReadiness: 0, penalties: 0 },
    outsideMyAgeRange: false,
    references: 0,
    verified: false,
    verifiedAt: null,
    verificationMethod: null,
    rungs: NO_RUNGS,
  });
  const page = (ids: string[], total: number): MatchesPage => ({ items: ids.map(item), total });

  it('reads X-Total-Count, falling back to what was seen', () => {
    expect(parseTotal('120', 50)).toBe(120);
    expect(parseTotal(null, 50)).toBe(50);
    expect(parseTotal('abc', 7)).toBe(7);
  });

  it('asks for the next offset while fewer than the total are loaded', () => {
    expect(nextPageOffset([page(['a', 'b'], 3)])).toBe(2);
    expect(nextPageOffset([page(['a', 'b'], 3), page(['c'], 3)])).toBeUndefined();
    expect(nextPageOffset([page(['a', 'b'], 5), page([], 5)])).toBeUndefined();
    expect(nextPageOffset([])).toBeUndefined();
  });

  it('drops a person repeated across pages', () => {
    expect(flattenMatches([page(['a', 'b'], 4), page(['b', 'c'], 4)]).map((m) => m.profileId)).toEqual(['a', 'b', 'c']);
  });
});
