import { useTranslation } from 'react-i18next';
import { memberRoles, type MemberRole } from '../../../../domain/roles';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useSetRoles } from '../api/team';

/** The role's word agrees with the person ("Coordinadora"); without a known gender, the plain key is neutral. */
function roleContext(gender: string | null | undefined): 'man' | 'woman' | undefined {
  return gender === 'man' || gender === 'woman' ? gender : undefined;
}

/** The admin grants or removes a member's coordinator and elder roles (issue 16); each press is saved and audited. */
export function RoleToggles({ userId, name, gender, roles }: { userId: string; name: string; gender?: string | null; roles: readonly MemberRole[] }) {
  const { t } = useTranslation();
  const setRoles = useSetRoles();
  function toggle(role: MemberRole) {
    const next = roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role];
    setRoles.mutate(
      { userId, roles: next },
      {
        onSuccess: () => toast({ title: t('admin.toasts.successTitle'), description: t('introductions.admin.saved') }),
        onError: () => toast({ title: t('admin.toasts.errorTitle'), description: t('introductions.admin.failed'), variant: 'destructive' }),
      },
    );
  }
  return (
    <div role="group" aria-label={`${t('introductions.admin.roles')}: ${name}`} className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-stone-600">{t('introductions.admin.roles')}</span>
      {memberRoles.map((role) => (
        <Button key={role} type="button" size="sm" variant={roles.includes(role) ? 'primary' : 'secondary'} aria-pressed={roles.includes(role)} disabled={setRoles.isPending} onClick={() => toggle(role)}>
          {t(`introductions.admin.${role}`, { context: roleContext(gender) })}
        </Button>
      ))}
    </div>
  );
}
