import { useId, type ReactNode } from 'react';

/** Ids for a field, its hint and its error, and the aria-describedby that joins the ones shown. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { fieldId, hintId, errorId, describedBy };
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
