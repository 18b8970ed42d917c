import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { applicationFieldErrors } from './server-errors';

const badRequest = (errors: unknown) => new ApiError(400, JSON.stringify({ message: 'Invalid request', errors }), 'Bad Request');

describe('applicationFieldErrors', () => {
  it('turns the server English messages back into codes, on the form fields', () => {
    expect(
      applicationFieldErrors(
        badRequest([
          { path: 'name', message: 'Name must be at least 2 characters' },
          { path: 'email', message: 'Invalid email address' },
          { path: 'agreeToRevenueSplit', message: 'You must agree to the 50-50 revenue sharing policy' },
          { path: 'lastName', message: 'This text is too long' },
        ]),
      ),
    ).toEqual([
      { field: 'name', message: 'volunteerNameShort' },
      { field: 'email', message: 'emailInvalid' },
      { field: 'agreeToRevenueSplit', message: 'agreementRequired' },
      { field: 'name', message: 'volunteerTextTooLong' },
    ]);
  });

  it('ignores unknown fields, other statuses and bodies that are not ours', () => {
    expect(applicationFieldErrors(badRequest([{ path: 'somethingElse', message: 'x' }]))).toEqual([]);
    expect(applicationFieldErrors(new ApiError(500, 'oops', 'Internal Server Error'))).toEqual([]);
    expect(applicationFieldErrors(new ApiError(400, 'not json', 'Bad Request'))).toEqual([]);
    expect(applicationFieldErrors(new Error('network'))).toEqual([]);
  });
});
