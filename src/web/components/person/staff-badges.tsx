import { useTranslation } from 'react-i18next';
import type { MemberRole } from '#domain/staff/roles';
import { Badge } from '../ui/badge';

/** "Coordinator" / "Elder" beside a team member's name; Spanish uses the neutral "Coordinación". */
export function StaffBadges({ roles }: { roles: readonly MemberRole[] }) {
  const { t } = useTranslation();
  if (roles.length === 0) return null;
  return (
    <>
      {roles.map((role) => (
        <Badge key={role} variant="outline">
          {t(`introductions.team.badge.${role}`)}
        </Badge>
      ))}
    </>
  );
}
