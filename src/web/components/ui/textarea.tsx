import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn';
import { FieldMessages, useFieldIds } from './field-parts';

interface TextareaFieldProps extends ComponentProps<'textarea'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line text box with its hint and error announced to assistive technology. */
export function TextareaField({ label, error, hint, className, id, rows = 4, ...props }: TextareaFieldProps) {
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-24 rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 aria-invalid:border-red-700"
        {...props}
      />
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
