import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

/**
 * A match's photo, or a placeholder with the same text alternative when there is none or it cannot
 * be loaded (photos are served only to allowed viewers; a deactivated profile's photo stops loading).
 */
export function MatchPhoto({ src, alt, placeholderLabel, className }: { src: string | undefined; alt: string; placeholderLabel: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div role="img" aria-label={placeholderLabel} className={cn('flex items-center justify-center bg-stone-100 text-stone-500', className)}>
        <UserRound aria-hidden className="size-12" />
      </div>
    );
  }
  return <img src={src} alt={alt} loading="lazy" onError={() => setFailed(src)} className={cn('bg-stone-100 object-cover', className)} />;
}
