import { Loader2, UserRound } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '#web/components/ui/card';
import { toast, toastError } from '#web/components/ui/toast-store';
import { PhotoPicker } from '#web/components/ui/photo-picker';
import { MAX_UPLOAD_MEGABYTES, photoFileProblem } from '#web/lib/photo-file';
import { useUpdateVolunteerPhoto } from '../api/volunteer-photo';
import { errorText } from '#web/lib/error-text';

/** The volunteer photo: the current one or a placeholder, and a (labelled) file input to upload or replace it. */
export function VolunteerPhotoBlock({ photo }: { photo: string | null }) {
  const { t } = useTranslation();
  const inputId = useId();
  const titleId = `${inputId}-title`;
  const rulesId = `${inputId}-rules`;
  const update = useUpdateVolunteerPhoto();
  const uploading = update.isPending;

  function handleFile(file: File) {
    const problem = photoFileProblem(file);
    if (problem === 'tooLarge') {
      toastError(t('volunteer.toasts.tooLargeTitle'), t('volunteer.toasts.tooLarge', { size: MAX_UPLOAD_MEGABYTES }));
      return;
    }
    if (problem === 'notImage') {
      toastError(t('volunteer.toasts.invalidTypeTitle'), t('volunteer.toasts.invalidType'));
      return;
    }
    update.mutate(file, {
      onSuccess: () => toast({ title: t('volunteer.toasts.photoUpdated'), description: t('volunteer.toasts.photoUpdatedBody') }),
      onError: (error) =>
        toastError(t('volunteer.toasts.errorTitle'), errorText(t, error, t('volunteer.toasts.photoFailed'))),
    });
  }

  return (
    <Card>
      <section aria-labelledby={titleId} className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="relative mx-auto flex size-40 shrink-0 items-center justify-center overflow-hidden rounded-full bg-stone-100 sm:mx-0">
          {uploading ? (
            <p role="status" className="flex flex-col items-center gap-2 text-sm text-stone-700">
              <Loader2 aria-hidden className="size-8 animate-spin" />
              {t('volunteer.profile.photo.uploading')}
            </p>
          ) : photo ? (
            <img src={photo} alt={t('volunteer.profile.photo.alt')} className="size-full object-cover" />
          ) : (
            <p className="flex flex-col items-center gap-2 text-sm text-stone-600">
              <UserRound aria-hidden className="size-10" />
              {t('volunteer.profile.photo.empty')}
            </p>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-3">
          <h2 id={titleId} className="font-serif text-xl font-semibold text-stone-900">
            {t('volunteer.profile.photo.title')}
          </h2>
          <p id={rulesId} className="text-sm text-stone-600">
            {t('volunteer.profile.photo.rules', { size: MAX_UPLOAD_MEGABYTES })}
          </p>
          <PhotoPicker
            id={inputId}
            busy={uploading}
            describedBy={rulesId}
            className="sm:w-auto"
            onFile={handleFile}
            label={uploading ? t('volunteer.profile.photo.uploading') : photo ? t('volunteer.profile.photo.replace') : t('volunteer.profile.photo.upload')}
          />
        </div>
      </section>
    </Card>
  );
}
