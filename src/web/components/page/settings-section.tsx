import type { ReactNode } from 'react';
import { Card } from '../ui/card';

/** One part of the settings screen: a card with its h2, labelled by it for screen readers. */
export function SettingsSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Card>
        <h2 id={`${id}-heading`} className="font-serif text-xl font-semibold text-stone-900">
          {title}
        </h2>
        {intro ? <p className="mt-1 text-sm text-stone-700">{intro}</p> : null}
        <div className="mt-4">{children}</div>
      </Card>
    </section>
  );
}

/** A success line announced to screen readers. */
export function Done({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
      {children}
    </p>
  );
}
