import type { ComponentProps } from 'react';
import { FieldShell, type FieldProps } from './field-parts';

interface TextareaFieldProps extends ComponentProps<'textarea'>, FieldProps {}

/** A labelled multi-line text box with its hint and error announced to assistive technology. */
export function TextareaField({ label, error, hint, className, id, rows = 4, ...props }: TextareaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className="min-h-24 rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 aria-invalid:border-red-700"
          {...props}
        />
      )}
    </FieldShell>
  );
}
