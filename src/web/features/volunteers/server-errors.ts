import { authValidationMessages } from '../../../domain/validation-messages';
import { volunteerValidationMessages, type VolunteerApplicationFormValues } from '../../../domain/volunteer';
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

/** The server answers validation errors in English; these turn them back into our codes. */
const codeByText = new Map<string, string>(
  [...Object.entries(volunteerValidationMessages), ...Object.entries(authValidationMessages)].map(([code, text]) => [text, code]),
);

/** firstName and lastName are made from the name field (spec §7 note). */
const fieldByPath: Record<string, FormField> = { firstName: 'name', lastName: 'name' };

/** The form-field errors of a 400 answer `{message, errors:[{path, message}]}`. */
export function applicationFieldErrors(error: unknown): { field: FormField; message: string }[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  try {
    const body = JSON.parse(error.body) as { errors?: unknown };
    if (!Array.isArray(body.errors)) return [];
    return body.errors.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const { path, message } = item as { path?: unknown; message?: unknown };
      if (typeof path !== 'string' || typeof message !== 'string') return [];
      const top = path.split('.')[0] ?? path;
      const field = fieldByPath[top] ?? formFields.find((name) => name === top);
      return field ? [{ field, message: codeByText.get(message) ?? message }] : [];
    });
  } catch {
    return [];
  }
}

/** The server's `{message}`, when the error is an answer from our server. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
