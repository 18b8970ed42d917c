// Apart from vedic.ts (its zod schemas), so the web's catalogs can carry these texts without zod.

/**
 * The birth details' codes (issue 52), English text by code. Apart from the profile's own codes: the web loads their
 * words with the profile screen (i18n/screen-texts.ts), not in the first download.
 */
export const vedicValidationMessages = {
  birthTimeInvalid: 'Please enter the time as hours and minutes (00:00 to 23:59)',
  birthTimeRequired: 'Please enter your time of birth, or choose "I do not know the time"',
  birthTimeAccuracyRequired: 'Please say how exact your time of birth is',
  birthPlaceRequired: 'Please choose your place of birth from the list',
  birthPlaceInvalid: 'Please choose your place of birth again from the list',
  placeQueryLength: 'Type 1 to 80 characters of the place',
} as const;
