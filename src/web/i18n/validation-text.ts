import type { TFunction } from 'i18next';
import { profileValidationMessages } from '#domain/profile/profile-messages';
import { authValidationMessages } from '#domain/accounts/auth-messages';
import { textLengthMessages } from '#domain/text-length';
import { volunteerValidationMessages } from '#domain/volunteers/volunteer-messages';
import { safetyValidationMessages } from '#domain/safety/safety-messages';
import { referenceValidationMessages } from '#domain/references/reference-messages';
import { introductionValidationMessages } from '#domain/introductions/introduction-messages';

/** Shows a schema's message code in the current language; any other text as it is. */
export function translateValidation(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (Object.hasOwn(authValidationMessages, message)) {
    return t(`auth.validation.${message as keyof typeof authValidationMessages}`);
  }
  if (Object.hasOwn(profileValidationMessages, message)) {
    return t(`profile.validation.${message as keyof typeof profileValidationMessages}`);
  }
  if (Object.hasOwn(volunteerValidationMessages, message)) {
    return t(`volunteer.validation.${message as keyof typeof volunteerValidationMessages}`);
  }
  if (Object.hasOwn(safetyValidationMessages, message)) {
    return t(`safety.validation.${message as keyof typeof safetyValidationMessages}`);
  }
  if (Object.hasOwn(referenceValidationMessages, message)) {
    return t(`references.validation.${message as keyof typeof referenceValidationMessages}`);
  }
  if (Object.hasOwn(introductionValidationMessages, message)) {
    return t(`introductions.validation.${message as keyof typeof introductionValidationMessages}`);
  }
  if (Object.hasOwn(textLengthMessages, message)) {
    return t(`common.validation.${message as keyof typeof textLengthMessages}`);
  }
  // The birth details' codes (domain/profile/vedic-messages.ts): their words come with the profile screen
  // (screen-texts.ts), and their table is not imported here, which every form's first download carries.
  if (VEDIC_CODE.test(message)) return t(`vedic.validation.${message}` as 'vedic.validation.birthPlaceRequired', { defaultValue: message });
  return message;
}

/** The codes of domain/profile/vedic-messages.ts, by their names' beginnings (vedic-messages.test.ts holds them to it). */
export const VEDIC_CODE = /^(?:birthTime|birthPlace|placeQuery)[A-Za-z]*$/;

/** What a form keeps for a server's field error: the code when the web translates it, else the server's words. */
export function formMessageOf(fault: { code: string; message: string }): string {
  return translatable(fault.code) ? fault.code : fault.message;
}

function translatable(code: string): boolean {
  return [authValidationMessages, profileValidationMessages, volunteerValidationMessages, safetyValidationMessages, referenceValidationMessages, introductionValidationMessages, textLengthMessages].some((table) => Object.hasOwn(table, code)) || VEDIC_CODE.test(code);
}
