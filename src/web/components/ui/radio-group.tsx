import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn';
import { FieldMessages, useFieldIds } from './field-parts';
import type { SelectOption } from './select';

interface RadioGroupFieldProps {
  legend: ReactNode;
  options: readonly SelectOption[];
  /** The props every radio gets: name, onChange, onBlur, ref (react-hook-form's register result). */
  inputProps: Omit<ComponentProps<'input'>, 'type' | 'value' | 'id'> & { name: string };
  error?: string;
  hint?: ReactNode;
  className?: string;
  id?: string;
}

/** A fieldset of native radio buttons: the legend names the group, each option has its own label. */
export function RadioGroupField({ legend, options, inputProps, error, hint, className, id }: RadioGroupFieldProps) {
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  const described = options.some((option) => option.description);
  return (
    <fieldset aria-describedby={describedBy} className={cn('flex flex-col gap-1', className)}>
      <legend className="mb-1 text-sm font-medium text-stone-800">{legend}</legend>
      <div className={cn('flex flex-col gap-2', !described && 'sm:flex-row sm:flex-wrap')}>
        {options.map((option) => {
          const optionId = `${fieldId}-${option.value}`;
          const descriptionId = option.description ? `${optionId}-description` : undefined;
          return (
            <div
              key={option.value}
              className="flex flex-col rounded-md border border-stone-300 bg-white px-3 has-checked:border-saffron-700 has-checked:bg-saffron-50"
            >
              <label htmlFor={optionId} className="flex min-h-11 cursor-pointer items-center gap-2 py-2 text-base text-stone-900">
                <input
                  {...inputProps}
                  id={optionId}
                  type="radio"
                  value={option.value}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={descriptionId}
                  className="size-4 accent-saffron-700"
                />
                {option.label}
              </label>
              {/* Described, not named: the option's name stays its label. */}
              {option.description ? (
                <p id={descriptionId} className="-mt-1 ml-6 pb-2 text-sm text-stone-700">
                  {option.description}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </fieldset>
  );
}
