import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorMessages, type ErrorCode } from '#domain/error-codes';
import { isValidationCode, validationText } from '#domain/validation-messages';
import type { AppInstance } from '#server/app-types';
import { classifyDatabaseError, DatabaseFaults, faultAnswers } from '#server/db/database-faults';
import { HttpError, redactForLog, type ErrorBody, type FieldError } from '#server/errors';
import { logUrl } from '#server/observability/log-url';
import type { AppMetrics } from '#server/observability/metrics';

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

/** The one error handler: every error, ours, Fastify's or a crash, answers `{code, message, errors}`; 5xx hidden. */
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
 * Every error answers `{code, message, errors}` (errorHandler above). Disk full and database away answer 503; here they are
 * also counted and logged once per episode, and an answer that went through the database ends the episode.
 */
export function registerErrorHandling(app: AppInstance, metrics: AppMetrics): DatabaseFaults {
  const databaseFaults = new DatabaseFaults(app.log);
  metrics.tallyCounter('sanga_database_faults_total', 'Requests refused because the disk was full or the database unreachable', 'fault', () => databaseFaults.counts);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const fault = classifyDatabaseError(error);
    if (fault) databaseFaults.record(fault, error);
    return errorHandler(error, request, reply);
  });
  app.addHook('onResponse', async (request, reply) => {
    // An API answer below 500 went through the database: it is reachable; a 2xx write proves there is space again.
    if (reply.statusCode >= 500 || !request.url.startsWith('/api/')) return;
    databaseFaults.succeeded(request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300);
  });
  return databaseFaults;
}
