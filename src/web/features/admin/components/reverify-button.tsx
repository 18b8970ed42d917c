import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { CheckboxField } from '#web/components/ui/checkbox';
import { toast } from '#web/components/ui/toast-store';
import { apiRequest } from '#web/lib/api';
import { ConfirmStaffAction } from './confirm-staff-action';

/**
 * The admin asks a member to verify again (a moderation action, issue 50): her selfie check is cleared and, when
 * chosen, the coordinator's verification too; she gets a notice that says so in general terms. Audited on the server.
 */
export function ReverifyButton({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [meeting, setMeeting] = useState(false);
  const reverify = useMutation({
    mutationFn: () => apiRequest('POST', `/api/admin/users/${encodeURIComponent(userId)}/reverify`, { rungs: meeting ? ['selfie', 'metByCoordinator'] : ['selfie'] }),
    onSuccess: () => {
      toast({ title: t('verification.admin.reverified') });
      setConfirming(false);
    },
  });
  return (
    <>
      <Button type="button" size="sm" variant="secondary" onClick={() => setConfirming(true)}>
        {t('verification.admin.reverify')}
      </Button>
      {confirming ? (
        <ConfirmStaffAction
          open
          onOpenChange={setConfirming}
          title={`${t('verification.admin.reverify')}: ${name}`}
          description={t('verification.admin.reverifyHint')}
          confirmLabel={t('verification.admin.reverify')}
          pending={reverify.isPending}
          failed={reverify.isError}
          onConfirm={() => reverify.mutate()}
        >
          <CheckboxField label={t('verification.admin.alsoMeeting')} checked={meeting} onChange={(event) => setMeeting(event.target.checked)} />
        </ConfirmStaffAction>
      ) : null}
    </>
  );
}
