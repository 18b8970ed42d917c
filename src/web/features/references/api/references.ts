import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberReference, ReferenceAnswerInput, ReferenceRequestInput, ReferenceRequestView, StaffReference, VerificationInput } from '#domain/references/references';
import { apiRequest } from '#web/lib/api';
import { refreshCurrentUser } from '#web/features/auth/api/current-user';

export const referencesKey = ['/api/references'] as const;
const staffReferencesKey = (userId: string) => ['/api/coordinator/members', userId, 'references'] as const;

/** GET /api/references: the member's requests and their status, never the answers. */
export function useMyReferences() {
  return useQuery<MemberReference[]>({ queryKey: referencesKey });
}

/** POST /api/references. */
export function useRequestReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferenceRequestInput) => apiRequest<{ id: string; status: 'requested' }>('POST', '/api/references', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referencesKey }),
  });
}

/** DELETE /api/references/{id}. */
export function useWithdrawReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/references/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referencesKey }),
  });
}

/** GET /api/reference-requests/{token}: no sign-in; 404 for a link that is unknown, spent or expired. */
export function useReferenceRequest(token: string) {
  return useQuery<ReferenceRequestView>({
    queryKey: [`/api/reference-requests/${encodeURIComponent(token)}`],
    queryFn: () => apiRequest<ReferenceRequestView>('GET', `/api/reference-requests/${encodeURIComponent(token)}`),
    retry: false,
    enabled: token.length > 0,
  });
}

export function useAnswerReference(token: string) {
  return useMutation({ mutationFn: (input: ReferenceAnswerInput) => apiRequest<void>('POST', `/api/reference-requests/${encodeURIComponent(token)}`, input) });
}

export function useDeclineReference(token: string) {
  return useMutation({ mutationFn: () => apiRequest<void>('POST', `/api/reference-requests/${encodeURIComponent(token)}/decline`) });
}

/** GET /api/coordinator/members/{userId}/references: the answers, for coordinators (audited). */
export function useStaffReferences(userId: string) {
  return useQuery<StaffReference[]>({ queryKey: staffReferencesKey(userId) });
}

/** POST / DELETE /api/coordinator/members/{userId}/verification. */
export function useVerification(userId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    // The member page, the queue and the suggestions all carry the verification.
    void queryClient.invalidateQueries({ queryKey: ['/api/coordinator/members'] });
    void refreshCurrentUser(queryClient);
  };
  const verify = useMutation({
    mutationFn: (input: VerificationInput) => apiRequest('POST', `/api/coordinator/members/${encodeURIComponent(userId)}/verification`, input),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: () => apiRequest<void>('DELETE', `/api/coordinator/members/${encodeURIComponent(userId)}/verification`),
    onSuccess: refresh,
  });
  return { verify, revoke };
}
