import { describe, expect, it } from 'vitest';
import { ApiError, formFieldErrors, isUnauthorizedError, serverMessageOf } from './api';

const badRequest = (errors: unknown) => new ApiError(400, JSON.stringify({ message: 'Invalid request', errors }), 'Bad Request');

describe('formFieldErrors', () => {
  it('keeps each fault’s code and English, on the form’s top-level field or the field an alias names', () => {
    const fields = ['name', 'email', 'maxAge'] as const;
    const error = badRequest([
      { path: 'maxAge', code: 'minAgeAboveMax', message: 'Minimum age must be less than or equal to maximum age' },
      { path: 'lastName', code: 'tooLong80', message: 'At most 80 characters' },
      { path: 'email.0', message: 'Something else' },
      { path: 'photos', code: 'photoUnknown', message: 'Unknown photo' },
    ]);
    expect(formFieldErrors(error, fields, { lastName: 'name' })).toEqual([
      { field: 'maxAge', path: 'maxAge', code: 'minAgeAboveMax', message: 'Minimum age must be less than or equal to maximum age' },
      { field: 'name', path: 'lastName', code: 'tooLong80', message: 'At most 80 characters' },
      { field: 'email', path: 'email.0', code: 'invalid', message: 'Something else' },
    ]);
  });

  it('gives nothing for other statuses, other errors, or bodies that are not ours', () => {
    expect(formFieldErrors(new ApiError(500, '{"errors":[{"path":"name","code":"x","message":"x"}]}', 'x'), ['name'])).toEqual([]);
    expect(formFieldErrors(new ApiError(400, 'not json', 'Bad Request'), ['name'])).toEqual([]);
    expect(formFieldErrors(new Error('400: boom'), ['name'])).toEqual([]);
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
