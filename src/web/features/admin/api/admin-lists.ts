import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPartnerApplication, AdminUserProfile, AdminVolunteerApplication } from '../../../../domain/admin';
import type { AdminProfileStatus, ListParams, VolunteerApplicationStatus } from '../../../../domain/list-query';
import { ApiError, apiRequest } from '../../../lib/api';
import { parseTotal } from '../../matches/api/matches';
import { publicVolunteersKey } from '../../volunteers/api/public-volunteers';

export const adminUserProfilesKey = ['/api/admin/user-profiles'] as const;
export const adminPartnerApplicationsKey = ['/api/admin/partner-applications'] as const;
export const adminVolunteerApplicationsKey = ['/api/admin/volunteer-applications'] as const;

/** One page of an admin list and the size of the whole filtered list (X-Total-Count). */
export interface AdminPage<T> {
  items: T[];
  total: number;
}

/** The list's address with only the parameters that are set (an empty search is no search). */
export function listUrl(path: string, params: ListParams): string {
  const query = new URLSearchParams();
  if (params.q?.trim()) query.set('q', params.q.trim());
  if (params.status) query.set('status', params.status);
  if (params.limit !== undefined) query.set('limit', String(params.limit));
  if (params.offset > 0) query.set('offset', String(params.offset));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * GET one page of an admin list. apiRequest gives only the body and the total is in a header, so this reads the
 * Response itself (as the matches list does); a non-OK answer throws the same ApiError ("STATUS: body").
 */
async function fetchAdminPage<T>(path: string, params: ListParams): Promise<AdminPage<T>> {
  const response = await fetch(listUrl(path, params), { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const items = (await response.json()) as T[];
  return { items, total: parseTotal(response.headers.get('X-Total-Count'), params.offset + items.length) };
}

// The page on screen stays while the next one loads (no flash of "Loading..." between pages or keystrokes).
function useAdminPage<T>(key: readonly [string], params: ListParams) {
  return useQuery({ queryKey: [...key, params], queryFn: () => fetchAdminPage<T>(key[0], params), placeholderData: keepPreviousData });
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
  // LIST_MAX_LIMIT (domain/list-query.ts), written out so this module does not pull zod into the page.
  const params = { limit: 200, offset: 0 };
  return useQuery({
    queryKey: [...adminPartnerApplicationsKey, params],
    queryFn: async () => (await fetchAdminPage<AdminPartnerApplication>(adminPartnerApplicationsKey[0], params)).items,
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
