import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';
import { FieldMessages, useFieldIds, type FieldProps } from './field-parts';

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'>, FieldProps {}

/** A native checkbox with its label beside it, and its hint and error announced to assistive technology. */
export function CheckboxField({ label, error, hint, className, id, ...props }: CheckboxFieldProps) {
  const { fieldId, hintId, errorId, control } = useFieldIds(id, hint, error);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <input
          {...control}
          type="checkbox"
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
