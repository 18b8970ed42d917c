import { describe, expect, it } from 'vitest';
import { ApiError, errorPaths, formFieldErrors, isSignedOut } from './api';

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

describe('isSignedOut', () => {
  const answer = (status: number, code: string) => new ApiError(status, JSON.stringify({ code, message: 'English', errors: [] }), 'x');
  it('is a 401 for a session that ended (a member or the admin), not a refused password', () => {
    expect(isSignedOut(answer(401, 'unauthorized'))).toBe(true);
    expect(isSignedOut(answer(401, 'admin-required'))).toBe(true);
    expect(isSignedOut(new ApiError(401, '', 'Unauthorized'))).toBe(true);
    expect(isSignedOut(answer(401, 'sign-in-invalid'))).toBe(false);
    expect(isSignedOut(answer(401, 'admin-password-wrong'))).toBe(false);
    expect(isSignedOut(answer(403, 'unauthorized'))).toBe(false);
    expect(isSignedOut(new Error('401: Unauthorized'))).toBe(false);
  });
});

describe('errorPaths', () => {
  it('reads the paths of any error answer, e.g. which member a 409 is about', () => {
    const conflict = new ApiError(409, JSON.stringify({ code: 'member-in-open-introduction', message: 'Ana already has…', errors: [{ path: 'memberB', code: 'invalid', message: 'x' }] }), 'Conflict');
    expect(errorPaths(conflict)).toEqual(['memberB']);
    expect(errorPaths(new ApiError(502, '<html>', 'Bad Gateway'))).toEqual([]);
    expect(errorPaths(new Error('x'))).toEqual([]);
  });
});
