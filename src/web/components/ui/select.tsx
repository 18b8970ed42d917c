import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { FieldShell, type FieldProps } from './field-parts';

export interface SelectOption {
  value: string;
  label: string;
  /** What choosing it does, under the label (a radio group shows it; a select has no room). */
  description?: string;
}

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'children'>, FieldProps {
  options: readonly SelectOption[];
  /** Text of a first, empty option ("Select an option"); none when omitted. */
  placeholder?: string;
}

/** A labelled native select (keyboard and screen-reader friendly on every device). */
export function SelectField({ label, options, placeholder, error, hint, className, id, ...props }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <select
            {...control}
            className="h-11 w-full appearance-none rounded-md border border-stone-300 bg-white pr-10 pl-3 text-base text-stone-900 aria-invalid:border-red-700"
            {...props}
          >
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-600" />
        </div>
      )}
    </FieldShell>
  );
}
