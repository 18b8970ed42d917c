import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsultationRequest, ConsultationStatus } from '#domain/introductions/consultations';
import { apiRequest } from '#web/lib/api';
import { apiPage, nextPageOffset, type PageQuery } from '#web/lib/api-page';

const consultationsPath = '/api/coordinator/consultations';
const PAGE = 20;

/** The members who asked for a marriage-readiness consultation: still open, or already handled (with the notes). */
export function useConsultations(status: ConsultationStatus) {
  return useInfiniteQuery({
    queryKey: [consultationsPath, status],
    queryFn: ({ pageParam }) => apiPage<ConsultationRequest, PageQuery & { status: ConsultationStatus }>(consultationsPath, { status, limit: PAGE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextPageOffset(pages),
  });
}

export function useMarkConsultationHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, note }: { userId: string; note: string }) =>
      apiRequest<ConsultationRequest>('POST', `${consultationsPath}/${encodeURIComponent(userId)}/handled`, { note }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [consultationsPath] }),
  });
}
