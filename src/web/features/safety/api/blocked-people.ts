import { useMutation, useQuery } from '@tanstack/react-query';
import type { BlockedPerson } from '#domain/safety/safety';
import { apiRequest } from '#web/lib/api';
import { blocksKey, useRefreshAfterBlock } from '#web/lib/blocks';
import { useCurrentUser } from '#web/features/auth/api/current-user';

/** GET /api/blocks: the people the caller blocked, newest first. */
export function useBlockedPeople() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery<BlockedPerson[]>({ queryKey: blocksKey, enabled: isAuthenticated });
}

/** DELETE /api/blocks/{userId}: 204. */
export function useUnblock() {
  const refresh = useRefreshAfterBlock();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<void>('DELETE', `/api/blocks/${encodeURIComponent(userId)}`),
    onSuccess: (_nothing, userId) => refresh(userId),
  });
}
