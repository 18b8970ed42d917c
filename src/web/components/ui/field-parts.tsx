import { useId, type ReactNode } from 'react';
import { cn } from '#web/lib/cn';

/** What every labelled field takes besides its control's own attributes. */
export interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** The attributes a field's control carries: its id, and whether it is wrong and what describes it. */
interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Ids for a field, its hint and its error, and the aria-describedby that joins the ones shown. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = { id: fieldId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
  return { fieldId, hintId, errorId, describedBy, control };
}

/** The hint and the error under a field, with the ids aria-describedby points at. */
export function FieldMessages({ hint, error, hintId, errorId }: { hint?: ReactNode; error?: string; hintId: string; errorId: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

interface FieldShellProps extends FieldProps {
  id: string | undefined;
  className: string | undefined;
  /** The control itself (input, select, textarea), given the attributes that tie it to the label and messages. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The frame input, select and textarea share: the label above the control, its hint and error below. */
export function FieldShell({ label, error, hint, id, className, children }: FieldShellProps) {
  const { fieldId, hintId, errorId, control } = useFieldIds(id, hint, error);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children(control)}
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
