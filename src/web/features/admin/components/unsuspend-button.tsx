import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { ConfirmStaffAction } from './confirm-staff-action';
import { useJustSuspended } from './just-suspended';
import { useLiftSuspension } from './lift-suspension';

/**
 * Lifts a suspension; the member can sign in again at once. Right after the admin suspended them here, it is Undo,
 * pressed once; an older suspension is lifted after a confirmation.
 */
export function UnsuspendButton({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const { lift, pending, failed } = useLiftSuspension();
  const justSuspended = useJustSuspended(userId);

  if (justSuspended) {
    return (
      <Button type="button" size="sm" variant="secondary" disabled={pending} aria-label={t('safety.admin.undoFor', { name })} onClick={() => void lift(userId, name)}>
        {t('safety.admin.undo')}
      </Button>
    );
  }
  return (
    <>
      <Button type="button" size="sm" variant="secondary" onClick={() => setConfirming(true)}>
        {t('safety.admin.unsuspend')}
      </Button>
      {confirming ? (
        <ConfirmStaffAction
          open
          onOpenChange={setConfirming}
          title={t('safety.admin.confirm.unsuspend.title', { name })}
          description={t('safety.admin.confirm.unsuspend.body', { name })}
          confirmLabel={t('safety.admin.confirm.unsuspend.confirm')}
          pending={pending}
          failed={failed}
          onConfirm={() => void lift(userId, name).then((lifted) => lifted && setConfirming(false))}
        />
      ) : null}
    </>
  );
}
