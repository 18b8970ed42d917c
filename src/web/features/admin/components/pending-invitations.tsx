import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamInvitation } from '#domain/staff/team';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toast-store';
import { formatDate } from '#web/lib/format-date';
import { useCancelInvitation, useTeamInvitations } from '../api/team';
import { ConfirmStaffAction } from './confirm-staff-action';

/**
 * Invitations to the team that were sent and not yet taken: to whom, for which role, until when; each can be
 * cancelled (its link then says it is not valid), after a confirmation naming the address and the role.
 */
export function PendingInvitations() {
  const { t } = useTranslation();
  const invitations = useTeamInvitations();
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <section aria-labelledby="admin-invitations-title" className="mt-4 rounded-lg border border-stone-200 bg-white p-4">
      <h3 id="admin-invitations-title" className="text-lg font-semibold text-stone-900">
        {t('admin.invitations.title', { count: invitations.data.length })}
      </h3>
      <ul className="mt-2 divide-y divide-stone-200">
        {invitations.data.map((invitation) => (
          <li key={invitation.id}>
            <PendingInvitation invitation={invitation} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PendingInvitation({ invitation }: { invitation: TeamInvitation }) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelInvitation();
  const [confirming, setConfirming] = useState(false);
  const role = t(`introductions.admin.${invitation.role}`);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 py-2">
      <p className="min-w-0 text-sm break-words text-stone-800">
        {t('admin.invitations.line', { email: invitation.email, role, date: formatDate(invitation.expiresAt, i18n.language) })}
      </p>
      <Button type="button" size="sm" variant="secondary" aria-label={t('admin.invitations.cancelFor', { email: invitation.email })} onClick={() => setConfirming(true)}>
        {t('admin.invitations.cancel')}
      </Button>
      {confirming ? (
        <ConfirmStaffAction
          open
          onOpenChange={setConfirming}
          title={t('admin.invitations.confirmTitle', { email: invitation.email, role })}
          description={t('admin.invitations.confirmBody')}
          confirmLabel={t('admin.invitations.confirm')}
          destructive
          pending={cancel.isPending}
          failed={cancel.isError}
          onConfirm={() =>
            cancel.mutate(invitation.id, {
              onSuccess: () => {
                setConfirming(false);
                toast({ title: t('admin.invitations.cancelled'), description: invitation.email });
              },
            })
          }
        />
      ) : null}
    </div>
  );
}
