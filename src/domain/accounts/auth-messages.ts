// Apart from validation-messages.ts (which gathers every schema's codes, zod and all), so the web's catalogs
// can carry these texts without zod.

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
  privacyNoticeOutdated: 'The privacy notice has changed: please read it again',
  passwordIncorrect: 'The password is not correct',
  emailUnchanged: 'This is already your email',
  emailNotVerified: 'Please verify your current email before changing it',
} as const;
