import { ArrowLeft, Save } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { MAX_PHOTOS } from '#domain/profile/profile';
import type { OwnProfile } from '#domain/profile/profile-api';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { toast, toastError } from '#web/components/ui/toast-store';
import { useLeaveGuard } from '#web/lib/use-leave-guard';
import { useSavePhotos } from '../api/save-photos';
import { useUploadPhoto } from '#web/lib/upload-photo';
import { MAX_UPLOAD_MEGABYTES, photoFileProblem } from '#web/lib/photo-file';
import { PhotoSlot } from './photo-slot';

type Slots = (string | null)[];

function slotsOf(photos: readonly string[]): Slots {
  return Array.from({ length: MAX_PHOTOS }, (_, index) => photos[index] ?? null);
}

/** The two photo slots of /profile/photos. Changes stay local until Save Photos, which returns to /profile. */
export function PhotoManager({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const [slots, setSlots] = useState<Slots>(() => slotsOf(profile.photos));
  const [uploadingSlot, setUploadingSlot] = useState<number | null>(null);
  const upload = useUploadPhoto();
  const save = useSavePhotos();
  const [, navigate] = useLocation();

  const filled = slots.filter((photo): photo is string => photo !== null);
  const unsaved = filled.join('\n') !== profile.photos.slice(0, MAX_PHOTOS).join('\n');
  const busy = uploadingSlot !== null || save.isPending;
  // The server deactivates a profile saved with fewer than two photos: say so before, not only after.
  // Uploaded but not saved: reloading or leaving asks first, instead of dropping the uploads silently.
  useLeaveGuard(unsaved && !save.isPending, t('profile.photos.leaveUnsaved'));
  const willHide = unsaved && profile.profileActive && filled.length < MAX_PHOTOS;

  function setSlot(index: number, photo: string | null) {
    setSlots((current) => current.map((value, i) => (i === index ? photo : value)));
  }

  function handleFile(index: number, file: File) {
    const problem = photoFileProblem(file);
    if (problem === 'tooLarge') {
      toastError(t('profile.photos.toasts.tooLargeTitle'), t('profile.photos.toasts.tooLarge', { size: MAX_UPLOAD_MEGABYTES }));
      return;
    }
    if (problem === 'notImage') {
      toastError(t('profile.photos.toasts.invalidTypeTitle'), t('profile.photos.toasts.invalidType'));
      return;
    }
    setUploadingSlot(index);
    upload.mutate(file, {
      onSuccess: (objectPath) => {
        setSlot(index, objectPath);
        toast({ title: t('profile.photos.toasts.uploaded'), description: t('profile.photos.toasts.uploadedBody') });
      },
      onError: () =>
        toastError(t('profile.photos.toasts.uploadFailedTitle'), t('profile.photos.toasts.uploadFailed')),
      onSettled: () => setUploadingSlot(null),
    });
  }

  function handleSave() {
    const wasActive = profile.profileActive;
    save.mutate(
      { photos: filled },
      {
        onSuccess: (saved) => {
          toast({
            title: t('profile.photos.toasts.saved'),
            description: wasActive && !saved.profileActive ? t('profile.photos.toasts.savedHidden') : t('profile.photos.toasts.savedBody'),
          });
          // Back to the profile, at its top: the banner there is the next step (activate, or add the second photo).
          navigate('/profile');
          window.scrollTo(0, 0);
        },
        onError: () =>
          toastError(t('profile.photos.toasts.errorTitle'), t('profile.photos.toasts.saveFailed')),
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-700">{t('profile.photos.rules', { size: MAX_UPLOAD_MEGABYTES })}</p>
        <Badge variant={filled.length >= MAX_PHOTOS ? 'success' : 'outline'} data-testid="photo-count">
          {t('profile.photos.count', { count: filled.length, required: MAX_PHOTOS })}
        </Badge>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {slots.map((photo, index) => (
          <PhotoSlot
            key={index}
            number={index + 1}
            photo={photo}
            uploading={uploadingSlot === index}
            disabled={busy}
            onFile={(file) => handleFile(index, file)}
            onRemove={() => setSlot(index, null)}
          />
        ))}
      </div>
      {unsaved ? (
        <p role="status" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-stone-900">
          {t('profile.photos.unsaved')}
        </p>
      ) : null}
      {willHide ? (
        <p role="alert" data-testid="photos-will-hide" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-stone-900">
          {t('profile.photos.willHide')}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        <ButtonLink href="/profile" icon={ArrowLeft} variant="secondary">{t('profile.photos.back')}</ButtonLink>
        <Button type="button" onClick={handleSave} disabled={busy}>
          <Save aria-hidden className="size-4" />
          {save.isPending ? t('profile.photos.saving') : t('profile.photos.save')}
        </Button>
      </div>
    </div>
  );
}
