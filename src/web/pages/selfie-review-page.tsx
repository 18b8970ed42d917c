import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selfieRefusalReasons, type QueuedSelfie, type SelfieRefusalReason } from '#domain/verification/selfie';
import { PageFrame } from '#web/components/page/page-frame';
import { MatchPhoto } from '#web/components/person/match-photo';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { SelectField } from '#web/components/ui/select';
import { TextareaField } from '#web/components/ui/textarea';
import { toast, toastError } from '#web/components/ui/toast-store';
import { RoleGate } from '#web/features/introductions/components/role-gate';
import { useDecideSelfie, useSelfieQueue } from '#web/features/verification/api/verification';
import { GesturePicture } from '#web/features/verification/components/gesture-picture';
import { errorText } from '#web/lib/error-text';
import { formatDate } from '#web/lib/format-date';

/**
 * Route /coordinator/selfies: the selfies awaiting review, oldest first, each beside the member's profile photos with
 * the gesture asked; approve, or refuse with a reason the member reads (the note stays with the team).
 */
export function SelfieReviewPage() {
  const { t } = useTranslation();
  const queue = useSelfieQueue();
  return (
    <PageFrame title={t('verification.review.title')} intro={<p>{t('verification.review.intro')}</p>} width="wide">
      <RoleGate query={queue} notAllowed={t('introductions.coordinator.notAllowed')}>
        {(selfies) =>
          selfies.length === 0 ? (
            <p className="text-stone-700">{t('verification.review.empty')}</p>
          ) : (
            <ul className="flex flex-col gap-6" data-testid="selfie-queue">
              {selfies.map((selfie) => (
                <li key={selfie.id}>
                  <SelfieCard selfie={selfie} />
                </li>
              ))}
            </ul>
          )
        }
      </RoleGate>
    </PageFrame>
  );
}

function SelfieCard({ selfie }: { selfie: QueuedSelfie }) {
  const { t, i18n } = useTranslation();
  const decide = useDecideSelfie();
  const [reason, setReason] = useState<SelfieRefusalReason | ''>('');
  const [note, setNote] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const name = selfie.name ?? t('matches.browse.anonymous');
  const gesture = t(`verification.gestures.${selfie.gestureId}`);
  const headingId = `selfie-${selfie.id}`;

  const submit = (approve: boolean) => {
    if (!approve && reason === '') {
      setReasonMissing(true);
      return;
    }
    decide.mutate(
      { id: selfie.id, decision: approve ? { approve: true, note } : { approve: false, reason: reason as SelfieRefusalReason, note } },
      {
        onSuccess: () => toast({ title: approve ? t('verification.review.approved') : t('verification.review.refused') }),
        onError: (error) => toastError(errorText(t, error, t('verification.review.decideFailed'))),
      },
    );
  };

  return (
    <Card className="flex flex-col gap-4 p-4" role="article" aria-labelledby={headingId} data-testid="queued-selfie">
      <div>
        <h2 id={headingId} className="text-lg font-semibold break-words text-stone-900">
          {name}
        </h2>
        <p className="text-sm text-stone-700">
          {t('verification.review.sentOn', { date: formatDate(selfie.submittedAt, i18n.language, 'dateTime'), deleteBy: formatDate(selfie.deleteBy, i18n.language) })}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <GesturePicture gestureId={selfie.gestureId} label={gesture} className="size-20 shrink-0" />
        <p className="font-medium text-stone-900">{t('verification.review.asked', { gesture })}</p>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {/* The selfie (coordinators only, audited, never cached) beside her profile photos. */}
        <img
          src={`/objects/selfies/${encodeURIComponent(selfie.id)}`}
          alt={t('verification.review.selfieAlt', { name })}
          className="aspect-[3/4] w-full rounded-md border-4 border-saffron-600 object-cover"
          data-testid="selfie-image"
        />
        {selfie.photos.map((photo, index) => (
          <MatchPhoto
            key={photo}
            src={photo}
            alt={t('verification.review.profilePhotoAlt', { number: index + 1, name })}
            placeholderLabel={t('verification.review.profilePhotoAlt', { number: index + 1, name })}
            sizes="(min-width: 768px) 20rem, 50vw"
            className="aspect-[3/4] w-full rounded-md"
          />
        ))}
      </div>
      <div className="flex flex-col gap-3">
        <Button type="button" className="self-start" disabled={decide.isPending} onClick={() => submit(true)}>
          <Check aria-hidden className="size-4" />
          {t('verification.review.approve')}
        </Button>
        <SelectField
          label={t('verification.review.reason')}
          value={reason}
          placeholder="—"
          error={reasonMissing && reason === '' ? t('references.validation.selfieReasonRequired') : undefined}
          onChange={(event) => setReason(event.target.value as SelfieRefusalReason | '')}
          options={selfieRefusalReasons.map((value) => ({ value, label: t(`verification.review.reasons.${value}`) }))}
        />
        <TextareaField label={t('verification.review.note')} value={note} maxLength={2000} rows={2} onChange={(event) => setNote(event.target.value)} />
        <Button type="button" variant="secondary" className="self-start" disabled={decide.isPending} onClick={() => submit(false)}>
          <X aria-hidden className="size-4" />
          {t('verification.review.refuse')}
        </Button>
      </div>
    </Card>
  );
}
