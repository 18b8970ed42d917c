import type { InputHTMLAttributes } from 'react';
import { FieldShell, type FieldProps } from './field-parts';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldProps {}

/** A labelled input with its error announced to assistive technology. */
export function TextField({ label, error, hint, className, id, ...props }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <input
          {...control}
          className="h-11 rounded-md border border-stone-300 bg-white px-3 text-base text-stone-900 aria-invalid:border-red-700"
          {...props}
        />
      )}
    </FieldShell>
  );
}
