import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';
import { Card } from '../ui/card';
import { MatchPhoto } from './match-photo';

/**
 * One person as a card: the first photo (or the placeholder), the name-and-age heading with what stands
 * beside it, the lines under the name, then the card's own body. The browse grid stacks the photo above (`stacked`);
 * an introduction sets a small photo beside the name (`beside`).
 */
export function PersonCard({
  layout,
  photo,
  headingId,
  heading,
  headingLevel = 'h2',
  headingAside,
  details,
  children,
  className,
  ...rest
}: {
  layout: 'stacked' | 'beside';
  photo: { src: string | undefined; alt: string; placeholderLabel: string; sizes: string; priority?: boolean };
  headingId: string;
  heading: ReactNode;
  headingLevel?: 'h2' | 'h3';
  /** Beside the heading (the score badge). */
  headingAside?: ReactNode;
  /** Under the heading (place, status, the link to the whole profile). */
  details?: ReactNode;
  children?: ReactNode;
  className?: string;
} & Partial<Record<'role' | 'aria-labelledby', string>> & { [data: `data-${string}`]: string | undefined }) {
  const Heading = headingLevel;
  if (layout === 'stacked') {
    return (
      <div className={cn('flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm', className)} {...rest}>
        <MatchPhoto {...photo} className="aspect-[4/3] w-full" />
        <div className="flex flex-1 flex-col gap-4 p-4">
          <div className="flex items-start justify-between gap-3">
            <Heading id={headingId} tabIndex={-1} className="min-w-0 font-serif text-xl font-semibold break-words text-stone-900">
              {heading}
            </Heading>
            {headingAside}
          </div>
          {details}
          {children}
        </div>
      </div>
    );
  }
  return (
    <Card className={cn('flex flex-col gap-4', className)} {...rest}>
      <div className="flex gap-4">
        <MatchPhoto {...photo} className="size-24 shrink-0 rounded-md" />
        <div className="flex min-w-0 flex-col gap-1">
          <Heading id={headingId} className="text-lg font-semibold break-words text-stone-900">
            {heading}
          </Heading>
          {details}
        </div>
        {headingAside}
      </div>
      {children}
    </Card>
  );
}
