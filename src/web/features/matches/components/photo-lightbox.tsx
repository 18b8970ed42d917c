import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { photoSrcSet } from '#domain/profile/photo-sizes';
import { Button } from '#web/components/ui/button';

/**
 * A match's photo, large: a modal dialog (Radix: focus moves in and back to the photo that opened it,
 * Escape closes, the page behind is inert), the photo as large as the screen allows with its text alternative, and
 * Previous/Next between the photos. The photo is the same private /objects/ path the page shows: served only to
 * viewers allowed to see it.
 */
export function PhotoLightbox({
  photos,
  index,
  altOf,
  onIndexChange,
  onClose,
  opener,
}: {
  photos: readonly string[];
  /** The photo shown, or null when closed. */
  index: number | null;
  altOf: (index: number) => string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The photo button that opened the dialog: focus goes back to it (there is no Radix Trigger to return to). */
  opener: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const photo = index === null ? undefined : photos[index];
  const many = photos.length > 1;
  const step = (by: number) => index !== null && onIndexChange((index + by + photos.length) % photos.length);
  return (
    <RadixDialog.Root open={photo !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-stone-950/90" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          onKeyDown={(event) => {
            if (!many) return;
            if (event.key === 'ArrowRight') step(1);
            if (event.key === 'ArrowLeft') step(-1);
          }}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-3 focus:outline-none sm:p-6"
        >
          <div className="flex w-full max-w-4xl items-center justify-between gap-3">
            <RadixDialog.Title className="min-w-0 text-base font-semibold break-words text-white">{index === null ? '' : altOf(index)}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <Button type="button" variant="secondary" size="sm" className="shrink-0">
                <X aria-hidden className="size-4" />
                {t('matches.detail.lightbox.close')}
              </Button>
            </RadixDialog.Close>
          </div>
          {photo && index !== null ? (
            <img
              src={photo}
              srcSet={photoSrcSet(photo)}
              sizes="(min-width: 896px) 56rem, 100vw"
              alt={altOf(index)}
              data-testid="lightbox-photo"
              className="max-h-[calc(100vh-9rem)] max-w-full rounded-md object-contain"
            />
          ) : null}
          {many ? (
            <div className="flex gap-3">
              <Button type="button" variant="secondary" onClick={() => step(-1)}>
                <ChevronLeft aria-hidden className="size-4" />
                {t('matches.detail.lightbox.previous')}
              </Button>
              <Button type="button" variant="secondary" onClick={() => step(1)}>
                {t('matches.detail.lightbox.next')}
                <ChevronRight aria-hidden className="size-4" />
              </Button>
            </div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
