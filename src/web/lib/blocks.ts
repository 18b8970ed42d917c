import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockedPerson } from '#domain/safety/safety';
import { apiRequest } from './api';
import { conversationsKey, otherUserInfoKey } from './query-keys';

/**
 * Blocking someone (spec §6) is offered from more than one feature (the safety dialogs, a member's check-in that ends
 * an introduction), so the call lives here; the blocked-people list and unblocking stay in features/safety.
 */
export const blocksKey = ['/api/blocks'] as const;

/** After a block or an unblock every list that shows people may have changed: matches, threads, the person's info. */
export function useRefreshAfterBlock() {
  const queryClient = useQueryClient();
  return (userId: string) => {
    void queryClient.invalidateQueries({ queryKey: blocksKey });
    void queryClient.invalidateQueries({ queryKey: ['/api/matches'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/match'] });
    void queryClient.invalidateQueries({ queryKey: conversationsKey });
    void queryClient.invalidateQueries({ queryKey: otherUserInfoKey(userId) });
  };
}

/** POST /api/blocks {userId}: 201, or 200 when already blocked. */
export function useBlock() {
  const refresh = useRefreshAfterBlock();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<BlockedPerson>('POST', '/api/blocks', { userId }),
    onSuccess: (_person, userId) => refresh(userId),
  });
}
