import { useMutation } from '@tanstack/react-query';
import type { ReportInput } from '#domain/safety/safety';
import { apiRequest } from '#web/lib/api';

/** POST /api/reports {userId, reason, details?, messageId?} → 201 {id}. Reporting blocks nothing by itself. */
export function useReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => apiRequest<{ id: string }>('POST', '/api/reports', input),
  });
}
