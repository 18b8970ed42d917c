import { profileValidationMessages, type ProfileValidationCode } from '../../../domain/profile';
import { ApiError } from '../../lib/api';

export interface ServerFieldError {
  /** The top-level field, e.g. 'maxAge'. */
  field: string;
  /** A profile validation code when the server's English text is one of ours, else that text. */
  message: string;
}

const codeByText = new Map<string, ProfileValidationCode>(
  (Object.entries(profileValidationMessages) as [ProfileValidationCode, string][]).map(([code, text]) => [text, code]),
);

/** The field errors of a 400 answer `{message, errors:[{path, message}]}`, messages turned back into codes. */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  try {
    const body = JSON.parse(error.body) as { errors?: unknown };
    if (!Array.isArray(body.errors)) return [];
    return body.errors.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const { path, message } = item as { path?: unknown; message?: unknown };
      if (typeof path !== 'string' || typeof message !== 'string' || path === '') return [];
      return [{ field: path.split('.')[0] ?? path, message: codeByText.get(message) ?? message }];
    });
  } catch {
    return [];
  }
}

/** spec §8: a profile save whose error message starts with 401 and mentions Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401') && error.message.includes('Unauthorized');
}

/** The server's `{message}`, when the error is an answer from our server. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
