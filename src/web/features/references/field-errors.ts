import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { translateValidation } from '#web/i18n/validation-text';
import { formFieldErrors } from '#web/lib/api';

/**
 * A form's errors by field, in the page's language: the schema's own codes before sending, or the server's field
 * errors after (the same codes, domain/references/reference-messages.ts).
 */
export function fieldErrorsOf<F extends string>(t: TFunction, fields: readonly F[], parsed: z.ZodSafeParseResult<unknown> | null, serverError: unknown): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  if (parsed && !parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as F;
      if (fields.includes(field) && !out[field]) out[field] = translateValidation(t, issue.message);
    }
  }
  for (const fault of formFieldErrors(serverError, fields)) {
    if (!out[fault.field]) out[fault.field] = translateValidation(t, fault.code) ?? fault.message;
  }
  return out;
}
