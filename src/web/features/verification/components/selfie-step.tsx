import { Camera, RefreshCw, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GestureId, MySelfieCheck } from '#domain/verification/selfie';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { toast, toastError } from '#web/components/ui/toast-store';
import { errorText } from '#web/lib/error-text';
import { formatDate } from '#web/lib/format-date';
import { useDrawGesture, useSendSelfie } from '../api/verification';
import { GesturePicture } from './gesture-picture';

/** The long side of the photo sent: enough for a coordinator to compare faces, small enough to send on a phone. */
const MAX_SIDE = 1280;

/**
 * The selfie step: a gesture drawn at random (another on "I can't make this gesture", or only hands-free ones), the
 * camera in the page (getUserMedia → canvas → JPEG), or the phone's own camera through a file input
 * (`capture="user"`) where the browser gives no camera to the page; a look at the photo, then it is sent.
 */
export function SelfieStep({ check, holds }: { check: MySelfieCheck | null; holds: boolean }) {
  const { t, i18n } = useTranslation();
  const draw = useDrawGesture();
  const drawn: GestureId | null = draw.data?.gestureId ?? (check?.status === 'drawn' && check.gestureExpiresAt ? check.gestureId : null);

  if (holds) return <p data-testid="selfie-status">{t('verification.selfie.approved', { date: formatDate(check?.at ?? '', i18n.language) })}</p>;
  if (check?.status === 'pending') {
    return (
      <p data-testid="selfie-status" className="rounded-md border border-saffron-200 bg-saffron-50 p-3 text-stone-900">
        {t('verification.selfie.pending', { date: formatDate(check.at, i18n.language) })}
      </p>
    );
  }

  const ask = (handsFree: boolean) =>
    draw.mutate(handsFree, { onError: (error) => toastError(errorText(t, error, t('verification.selfie.drawFailed'))) });

  return (
    <div className="flex flex-col gap-4">
      <SelfieHistory check={check} />
      <p className="text-stone-700">{t('verification.selfie.explain')}</p>
      {drawn ? (
        <>
          <div className="flex flex-col items-center gap-2 rounded-md border border-stone-300 p-4 text-center sm:flex-row sm:text-start" data-testid="selfie-gesture">
            <GesturePicture gestureId={drawn} label={t(`verification.gestures.${drawn}`)} className="shrink-0" />
            <div>
              <h3 className="font-semibold text-stone-900">{t('verification.selfie.gestureTitle')}</h3>
              <p className="text-lg text-stone-900" data-testid="selfie-gesture-text">
                {t(`verification.gestures.${drawn}`)}
              </p>
              <p className="text-sm text-stone-700">{t('verification.selfie.gestureHint')}</p>
            </div>
          </div>
          <details className="rounded-md border border-stone-200 p-3">
            <summary className="min-h-11 cursor-pointer content-center font-medium text-saffron-800">{t('verification.selfie.cantMake')}</summary>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <Button type="button" variant="secondary" disabled={draw.isPending} onClick={() => ask(false)}>
                <RefreshCw aria-hidden className="size-4" />
                {t('verification.selfie.another')}
              </Button>
              <Button type="button" variant="secondary" disabled={draw.isPending} onClick={() => ask(true)}>
                {t('verification.selfie.handsFree')}
              </Button>
            </div>
          </details>
          <Capture key={drawn} />
        </>
      ) : (
        <Button type="button" className="self-start" disabled={draw.isPending} onClick={() => ask(false)}>
          <Camera aria-hidden className="size-4" />
          {t('verification.selfie.start')}
        </Button>
      )}
    </div>
  );
}

/** What became of her last selfie, when it matters now: refused (with the reason), expired, or asked again. */
function SelfieHistory({ check }: { check: MySelfieCheck | null }) {
  const { t, i18n } = useTranslation();
  if (!check) return null;
  if (check.status === 'refused') {
    const reason = t(`verification.refusals.${check.reason ?? 'other'}`);
    return (
      <p data-testid="selfie-status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-stone-900">
        {t('verification.selfie.refused', { date: formatDate(check.at, i18n.language), reason })}
      </p>
    );
  }
  if (check.status === 'expired') return <p data-testid="selfie-status">{t('verification.selfie.expired')}</p>;
  if (check.status === 'revoked') return <p data-testid="selfie-status">{t('verification.mine.revoked')}</p>;
  if (check.status === 'approved') return <p data-testid="selfie-status">{t('verification.mine.lostSelfie')}</p>;
  return null;
}

/** The camera, the photo taken and the sending. */
function Capture() {
  const { t } = useTranslation();
  const send = useSendSelfie();
  const video = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const [live, setLive] = useState(false);
  const [cameraFailed, setCameraFailed] = useState(false);
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);

  const stopCamera = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setLive(false);
  };
  // The camera is let go when the step leaves the screen, and the preview's address freed.
  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );
  useEffect(() => (photo ? () => URL.revokeObjectURL(photo.url) : undefined), [photo]);
  // The video element exists once the camera is live: it shows the stream from then on.
  useEffect(() => {
    if (!live || !video.current || !stream.current) return;
    video.current.srcObject = stream.current;
    void video.current.play().catch(() => undefined);
  }, [live]);

  const openCamera = async () => {
    setCameraFailed(false);
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
      const opened = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
      stream.current = opened;
      setPhoto(null);
      setLive(true);
    } catch {
      setCameraFailed(true);
    }
  };

  const takePhoto = () => {
    const source = video.current;
    if (!source || source.videoWidth === 0) return;
    const scale = Math.min(1, MAX_SIDE / Math.max(source.videoWidth, source.videoHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(source.videoWidth * scale);
    canvas.height = Math.round(source.videoHeight * scale);
    canvas.getContext('2d')?.drawImage(source, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        setPhoto({ blob, url: URL.createObjectURL(blob) });
        stopCamera();
      },
      'image/jpeg',
      0.9,
    );
  };

  const chosen = (file: File | undefined) => {
    if (!file) return;
    stopCamera();
    setPhoto({ blob: file, url: URL.createObjectURL(file) });
  };

  const submit = () => {
    if (!photo) return;
    send.mutate(photo.blob, {
      onSuccess: () => toast({ title: t('verification.selfie.sent') }),
      onError: (error) => toastError(errorText(t, error, t('verification.selfie.sendFailed'))),
    });
  };

  return (
    <div className="flex flex-col gap-3" data-testid="selfie-capture">
      {live ? (
        <>
          {/* The mirror image she expects of a front camera; the photo itself is taken as the camera sees it. */}
          <video ref={video} autoPlay playsInline muted aria-label={t('verification.selfie.cameraLabel')} className="aspect-[3/4] w-full max-w-sm -scale-x-100 rounded-md bg-stone-900 object-cover" />
          <Button type="button" className="self-start" onClick={takePhoto}>
            <Camera aria-hidden className="size-4" />
            {t('verification.selfie.takePhoto')}
          </Button>
        </>
      ) : photo ? (
        <>
          <img src={photo.url} alt={t('verification.selfie.previewAlt')} className="aspect-[3/4] w-full max-w-sm rounded-md object-cover" data-testid="selfie-preview" />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="button" onClick={submit} disabled={send.isPending}>
              <Send aria-hidden className="size-4" />
              {send.isPending ? t('verification.selfie.sending') : t('verification.selfie.send')}
            </Button>
            <Button type="button" variant="secondary" disabled={send.isPending} onClick={() => void openCamera()}>
              {t('verification.selfie.retake')}
            </Button>
          </div>
        </>
      ) : (
        <Button type="button" className="self-start" onClick={() => void openCamera()}>
          <Camera aria-hidden className="size-4" />
          {t('verification.selfie.startCamera')}
        </Button>
      )}
      {cameraFailed ? <FormAlert>{t('verification.selfie.cameraUnavailable')}</FormAlert> : null}
      {live ? null : (
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          {t('verification.selfie.chooseFile')}
          <input type="file" accept="image/*" capture="user" className="min-h-11 text-sm" onChange={(event) => chosen(event.target.files?.[0])} />
        </label>
      )}
    </div>
  );
}
