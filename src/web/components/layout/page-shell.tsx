import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A centred column with the page's one h1. */
export function PageShell({ title, children, className }: { title: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto w-full max-w-md px-4 py-10', className)}>
      <h1 className="mb-4 font-serif text-3xl font-bold text-stone-900">{title}</h1>
      {children}
    </div>
  );
}
