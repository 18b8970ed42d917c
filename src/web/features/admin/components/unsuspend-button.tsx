import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useUnsuspend } from '../api/admin-reports';
import { ConfirmStaffAction } from './confirm-staff-action';

/** Lifts a suspension after a confirmation (issue 31); the member can sign in again at once. */
export function UnsuspendButton({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const unsuspend = useUnsuspend();
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
          onConfirm={() =>
            unsuspend.mutate(userId, {
              onSuccess: () => {
                setConfirming(false);
                toast({ title: t('safety.admin.done.unsuspend'), description: t('safety.admin.unsuspended', { name }) });
              },
            })
          }
        />
      ) : null}
    </>
  );
}
