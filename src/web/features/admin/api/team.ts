import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamMember } from '#domain/introductions/introductions';
import type { MemberRole } from '#domain/staff/roles';
import type { TeamInvitation } from '#domain/staff/team';
import { apiRequest } from '#web/lib/api';
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

export const teamInvitationsKey = ['/api/admin/team/invitations'] as const;

/** Invitations sent and not yet accepted or expired. */
export function useTeamInvitations() {
  return useQuery<TeamInvitation[]>({ queryKey: teamInvitationsKey });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/admin/team/invitations/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamInvitationsKey }),
  });
}
