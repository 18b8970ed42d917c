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
  // References and verification (issue 33).
  'reference-limit': 'At most 3 references can be requested or received at a time',
  'reference-daily-limit': 'At most 5 reference requests a day: please try again tomorrow',
  'reference-recipient-limit': 'This person has been asked for several references today: please try again tomorrow',
  'reference-needs-profile': 'Please create your profile before asking for references',
  'reference-not-found': 'Reference not found',
  'reference-link-invalid': 'This reference link is not valid: it may have been used already or have expired',
  'verification-self': 'A coordinator cannot verify themself',
  'references-self': 'Your own references are confidential to the other coordinators and the elders',
  'verification-not-found': 'This member is not verified',
  'member-not-found': 'Member not found',
  'member-suspended': 'This member is suspended',
  // Account.
  'email-not-verified': 'Please verify your current email before changing it',
  // Guardians (issue 33).
  'guardian-limit': 'You can have at most 2 guardians',
  'guardian-self': 'You cannot be your own guardian',
  'guardian-already': 'You are already a guardian of this member',
  'guardian-not-found': 'Guardian not found',
  'guardian-read-only': 'A guardian reads, and never acts for the member',
  'guardian-no-messages': 'This member has not let you read their conversations',
  // Staff mail preferences (issue 31.4).
  'staff-notice-not-yours': 'Your roles do not receive this kind of staff mail',
  // Introductions (issue 32).
  'coordinators-only': 'Only coordinators may do this',
  'elders-only': 'Only elders may do this',
  'introduction-not-found': 'Introduction not found',
  'introduction-not-awaiting-you': 'This introduction is not awaiting your answer',
  'introduction-not-awaiting-elders': 'This introduction is not awaiting the elders',
  'introduction-not-cancellable': 'Only an introduction still awaiting an answer can be cancelled',
  'introduction-not-current': 'This introduction has ended',
  'introduction-unavailable': 'This introduction is no longer available',
  'introduction-end-unconfirmed': 'Ending an introduction must be confirmed',
  'introduction-ended': 'Your introduction has ended, so this conversation is closed',
  'introduction-request-not-found': 'Introduction request not found',
} as const;

export type ErrorCode = keyof typeof errorMessages;

export const errorCodes = Object.keys(errorMessages) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorMessages, value);
}
