import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { logUrl } from './observability/log-url';
import { isValidationCode, validationMessages, validationText, type ValidationCode } from '../domain/validation-messages';
import { classifyDatabaseError, faultAnswers } from './db/database-faults';
import { errorMessages, type ErrorCode } from '../domain/error-codes';

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

const contextPrefix: Record<string, string> = { body: '', params: 'params.', querystring: 'query.', headers: 'headers.' };

/** Fastify's own 4xx codes we answer with a friendlier sentence. */
const fastifyMessages: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid-json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'empty-body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload-too-large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported-media-type-json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid-content-length' },
  FST_ERR_BAD_URL: { status: 400, code: 'bad-url' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'url-too-long' },
};

/** A status's generic code, for 4xx faults that reach the handler without one of ours (Fastify's, plugins'). */
function genericCode(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'bad-request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not-found',
    409: 'conflict',
    410: 'gone',
    413: 'payload-too-large',
    415: 'unsupported-media-type',
    429: 'too-many-requests',
  };
  return byStatus[status] ?? 'bad-request';
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const prefix = contextPrefix[error.validationContext ?? 'body'] ?? '';
    const seen = new Set<string>();
    const errors: FieldError[] = [];
    for (const issue of error.validation) {
      const path = `${prefix}${issue.instancePath.slice(1).replaceAll('/', '.')}`.replace(/\.$/, '');
      const raw = issue.message ?? 'Invalid value';
      const code = isValidationCode(raw) ? raw : 'invalid';
      const message = validationText(raw);
      // One line per field and message: zod may report the same fault twice.
      if (seen.has(`${path}\n${message}`)) continue;
      seen.add(`${path}\n${message}`);
      errors.push({ path, code, message });
    }
    return reply.status(400).send({ code: 'invalid-request', message: errorMessages['invalid-request'], errors } satisfies ErrorBody);
  }
  if (error instanceof HttpError) {
    return reply
      .status(error.statusCode)
      .headers(error.headers)
      .send({ code: error.code, message: error.message, errors: error.errors } satisfies ErrorBody);
  }
  const known = error.code ? fastifyMessages[error.code] : undefined;
  if (known) {
    return reply
      .status(known.status)
      .send({ code: known.code, message: errorMessages[known.code], errors: [] } satisfies ErrorBody);
  }

  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    return reply.status(status).send({ code: genericCode(status), message: error.message, errors: [] } satisfies ErrorBody);
  }
  // A full disk or an unreachable database is temporary and not the caller's fault: 503, when to retry, and a
  // `code` a client can act on. The operator hears of it once, from DatabaseFaults (app.ts), not per request.
  const fault = classifyDatabaseError(error);
  if (fault) {
    const answer = faultAnswers[fault];
    return reply
      .status(503)
      .header('Retry-After', String(answer.retryAfterSeconds))
      .send({ code: fault, message: answer.message, errors: [] } satisfies ErrorBody);
  }
  request.log.error({ error: redactForLog(error), url: logUrl(request), method: request.method }, 'request failed');
  return reply.status(500).send({ code: 'internal', message: errorMessages.internal, errors: [] } satisfies ErrorBody);
}

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
