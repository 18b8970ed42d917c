import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice } from '#domain/safety/safety';
import { apiRequest } from '#web/lib/api';
import { useCurrentUser } from '#web/features/auth/api/current-user';

export const noticesKey = ['/api/notices'] as const;

/** GET /api/notices: what an admin's decision told the member, until acknowledged (asked once a visit). */
export function useNotices() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery<Notice[]>({ queryKey: noticesKey, enabled: isAuthenticated });
}

/** POST /api/notices/{id}/ack: 204; the notice leaves the list. */
export function useAcknowledgeNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('POST', `/api/notices/${encodeURIComponent(id)}/ack`),
    onSuccess: (_nothing, id) => queryClient.setQueryData<Notice[]>(noticesKey, (list) => list?.filter((notice) => notice.id !== id)),
  });
}
