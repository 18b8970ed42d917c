import type { VolunteerApplicationFormValues } from '../../../domain/volunteer';
import { validationCodeOf } from '../../i18n/validation-text';
import { ApiError } from '../../lib/api';

type FormField = keyof VolunteerApplicationFormValues;

const formFields: readonly FormField[] = [
  'name',
  'email',
  'dateOfBirth',
  'contribution',
  'background',
  'freeOfferings',
  'paidServices',
  'donationInfo',
  'minimumDonation',
  'agreeToRevenueSplit',
];

/** firstName and lastName are made from the name field (spec §7 note). */
const fieldByPath: Record<string, FormField> = { firstName: 'name', lastName: 'name' };

/** The form-field errors of a 400 answer `{message, errors:[{path, message}]}`. */
export function applicationFieldErrors(error: unknown): { field: FormField; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  return error.fieldErrors.flatMap(({ path, message }) => {
    const top = path.split('.')[0] ?? path;
    const field = fieldByPath[top] ?? formFields.find((name) => name === top);
    return field ? [{ field, message: validationCodeOf(message) }] : [];
  });
}

export { serverMessageOf } from '../../lib/api';
