import type { TFunction } from 'i18next';
import { isValidationCode } from '../../../../domain/validation-messages';

/** Shows a schema's message code in the current language; any other text as it is. */
export function translateValidation(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isValidationCode(message) ? t(`auth.validation.${message}`) : message;
}
