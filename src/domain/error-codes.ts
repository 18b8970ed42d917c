import { PROFILE_PHOTOS } from '#domain/profile/photo-count';

/**
 * Every code an error answer `{code, message, errors}` can carry, with its English text. The server sends the code
 * and this text (for API clients and the spec's wording); the web never shows the text: it translates the code from
 * `errors.<code>` in i18n/{en,es}/errors.ts (a test walks every code in both languages).
 *
 * To add an error: add its code here (kebab-case, like the 503s' `storage-full`, named for what happened, not for the status), throw
 * `new HttpError(status, 'the-code')` (or a factory in server/errors.ts, which takes a code), and add its English and
 * Spanish texts to src/web/i18n/{en,es}/errors.ts (docs/decisions/010-error-codes.md).
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
  'invitation-other-account': 'This invitation was sent to another email address',
  'name-required': 'Please give the name members will see',
  // References and verification.
  'reference-limit': 'At most 3 references can be requested or received at a time',
  'reference-daily-limit': 'At most 5 reference requests a day: please try again tomorrow',
  'reference-recipient-limit': 'This person has been asked for several references today: please try again tomorrow',
  'reference-own-email': 'A reference must come from someone else: this is one of your own addresses',
  'reference-needs-profile': 'Please create your profile before asking for references',
  'reference-not-found': 'Reference not found',
  'reference-link-invalid': 'This reference link is not valid: it may have been used already or have expired',
  'verification-self': 'A coordinator cannot verify themself',
  'references-self': 'Your own references are confidential to the other coordinators and the elders',
  'verification-not-found': 'This member is not verified',
  'member-not-found': 'Member not found',
  'member-suspended': 'This member is suspended',
  // The selfie check (issue 50).
  'selfie-pending': 'A selfie awaits review',
  'selfie-approved': 'The selfie check is approved',
  'selfie-gesture-missing': 'Ask for a gesture first',
  'selfie-gesture-expired': 'The gesture expired',
  'selfie-needs-photos': 'Add a profile photo first',
  'selfie-daily-limit': 'At most 3 selfies a day',
  'selfie-not-found': 'Selfie not found',
  'selfie-self': 'Not your own selfie',
  // Account.
  'email-not-verified': 'Please verify your current email before changing it',
  'recipient-mail-limit': 'This address has received enough mail from Sanga today: please try again tomorrow',
  // Guardians.
  'guardian-limit': 'You can have at most 2 guardians',
  'guardian-self': 'You cannot be your own guardian',
  'guardian-already': 'You are already a guardian of this member',
  'guardian-not-found': 'Guardian not found',
  'guardian-read-only': 'A guardian reads, and never acts for the member',
  'guardian-no-messages': 'This member has not let you read their conversations',
  // Staff mail preferences.
  'staff-notice-not-yours': 'Your roles do not receive this kind of staff mail',
  // Introductions.
  'coordinators-only': 'Only coordinators may do this',
  'elders-only': 'Only elders may do this',
  'introduction-not-found': 'Introduction not found',
  'introduction-not-awaiting-you': 'This introduction is not awaiting your answer',
  'introduction-not-awaiting-elders': 'This introduction is not awaiting the elders',
  'introduction-not-cancellable': 'Only an introduction still awaiting an answer can be cancelled',
  'introduction-not-current': 'This introduction has ended',
  'introduction-unavailable': 'This introduction is no longer available',
  'story-not-yet': 'A story is asked once the introduction reaches engaged or married',
  'story-not-agreed': 'Both members must agree before a story is published',
  'story-not-found': 'Story not found',
  'introduction-end-unconfirmed': 'Ending an introduction must be confirmed',
  'introduction-closed': 'Your introduction has ended or was declined, so you cannot write to each other any more',
  'introduction-request-not-found': 'Introduction request not found',
  'consultation-not-found': 'This member has not asked for a consultation',
  'account-not-found': 'Account not found',
  'email-unchanged': 'This is already your email',
  'password-incorrect': 'The password is not correct',
  'session-not-found': 'Session not found',
  'email-change-link-invalid': 'This link is not valid or the change was already made or cancelled',
  'unsubscribe-link-invalid': 'This link is not valid',
  // Sign-up and sign-in.
  'email-taken': 'An account with this email already exists',
  suspended: 'This account is suspended',
  'sign-in-invalid': 'Invalid email or password',
  'link-invalid': 'This link is not valid or has expired',
  'reset-link-invalid': 'This reset link is not valid or has expired',
  'admin-sign-in-off': 'Admin sign-in is off: ADMIN_PASSWORD is not set',
  'admin-password-wrong': 'Invalid password',
  'admin-required': 'Admin sign-in required',
  'cross-site-refused': 'Cross-site request refused',
  'metrics-refused': 'Metrics are served to the loopback address or with METRICS_TOKEN',
  'route-not-found': 'Route not found',
  // Profiles and matches.
  'profile-not-found': 'Profile not found',
  'profile-missing': 'Please create your profile first',
  'profile-incomplete': `Please complete your profile and add ${PROFILE_PHOTOS} photos before you activate your profile`,
  'activation-email-not-verified': 'Please verify your email before you activate your profile',
  'profile-not-active': `Please complete and activate your profile with ${PROFILE_PHOTOS} photos to see your matches`,
  'user-not-found': 'User not found',
  'place-not-on-map':
    'Your location could not be found on the map, so the list cannot be narrowed by distance: write it as city, region, country in your profile, or choose any distance',
  // Photos and uploads.
  'photo-duplicate': 'The same photo cannot fill both slots',
  'photo-not-yours': 'You can only use photos you uploaded',
  'photo-path-invalid': 'Invalid photo path',
  'photo-too-large': 'The photo is larger than 10 MB',
  'photo-size-required': 'The size of the photo is required',
  'too-many-unused-photos': 'You have too many photos that are not on your profile; save your photos, or try again tomorrow',
  'upload-link-invalid': 'Invalid upload link',
  'upload-empty': 'The upload is empty',
  'upload-link-refused': 'This upload link is not valid for you, has expired or was already used',
  'upload-not-yours': 'This upload is not yours or is not finished',
  'photo-not-found': 'Not found',
  'object-too-large': 'The object is too large',
  'not-an-image': 'The file is not an image',
  'image-too-many-pixels': 'The image has too many megapixels',
  'image-unreadable': 'The image could not be read: it may be damaged or too large',
  // Messages.
  'message-refused': 'You cannot send messages to this person',
  'message-unkind': 'Hurtful words',
  'contact-before-introduction': 'Contact details before an introduction',
  'money-request': 'Money request before an introduction',
  'too-many-streams': 'Too many open event streams',
  // Safety and moderation.
  'block-self': 'You cannot block yourself',
  'report-self': 'You cannot report yourself',
  'report-limit': 'You have sent many reports today; please try again tomorrow',
  'notice-not-found': 'Notice not found',
  'report-not-found': 'Report not found',
  'report-resolved': 'This report is already resolved',
  'reported-account-deleted': 'The reported account was deleted',
  // Volunteers.
  'volunteer-application-missing': 'No volunteer application',
  'volunteer-application-not-found': 'Volunteer application not found',
  // Introductions (coordinators and elders).
  'elders-see-reviews-only': 'Elders see only the introductions awaiting their review and the ones they reviewed',
  'introduction-same-member': 'Choose two different members',
  'introduction-own': 'A coordinator cannot propose an introduction of their own',
  'member-blocked': 'One of the two has blocked the other',
  'member-reported': 'One of the two has reported the other',
  'not-candidates': 'These two are not match candidates of each other',
  'introduction-declined-before': 'An introduction between these two was declined',
  'introduction-already-open': 'An introduction between these two is already open',
  // The message names the member (`errors[0].path` says which of memberA/memberB); the web names them itself.
  'member-in-open-introduction': 'This member already has an open introduction (one-to-one courtship)',
  'member-introduction-limit': 'This member already has as many open introductions as allowed',
  'review-own-introduction': 'You cannot review an introduction you proposed or are part of',
  'introduction-already-reviewed': 'You have already reviewed this introduction',
  // Web Push (features/push).
  'push-endpoint-refused': 'The push endpoint cannot be used: it must be an https address of a public host',
  'push-device-limit': 'Too many devices receive notifications: remove one first',
  'push-device-not-found': 'Device not found',
  'guardian-recipient-limit': 'This address has received enough invitations today',
} as const;

export type ErrorCode = keyof typeof errorMessages;

export const errorCodes = Object.keys(errorMessages) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorMessages, value);
}
