import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { formMessageOf } from '#web/i18n/validation-text';
import { formFieldErrors } from './api';

/**
 * The one way a react-hook-form form shows a 400's `{errors}`: each field error on its field, translated by
 * code (formMessageOf), the first one focused; `aliases` name the form field of a payload field that differs (the
 * payload's firstName is the form's name). Answers how many landed, so the caller can say "check the fields" or
 * fall back to the error's own text. Called from a mutation's onError.
 */
export function showServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fields: readonly Path<T>[],
  aliases: Partial<Record<string, Path<T>>> = {},
): number {
  const faults = formFieldErrors(error, fields, aliases);
  faults.forEach((fault, index) => form.setError(fault.field, { type: 'server', message: formMessageOf(fault) }, { shouldFocus: index === 0 }));
  return faults.length;
}
