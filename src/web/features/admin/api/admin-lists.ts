import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPartnerApplication, AdminUserProfile, AdminVolunteerApplication } from '../../../../domain/admin';
import { apiRequest } from '../../../lib/api';
import { publicVolunteersKey } from '../../volunteers/api/public-volunteers';

export const adminUserProfilesKey = ['/api/admin/user-profiles'] as const;
export const adminPartnerApplicationsKey = ['/api/admin/partner-applications'] as const;
export const adminVolunteerApplicationsKey = ['/api/admin/volunteer-applications'] as const;

// The default query function GETs the joined key; a 401 throws an ApiError the dashboard handles.
export function useAdminUserProfiles() {
  return useQuery<AdminUserProfile[]>({ queryKey: adminUserProfilesKey });
}

export function useAdminPartnerApplications() {
  return useQuery<AdminPartnerApplication[]>({ queryKey: adminPartnerApplicationsKey });
}

export function useAdminVolunteerApplications() {
  return useQuery<AdminVolunteerApplication[]>({ queryKey: adminVolunteerApplicationsKey });
}

/** PATCH /api/admin/volunteer-applications/{id} {approved}; then the admin list and /api/volunteers refresh. */
export function useSetVolunteerApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approved }: { id: string; approved: boolean }) =>
      apiRequest<AdminVolunteerApplication>('PATCH', `/api/admin/volunteer-applications/${encodeURIComponent(id)}`, { approved }),
    onSuccess: (updated) => {
      queryClient.setQueryData<AdminVolunteerApplication[]>(adminVolunteerApplicationsKey, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      void queryClient.invalidateQueries({ queryKey: adminVolunteerApplicationsKey });
      void queryClient.invalidateQueries({ queryKey: publicVolunteersKey });
    },
  });
}
