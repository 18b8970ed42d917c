import { PROFILE_PHOTOS, profileValidationMessages } from '#domain/profile/profile';
import { volunteerValidationMessages } from '#domain/volunteers/volunteer';
import { messageValidationMessages } from '#domain/messaging/messages';
import { textLengthMessages } from './text-length';
import { safetyValidationMessages } from '#domain/safety/safety-messages';
import { authValidationMessages } from '#domain/accounts/auth-messages';
import { teamInvitationMessages } from '#domain/staff/team';
import { referenceValidationMessages } from '#domain/references/reference-messages';
import { introductionValidationMessages, storyValidationMessages } from '#domain/introductions/introduction-messages';
import { vedicValidationMessages } from '#domain/profile/vedic-messages';

/** Every code of every schema (auth and profile), for the server's English answers. */
export const validationMessages = {
  ...authValidationMessages,
  ...profileValidationMessages,
  ...volunteerValidationMessages,
  ...messageValidationMessages,
  ...textLengthMessages,
  ...safetyValidationMessages,
  ...teamInvitationMessages,
  ...referenceValidationMessages,
  ...introductionValidationMessages,
  ...storyValidationMessages,
  ...vedicValidationMessages,
  recipientInvalid: 'Invalid recipient',
  // Server-only: faults a form cannot make, found when the server checks the request against stored data.
  emailTaken: 'Email is already registered',
  photoDuplicate: 'Duplicate photo',
  photoUnknown: 'Unknown photo',
  photoPathInvalid: 'Invalid photo path',
  photoSizeRequired: 'The size of the photo is required',
  activationRefused: `Please complete your profile and add ${PROFILE_PHOTOS} photos before you activate your profile`,
  clientIdInvalid: 'clientId must be a UUID',
  flagInvalid: 'Use true or false',
  sortInvalid: 'Sort by score or newest',
  rungInvalid: 'Choose email, selfie, metByCoordinator, references or full',
  withinKmRange: 'Give the distance as whole kilometres from 1 to 20000',
  // Server-only: the viewer's own place, which no filter form holds.
  withinKmPlaceNotOnMap: 'Your location could not be found on the map, so no distance can be measured from it',
  // Server-only, like the one above: no form can type U+0000.
  textNul: 'Text cannot contain a NUL character',
} as const;

export type ValidationCode = keyof typeof validationMessages;

export function isValidationCode(value: string): value is ValidationCode {
  return Object.hasOwn(validationMessages, value);
}

/** The English text for a code, or the message itself when it is not one of ours. */
export function validationText(message: string): string {
  return isValidationCode(message) ? validationMessages[message] : message;
}
