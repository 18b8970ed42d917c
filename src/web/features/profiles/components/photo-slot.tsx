import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { PhotoPicker } from '#web/components/ui/photo-picker';

interface PhotoSlotProps {
  /** 1-based, as shown: Photo 1, Photo 2. */
  number: number;
  /** The stored photo's path, or null when the slot is empty. */
  photo: string | null;
  uploading: boolean;
  /** Another upload or a save is running: no new upload may start. */
  disabled: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
}

/** One photo slot: empty with an upload button (a labelled file input), or the image with Remove. */
export function PhotoSlot({ number, photo, uploading, disabled, onFile, onRemove }: PhotoSlotProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const titleId = `${inputId}-title`;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <h2 id={titleId} className="font-semibold text-stone-900">
        {t('profile.photos.slot', { number })}
      </h2>
      <div className="relative flex aspect-[3/4] w-full items-center justify-center overflow-hidden rounded-md bg-stone-100">
        {uploading ? (
          <p role="status" className="flex flex-col items-center gap-2 text-stone-700">
            <Loader2 aria-hidden className="size-8 animate-spin" />
            {t('profile.photos.uploading')}
          </p>
        ) : photo ? (
          <img src={photo} alt={t('profile.photos.alt', { number })} className="size-full object-cover" />
        ) : (
          <p className="flex flex-col items-center gap-2 text-stone-600">
            <ImagePlus aria-hidden className="size-8" />
            {t('profile.photos.empty')}
          </p>
        )}
      </div>
      {photo && !uploading ? (
        <Button type="button" variant="secondary" onClick={onRemove} disabled={disabled}>
          <Trash2 aria-hidden className="size-4" />
          {t('profile.photos.remove', { number })}
        </Button>
      ) : (
        <PhotoPicker
          id={inputId}
          busy={uploading}
          disabled={disabled}
          onFile={onFile}
          label={uploading ? t('profile.photos.uploading') : t('profile.photos.upload', { number })}
        />
      )}
    </section>
  );
}
