import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { formFieldErrors } from '../../../lib/api';
import { formMessageOf } from '../../../i18n/validation-text';

/** Puts a 400's field errors on the form's fields (translated by code); answers whether any landed. */
export function showServerFieldErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: readonly Path<T>[]): boolean {
  const faults = formFieldErrors(error, fields);
  faults.forEach((fault, index) => form.setError(fault.field, { type: 'server', message: formMessageOf(fault) }, { shouldFocus: index === 0 }));
  return faults.length > 0;
}
