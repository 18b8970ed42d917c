import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedPerson } from '../../../../domain/safety';
import { apiRequest } from '../../../lib/api';
import { useCurrentUser } from '../../auth/api/current-user';
import { conversationsKey, otherUserInfoKey } from '../../messages/api/keys';

export const blocksKey = ['/api/blocks'] as const;

/** GET /api/blocks: the people the caller blocked, newest first. */
export function useBlockedPeople() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery<BlockedPerson[]>({ queryKey: blocksKey, enabled: isAuthenticated });
}

/** After a block or an unblock every list that shows people may have changed: matches, threads, the person's info. */
function useRefreshAfterBlock() {
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

/** DELETE /api/blocks/{userId}: 204. */
export function useUnblock() {
  const refresh = useRefreshAfterBlock();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<void>('DELETE', `/api/blocks/${encodeURIComponent(userId)}`),
    onSuccess: (_nothing, userId) => refresh(userId),
  });
}
