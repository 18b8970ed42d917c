import { ApiError } from '../../lib/api';
import { validationCodeOf } from '../../i18n/validation-text';

export { serverMessageOf } from '../../lib/api';

export interface ServerFieldError {
  /** The top-level field, e.g. 'maxAge'. */
  field: string;
  /** A profile validation code when the server's English text is one of ours, else that text. */
  message: string;
}

/** The field errors of a 400 answer `{message, errors:[{path, message}]}`, messages turned back into codes. */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!(error instanceof ApiError)) return [];
  return error.fieldErrors.map(({ path, message }) => ({ field: path.split('.')[0] ?? path, message: validationCodeOf(message) }));
}

/** spec §8: a profile save whose error message starts with 401 and mentions Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401') && error.message.includes('Unauthorized');
}

