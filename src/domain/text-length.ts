/**
 * The length limits of free text, one validation code a limit, so a form and the server's answer both say the
 * limit ("At most 2,000 characters") rather than "too long". The web's catalogs translate them by code.
 */
export const textLengthMessages = {
  tooLong80: 'At most 80 characters',
  tooLong200: 'At most 200 characters',
  tooLong1000: 'At most 1,000 characters',
  tooLong2000: 'At most 2,000 characters',
  tooLong7000: 'At most 7,000 characters',
} as const;

export type TextLimit = 80 | 200 | 1000 | 2000 | 7000;
export type TooLongCode = keyof typeof textLengthMessages;

/** The code for text over `max` characters. */
export function tooLongCode(max: TextLimit): TooLongCode {
  return `tooLong${max}`;
}
