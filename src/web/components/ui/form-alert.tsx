import type { ReactNode } from 'react';

/** A form's failure, said once above its submit button and announced to screen readers; nothing when there is none. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {children}
    </p>
  );
}
