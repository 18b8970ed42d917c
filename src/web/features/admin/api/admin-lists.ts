import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPartnerApplication, AdminUserProfile, AdminVolunteerApplication } from '#domain/staff/admin';
import type { AdminProfileStatus, ListParams, VolunteerApplicationStatus } from '#domain/staff/list-query';
import { apiRequest } from '#web/lib/api';
import { apiPage, type ApiPage } from '#web/lib/api-page';
import { publicVolunteersKey } from '#web/lib/query-keys';

export const adminUserProfilesKey = ['/api/admin/user-profiles'] as const;
export const adminPartnerApplicationsKey = ['/api/admin/partner-applications'] as const;
export const adminVolunteerApplicationsKey = ['/api/admin/volunteer-applications'] as const;

/** One page of an admin list and the size of the whole filtered list (X-Total-Count). */
export type AdminPage<T> = ApiPage<T>;

// The page on screen stays while the next one loads (no flash of "Loading..." between pages or keystrokes).
function useAdminPage<T>(key: readonly [string], params: ListParams) {
  return useQuery({ queryKey: [...key, params], queryFn: () => apiPage<T>(key[0], params), placeholderData: keepPreviousData });
}

export function useAdminUserProfiles(params: ListParams<AdminProfileStatus>) {
  return useAdminPage<AdminUserProfile>(adminUserProfilesKey, params);
}

export function useAdminVolunteerApplications(params: ListParams<VolunteerApplicationStatus>) {
  return useAdminPage<AdminVolunteerApplication>(adminVolunteerApplicationsKey, params);
}

/** How many volunteer applications wait for review (one row asked for: the total is what counts). */
export function usePendingVolunteerCount() {
  return useAdminPage<AdminVolunteerApplication>(adminVolunteerApplicationsKey, { status: 'pending', limit: 1, offset: 0 });
}

/** The legacy applications come a page at a time (the server never lists them whole): the largest page is shown. */
export function useAdminPartnerApplications() {
  // LIST_MAX_LIMIT (domain/staff/list-query.ts), written out so this module does not pull zod into the page.
  const params = { limit: 200, offset: 0 };
  return useQuery({
    queryKey: [...adminPartnerApplicationsKey, params],
    queryFn: async () => (await apiPage<AdminPartnerApplication>(adminPartnerApplicationsKey[0], params)).items,
  });
}

/** PATCH /api/admin/volunteer-applications/{id} {approved}; then the admin lists and /api/volunteers refresh. */
export function useSetVolunteerApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approved }: { id: string; approved: boolean }) =>
      apiRequest<AdminVolunteerApplication>('PATCH', `/api/admin/volunteer-applications/${encodeURIComponent(id)}`, { approved }),
    onSuccess: (updated) => {
      queryClient.setQueriesData<AdminPage<AdminVolunteerApplication>>({ queryKey: adminVolunteerApplicationsKey }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === updated.id ? updated : item)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: adminVolunteerApplicationsKey });
      void queryClient.invalidateQueries({ queryKey: publicVolunteersKey });
    },
  });
}
