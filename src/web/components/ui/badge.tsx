import type { HTMLAttributes } from 'react';
import { cn } from '#web/lib/cn';

const variants = {
  default: 'border-transparent bg-saffron-700 text-white',
  secondary: 'border-transparent bg-amber-100 text-amber-900',
  outline: 'border-stone-400 bg-white text-stone-800',
  success: 'border-transparent bg-green-100 text-green-900',
} as const;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: keyof typeof variants;
}

/** A small pill of text: a count, a status, a score. */
export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium whitespace-nowrap', variants[variant], className)}
      {...props}
    />
  );
}
