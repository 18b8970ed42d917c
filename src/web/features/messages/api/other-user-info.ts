import { useQuery } from '@tanstack/react-query';
import type { OtherUserInfo } from '#domain/messaging/messages';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { otherUserInfoKey } from '#web/lib/query-keys';

/** GET /api/user/{id}/info: name, photo and volunteer role; a 404 (a stranger) is an error the header shows as "Conversation". */
export function useOtherUserInfo(otherUserId: string) {
  const { isAuthenticated } = useCurrentUser();
  return useQuery<OtherUserInfo>({ queryKey: otherUserInfoKey(otherUserId), enabled: isAuthenticated && otherUserId.length > 0 });
}
