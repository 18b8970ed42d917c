import type { ErrorCode } from '../../../domain/error-codes';

/** What a member reads for each error code the server answers (domain/error-codes.ts). */
export default {
  'invalid-request': 'Some of what you entered is not valid. Please check the highlighted fields.',
  'bad-request': 'Something in this request was not valid. Please check it and try again.',
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You are not allowed to do that.',
  'not-found': 'We could not find that. It may have been removed.',
  conflict: 'This could not be done because something changed. Please reload and try again.',
  gone: 'This link is no longer valid.',
  'payload-too-large': 'That is too large to send.',
  'unsupported-media-type': 'That kind of file cannot be used here.',
  'too-many-requests': 'Too many tries. Please wait a moment and try again.',
  internal: 'Something went wrong on our side. Please try again.',
  'invalid-json': 'Something in this request was not valid. Please reload and try again.',
  'empty-body': 'Something in this request was not valid. Please reload and try again.',
  'unsupported-media-type-json': 'Something in this request was not valid. Please reload and try again.',
  'invalid-content-length': 'Something in this request was not valid. Please reload and try again.',
  'bad-url': 'This address is not valid.',
  'url-too-long': 'This address is too long.',
  'storage-full': 'Sanga is out of storage space, so nothing was saved. Please try again in a few minutes.',
  'database-unavailable': 'Sanga cannot reach its database right now, so this was not done. Please try again in a few seconds.',
  'not-ready': 'Sanga is starting or stopping. Please try again in a moment.',
  'invitation-unknown': 'We could not find this invitation.',
  'invitation-used': 'This invitation has already been used.',
  'invitation-expired': 'This invitation has expired. Please ask for a new one.',
  'email-not-verified': 'Please verify your current email before changing it.',
} satisfies Record<ErrorCode, string>;
