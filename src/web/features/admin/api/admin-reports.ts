import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReport, ModerationResult, ReportAction } from '../../../../domain/safety';
import { apiRequest } from '../../../lib/api';
import { adminUserProfilesKey } from './admin-lists';

/** The open reports the dashboard shows first (up to 100; the server pages further with limit/offset). */
export const adminOpenReportsKey = ['/api/admin/reports?status=open&limit=100'] as const;

export function useAdminOpenReports() {
  return useQuery<AdminReport[]>({ queryKey: adminOpenReportsKey });
}

/** POST /api/admin/reports/{id}/resolve {action, note?}; then the queue and the member list refresh. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: string; action: ReportAction; note?: string }) =>
      apiRequest<ModerationResult>('POST', `/api/admin/reports/${encodeURIComponent(id)}/resolve`, { action, note }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminOpenReportsKey });
      void queryClient.invalidateQueries({ queryKey: adminUserProfilesKey });
    },
  });
}
