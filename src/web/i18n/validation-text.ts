import type { TFunction } from 'i18next';
import { profileValidationMessages } from '../../domain/profile';
import { authValidationMessages, validationMessages } from '../../domain/validation-messages';
import { volunteerValidationMessages } from '../../domain/volunteer';

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
  return message;
}

const codeByEnglishText = new Map<string, string>(Object.entries(validationMessages).map(([code, text]) => [text, code]));

/** The server answers validation errors in English; this turns one back into our code (or leaves it as it is). */
export function validationCodeOf(serverText: string): string {
  return codeByEnglishText.get(serverText) ?? serverText;
}
