import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamMember } from '../../../../domain/introductions';
import type { MemberRole } from '../../../../domain/roles';
import { apiRequest } from '../../../lib/api';
import { adminUserProfilesKey } from './admin-lists';

export const adminTeamKey = ['/api/admin/team'] as const;

export function useAdminTeam() {
  return useQuery<TeamMember[]>({ queryKey: adminTeamKey });
}

export function useSetRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roles }: { userId: string; roles: readonly MemberRole[] }) =>
      apiRequest<{ userId: string; roles: MemberRole[] }>('PUT', `/api/admin/users/${encodeURIComponent(userId)}/roles`, {
        coordinator: roles.includes('coordinator'),
        elder: roles.includes('elder'),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminTeamKey });
      void queryClient.invalidateQueries({ queryKey: adminUserProfilesKey });
    },
  });
}
