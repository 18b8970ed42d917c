import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DrawnGesture, MyVerification, QueuedSelfie, SelfieDecisionInput } from '#domain/verification/selfie';
import { apiRequest } from '#web/lib/api';
import { apiUpload } from '#web/lib/api-upload';

const verificationKey = ['/api/verification'] as const;
const selfieQueueKey = ['/api/coordinator/selfies'] as const;

/** GET /api/verification: her rungs (dates or null, `full`) and her latest selfie check. */
export function useMyVerification() {
  return useQuery<MyVerification>({ queryKey: verificationKey });
}

/** POST /api/verification/selfie/gesture: a gesture drawn for her next photo (another each time; hands-free if asked). */
export function useDrawGesture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (handsFree: boolean) => apiRequest<DrawnGesture>('POST', '/api/verification/selfie/gesture', { handsFree }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verificationKey }),
  });
}

/** POST /api/verification/selfie: the photo's bytes, as a photo upload sends them (the server re-encodes and strips them). */
export function useSendSelfie() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: Blob) => apiUpload('POST', '/api/verification/selfie', photo),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verificationKey }),
  });
}

/** GET /api/coordinator/selfies: the selfies awaiting a decision (the read is audited). */
export function useSelfieQueue() {
  return useQuery<QueuedSelfie[]>({ queryKey: selfieQueueKey });
}

/** POST /api/coordinator/selfies/{id}/decision. */
export function useDecideSelfie() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: SelfieDecisionInput }) =>
      apiRequest<{ id: string; status: 'approved' | 'refused' }>('POST', `/api/coordinator/selfies/${encodeURIComponent(id)}/decision`, decision),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: selfieQueueKey });
      // The member's ticks on the coordinator's lists.
      void queryClient.invalidateQueries({ queryKey: ['/api/coordinator/members'] });
    },
  });
}
