import { describe, expect, it } from 'vitest';
import { NOT_ACTIVE_MESSAGE } from '../../../domain/match-api';
import { ApiError } from '../../lib/api';
import { isProfileNotActiveError, isSignedOutError, matchesErrorMessage } from './match-errors';
import { flattenMatches, nextMatchesOffset, parseTotal, type MatchesPage } from './api/matches';

const body = (message: string) => JSON.stringify({ message, errors: [] });

describe('isProfileNotActiveError', () => {
  it('recognises the server 403 and the spec phrasings', () => {
    expect(isProfileNotActiveError(new ApiError(403, body(NOT_ACTIVE_MESSAGE), 'Forbidden'))).toBe(true);
    expect(isProfileNotActiveError(new ApiError(403, body('Please complete your profile first'), 'Forbidden'))).toBe(true);
    expect(isProfileNotActiveError(new Error('403: you need 2 photos'))).toBe(true);
  });

  it('leaves other failures to the generic error view', () => {
    expect(isProfileNotActiveError(new ApiError(500, body('Internal Server Error'), 'Internal Server Error'))).toBe(false);
    expect(isProfileNotActiveError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isProfileNotActiveError(undefined)).toBe(false);
  });
});

describe('error helpers', () => {
  it('tell a 401 apart and give the server message when there is one', () => {
    expect(isSignedOutError(new ApiError(401, body('Unauthorized'), 'Unauthorized'))).toBe(true);
    expect(isSignedOutError(new ApiError(403, '', 'Forbidden'))).toBe(false);
    expect(matchesErrorMessage(new ApiError(500, body('Database unavailable'), 'x'))).toBe('Database unavailable');
    expect(matchesErrorMessage(new ApiError(502, '<html>', 'Bad Gateway'))).toBeUndefined();
    expect(matchesErrorMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});

describe('matches paging', () => {
  const item = (profileId: string) => ({
    profileId,
    firstName: null,
    age: null,
    photos: [],
    score: 50,
    breakdown: { location: 0, community: 0, courtship: 0, diet: 0, age: 0, marriageReadiness: 0, penalties: 0 },
    references: 0,
    verified: false,
    verifiedAt: null,
    verificationMethod: null,
  });
  const page = (ids: string[], total: number): MatchesPage => ({ items: ids.map(item), total });

  it('reads X-Total-Count, falling back to what was seen', () => {
    expect(parseTotal('120', 50)).toBe(120);
    expect(parseTotal(null, 50)).toBe(50);
    expect(parseTotal('abc', 7)).toBe(7);
  });

  it('asks for the next offset while fewer than the total are loaded', () => {
    expect(nextMatchesOffset([page(['a', 'b'], 3)])).toBe(2);
    expect(nextMatchesOffset([page(['a', 'b'], 3), page(['c'], 3)])).toBeUndefined();
    expect(nextMatchesOffset([page(['a', 'b'], 5), page([], 5)])).toBeUndefined();
    expect(nextMatchesOffset([])).toBeUndefined();
  });

  it('drops a person repeated across pages', () => {
    expect(flattenMatches([page(['a', 'b'], 4), page(['b', 'c'], 4)]).map((m) => m.profileId)).toEqual(['a', 'b', 'c']);
  });
});
