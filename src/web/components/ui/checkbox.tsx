import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn';
import { FieldMessages, useFieldIds } from './field-parts';

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A native checkbox with its label beside it, and its hint and error announced to assistive technology. */
export function CheckboxField({ label, error, hint, className, id, ...props }: CheckboxFieldProps) {
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <input
          id={fieldId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-saffron-700"
          {...props}
        />
        <label htmlFor={fieldId} className="cursor-pointer text-base font-medium text-stone-900">
          {label}
        </label>
      </div>
      <div className="pl-8">
        <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
      </div>
    </div>
  );
}
