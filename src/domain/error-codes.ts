/**
 * Every code an error answer `{code, message, errors}` can carry, with its English text. The server sends the code
 * and this text (for API clients and the spec's wording); the web never shows the text: it translates the code from
 * `errors.<code>` in i18n/{en,es}/errors.ts (a test walks every code in both languages).
 *
 * To add an error: add its code here (kebab-case, like the 503s' `storage-full`, named for what happened, not for the status), throw
 * `new HttpError(status, 'the-code')` (or a factory in server/errors.ts), and add its English and Spanish texts.
 */
export const errorMessages = {
  // Generic answers, one per status, for faults no code of ours names more precisely.
  'invalid-request': 'Invalid request',
  'bad-request': 'Bad request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  'not-found': 'Not found',
  conflict: 'Conflict',
  gone: 'Gone',
  'payload-too-large': 'Request body is too large',
  'unsupported-media-type': 'Unsupported media type',
  'too-many-requests': 'Too many requests, please try again later',
  internal: 'Internal server error',
  // Fastify's own 4xx faults.
  'invalid-json': 'The request body is not valid JSON',
  'empty-body': 'The request body is empty',
  'unsupported-media-type-json': 'Unsupported media type: send application/json',
  'invalid-content-length': 'Invalid Content-Length',
  'bad-url': 'The address is not valid',
  'url-too-long': 'The address is too long',
  // Temporary faults (503), from db/database-faults.ts.
  'storage-full': 'The service is out of storage space, so nothing was saved. Please try again in a few minutes.',
  'database-unavailable':
    'The service cannot reach its database right now, so your request was not completed. Please try again in a few seconds.',
  // /readyz: this process cannot take requests now (the message says why).
  'not-ready': 'Not ready',
  // Team invitations.
  'invitation-unknown': 'Invitation not found',
  'invitation-used': 'Invitation already used',
  'invitation-expired': 'Invitation expired',
  // Account.
  'email-not-verified': 'Please verify your current email before changing it',
  // Web Push (features/push).
  'push-endpoint-refused': 'The push endpoint cannot be used: it must be an https address of a public host',
  'push-device-limit': 'Too many devices receive notifications: remove one first',
} as const;

export type ErrorCode = keyof typeof errorMessages;

export const errorCodes = Object.keys(errorMessages) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorMessages, value);
}
