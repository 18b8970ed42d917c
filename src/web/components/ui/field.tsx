import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '#web/lib/cn';
import { FieldMessages, useFieldIds } from './field-parts';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its error announced to assistive technology. */
export function TextField({ label, error, hint, className, id, ...props }: TextFieldProps) {
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="h-11 rounded-md border border-stone-300 bg-white px-3 text-base text-stone-900 aria-invalid:border-red-700"
        {...props}
      />
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
