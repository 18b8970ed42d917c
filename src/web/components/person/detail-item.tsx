import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';

/** One term and its answer in a profile's details list; `wide` spans both columns, `long` keeps the text's lines. */
export function DetailItem({ term, wide, long, children }: { term: string; wide?: boolean; long?: boolean; children: ReactNode }) {
  return (
    <div className={cn(wide && 'sm:col-span-2')}>
      <dt className="text-sm font-medium text-stone-600">{term}</dt>
      <dd className={cn('mt-1 break-words text-stone-900', long && 'leading-relaxed whitespace-pre-line')}>{children}</dd>
    </div>
  );
}
