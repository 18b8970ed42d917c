import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { isUnauthorizedError, serverFieldErrors, serverMessageOf } from './server-errors';

describe('serverFieldErrors', () => {
  it('turns the English messages of a 400 back into codes, by top-level field', () => {
    const body = JSON.stringify({
      message: 'Invalid request',
      errors: [
        { path: 'maxAge', message: 'Minimum age must be less than or equal to maximum age' },
        { path: 'aboutYou', message: 'Please share more about yourself' },
        { path: 'photos.0', message: 'Something else' },
      ],
    });
    expect(serverFieldErrors(new ApiError(400, body, 'Bad Request'))).toEqual([
      { field: 'maxAge', message: 'minAgeAboveMax' },
      { field: 'aboutYou', message: 'aboutYouShort' },
      { field: 'photos', message: 'Something else' },
    ]);
  });

  it('gives nothing for other statuses, other errors, or bodies that are not ours', () => {
    expect(serverFieldErrors(new ApiError(500, '{"errors":[{"path":"name","message":"x"}]}', 'x'))).toEqual([]);
    expect(serverFieldErrors(new ApiError(400, 'not json', 'Bad Request'))).toEqual([]);
    expect(serverFieldErrors(new Error('400: boom'))).toEqual([]);
  });
});

describe('isUnauthorizedError', () => {
  it('recognises the spec 401 message', () => {
    expect(isUnauthorizedError(new ApiError(401, '{"message":"Unauthorized","errors":[]}', 'Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(401, '', 'Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, '{"message":"Unauthorized"}', 'Forbidden'))).toBe(false);
    expect(isUnauthorizedError(new ApiError(400, '{"message":"Invalid request"}', 'Bad Request'))).toBe(false);
  });
});

describe('serverMessageOf', () => {
  it('reads the JSON message of an ApiError only', () => {
    expect(serverMessageOf(new ApiError(404, '{"message":"Profile not found"}', 'Not Found'))).toBe('Profile not found');
    expect(serverMessageOf(new ApiError(502, '', 'Bad Gateway'))).toBeUndefined();
    expect(serverMessageOf(new Error('x'))).toBeUndefined();
  });
});
