import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlaceholderPath } from '#domain/profile/photo-privacy';
import { photoSrcSet } from '#domain/profile/photo-sizes';
import { cn } from '#web/lib/cn';

/**
 * A match's photo, or a placeholder with the same text alternative when there is none or it cannot
 * be loaded (photos are served only to allowed viewers; a deactivated profile's photo stops loading). A private
 * photo's blurred preview (made on the server: domain/profile/photo-privacy.ts) comes in one size and says what it is.
 */
export function MatchPhoto({
  src,
  alt,
  placeholderLabel,
  sizes,
  className,
  priority = false,
}: {
  src: string | undefined;
  alt: string;
  placeholderLabel: string;
  /** How wide the photo is shown (the `sizes` attribute): the browser picks the smallest copy that is sharp at it. */
  sizes: string;
  className?: string;
  /**
   * The first photo a screen shows (its largest paint, above the fold): fetched at once and first, not lazily
   * (a lazy image waits for layout, a round trip later on a phone: Lighthouse's lcp-lazy-loaded).
   */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div role="img" aria-label={placeholderLabel} className={cn('flex items-center justify-center bg-stone-100 text-stone-500', className)}>
        <UserRound aria-hidden className="size-12" />
      </div>
    );
  }
  if (isPlaceholderPath(src)) {
    return (
      <img
        src={src}
        alt={t('matches.photoBlurred')}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(src)}
        className={cn('bg-stone-100 object-cover', className)}
        data-blurred=""
      />
    );
  }
  return (
    <img
      src={src}
      srcSet={photoSrcSet(src)}
      sizes={sizes}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(src)}
      className={cn('bg-stone-100 object-cover', className)}
    />
  );
}
