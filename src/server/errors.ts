import { validationMessages, type ValidationCode } from '#domain/validation-messages';
import { errorMessages, type ErrorCode } from '#domain/error-codes';

/*
 * The error vocabulary every layer of the server throws in (infrastructure, policy, features): it imports only the
 * domain, so it sits below all of them. The one handler that turns these into answers is the HTTP layer's
 * (http/error-handling.ts).
 */

/**
 * One field at fault: where, a stable code the web translates (domain/validation-messages.ts), and the English
 * text for API clients and the spec's wording. `invalid` is the code of a fault that has no code of ours.
 */
export interface FieldError {
  path: string;
  code: ValidationCode | 'invalid';
  message: string;
}

/** A field error from one of our codes, its message the code's English text. */
export function fieldError(path: string, code: ValidationCode): FieldError {
  return { path, code, message: validationMessages[code] };
}

/**
 * Every error answer has this shape: a code the web translates (domain/error-codes.ts), an English sentence for API
 * clients and the spec's wording, and the fields at fault (possibly none).
 */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  errors: FieldError[];
}

/**
 * An error the caller can act on; the one handler turns it into `{code, message, errors}`. The message defaults to
 * the code's English text; pass one only where the spec words it differently or names the thing at fault.
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string = errorMessages[code],
    public readonly errors: FieldError[] = [],
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

// Shorthands for the usual statuses: each takes the code that names what happened (domain/error-codes.ts); the
// message is the code's English text unless the site passes one that names the thing at fault.
export const badRequest = (code: ErrorCode, errors: FieldError[] = []) => new HttpError(400, code, undefined, errors);
export const unauthorized = (code: ErrorCode = 'unauthorized') => new HttpError(401, code);
export const forbidden = (code: ErrorCode) => new HttpError(403, code);
export const notFound = (code: ErrorCode, message?: string) => new HttpError(404, code, message);
export const conflict = (code: ErrorCode, errors: FieldError[] = []) => new HttpError(409, code, undefined, errors);
export const payloadTooLarge = (code: ErrorCode, message?: string) => new HttpError(413, code, message);
export const unsupportedMediaType = (code: ErrorCode) => new HttpError(415, code);
export const tooManyRequests = (retryAfterSeconds: number, code: ErrorCode = 'too-many-requests') =>
  new HttpError(429, code, undefined, [], { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * What a failed request may write to the log. Database errors quote their query parameters,
 * which can hold password hashes and private text, so only the driver's own error is kept.
 */
export function redactForLog(error: unknown): { type: string; message: string; code?: string; stack?: string } {
  const isQueryError = error instanceof Error && 'query' in error && 'params' in error;
  if (isQueryError) {
    const cause = (error.cause ?? {}) as Error & { code?: string };
    return { type: 'QueryError', message: cause.message ?? 'query failed', code: cause.code, stack: cause.stack };
  }
  if (error instanceof Error) {
    return { type: error.name, message: error.message, code: (error as { code?: string }).code, stack: error.stack };
  }
  return { type: typeof error, message: String(error) };
}
