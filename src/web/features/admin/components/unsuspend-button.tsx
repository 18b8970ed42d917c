import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useUnsuspend } from '../api/admin-reports';
import { ConfirmStaffAction } from './confirm-staff-action';
import { forgetJustSuspended, useJustSuspended } from './just-suspended';

/**
 * Lifts a suspension; the member can sign in again at once. Right after the admin suspended them here, it is Undo,
 * pressed once; an older suspension is lifted after a confirmation.
 */
export function UnsuspendButton({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const unsuspend = useUnsuspend();
  const justSuspended = useJustSuspended(userId);

  // The promise, not mutate's callbacks: the lifted suspension refreshes the list, which may unmount this button
  // before they run, and TanStack Query skips the callbacks of an unmounted caller (the toast was lost that way).
  function lift(onDone?: () => void) {
    unsuspend.mutateAsync(userId).then(
      () => {
        onDone?.();
        toast({ title: t('safety.admin.done.unsuspend'), description: t('safety.admin.unsuspended', { name }) });
      },
      () => toast({ title: t('admin.toasts.errorTitle'), description: t('safety.admin.actionFailed'), variant: 'destructive' }),
    );
  }

  if (justSuspended) {
    return (
      <Button type="button" size="sm" variant="secondary" disabled={unsuspend.isPending} aria-label={t('safety.admin.undoFor', { name })} onClick={() => lift(() => forgetJustSuspended(userId))}>
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
          pending={unsuspend.isPending}
          failed={unsuspend.isError}
          onConfirm={() => lift(() => setConfirming(false))}
        />
      ) : null}
    </>
  );
}
