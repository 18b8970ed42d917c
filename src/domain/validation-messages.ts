import { PROFILE_PHOTOS, profileValidationMessages } from './profile';
import { volunteerValidationMessages } from './volunteer';
import { messageValidationMessages } from './messages';
import { textLengthMessages } from './text-length';

/**
 * Validation messages by code. Schemas in domain/ carry these codes as their messages; the server
 * answers with the English text, and the web shows the text of the current language (the
 * `validation` section of its catalogs, whose English part is this object).
 */
export const authValidationMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordLength: 'Password must be 8 to 128 characters',
  passwordRequired: 'Password is required',
  tokenInvalid: 'This link is not valid',
  adminPasswordRequired: 'Password is required',
  passwordIncorrect: 'The password is not correct',
  emailUnchanged: 'This is already your email',
} as const;

/** Every code of every schema (auth and profile), for the server's English answers. */
export const validationMessages = {
  ...authValidationMessages,
  ...profileValidationMessages,
  ...volunteerValidationMessages,
  ...messageValidationMessages,
  ...textLengthMessages,
  recipientInvalid: 'Invalid recipient',
  // Server-only: faults a form cannot make, found when the server checks the request against stored data.
  emailTaken: 'Email is already registered',
  photoDuplicate: 'Duplicate photo',
  photoUnknown: 'Unknown photo',
  photoPathInvalid: 'Invalid photo path',
  photoSizeRequired: 'The size of the photo is required',
  activationRefused: `Please complete your profile and add ${PROFILE_PHOTOS} photos before you activate your profile`,
  clientIdInvalid: 'clientId must be a UUID',
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
