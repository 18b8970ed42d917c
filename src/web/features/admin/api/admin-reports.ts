import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReport, AdminReportDetail, ModerationResult, ReportAction } from '#domain/safety/safety';
import { apiRequest } from '#web/lib/api';
import { adminUserProfilesKey } from './admin-lists';

/** The open reports the dashboard shows first (up to 100; the server pages further with limit/offset). */
export const adminOpenReportsKey = ['/api/admin/reports?status=open&limit=100'] as const;

export function useAdminOpenReports() {
  return useQuery<AdminReport[]>({ queryKey: adminOpenReportsKey });
}

/** GET /api/admin/reports/{id}: the evidence of one report, fetched only when the admin opens it. */
export function useAdminReportDetail(id: string, enabled: boolean) {
  return useQuery<AdminReportDetail>({ queryKey: ['/api/admin/reports', encodeURIComponent(id)], enabled });
}

/** After a decision the queue, any open evidence and the member list refresh. */
function useRefreshModeration() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminOpenReportsKey });
    void queryClient.invalidateQueries({ queryKey: ['/api/admin/reports'] });
    void queryClient.invalidateQueries({ queryKey: adminUserProfilesKey });
  };
}

/** POST /api/admin/reports/{id}/resolve {action, note?}; then the queue and the member list refresh. */
export function useResolveReport() {
  const refresh = useRefreshModeration();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: string; action: ReportAction; note?: string }) =>
      apiRequest<ModerationResult>('POST', `/api/admin/reports/${encodeURIComponent(id)}/resolve`, { action, note }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/users/{userId}/unsuspend (the dashboard's Unsuspend). */
export function useUnsuspend() {
  const refresh = useRefreshModeration();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<ModerationResult>('POST', `/api/admin/users/${encodeURIComponent(userId)}/unsuspend`),
    onSuccess: refresh,
  });
}
