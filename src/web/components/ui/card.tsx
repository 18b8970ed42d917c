import type { HTMLAttributes } from 'react';
import { cn } from '#web/lib/cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-lg border border-stone-200 bg-white p-5 shadow-sm', className)} {...props} />;
}
