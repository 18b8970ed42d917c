import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberRoles, type MemberRole } from '#domain/staff/roles';
import { Button } from '#web/components/ui/button';
import { toast, toastError } from '#web/components/ui/toast-store';
import { useSetRoles } from '../api/team';
import { ConfirmStaffAction } from './confirm-staff-action';

/** The role's word agrees with the person ("Coordinadora"); without a known gender, the plain key is neutral. */
function roleContext(gender: string | null | undefined): 'man' | 'woman' | undefined {
  return gender === 'man' || gender === 'woman' ? gender : undefined;
}

/**
 * The admin grants or removes a member's coordinator and elder roles. A staff role reads every member's
 * biodata, so each press first asks, naming the person and the role; the server mails a grant and audits both.
 */
export function RoleToggles({ userId, name, gender, roles }: { userId: string; name: string; gender?: string | null; roles: readonly MemberRole[] }) {
  const { t } = useTranslation();
  const setRoles = useSetRoles();
  const [asking, setAsking] = useState<MemberRole | null>(null);
  const change = asking && roles.includes(asking) ? 'remove' : 'grant';

  function confirm(role: MemberRole) {
    const next = change === 'remove' ? roles.filter((r) => r !== role) : [...roles, role];
    setRoles.mutate(
      { userId, roles: next },
      {
        onSuccess: () => {
          setAsking(null);
          toast({ title: t(`introductions.admin.${change}.${role}.done`, { name }) });
        },
        onError: () => toastError(t('admin.toasts.errorTitle'), t('introductions.admin.failed')),
      },
    );
  }

  return (
    <div role="group" aria-label={`${t('introductions.admin.roles')}: ${name}`} className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-stone-600">{t('introductions.admin.roles')}</span>
      {memberRoles.map((role) => (
        <Button key={role} type="button" size="sm" variant={roles.includes(role) ? 'primary' : 'secondary'} aria-pressed={roles.includes(role)} disabled={setRoles.isPending} onClick={() => setAsking(role)}>
          {t(`introductions.admin.${role}`, { context: roleContext(gender) })}
        </Button>
      ))}
      {asking ? (
        <ConfirmStaffAction
          open
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
          title={t(`introductions.admin.${change}.${asking}.title`, { name })}
          description={t(`introductions.admin.${change}.${asking}.body`, { name })}
          confirmLabel={t(`introductions.admin.${change}.${asking}.confirm`)}
          destructive={change === 'remove'}
          pending={setRoles.isPending}
          failed={setRoles.isError}
          onConfirm={() => confirm(asking)}
        />
      ) : null}
    </div>
  );
}
