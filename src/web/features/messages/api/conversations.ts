import { useQuery } from '@tanstack/react-query';
import { THREAD_POLL_MS, type ConversationSummary } from '#domain/messaging/messages';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { useLiveEvents } from '#web/lib/live-events';
import { conversationsKey } from '#web/lib/query-keys';

/** While the live stream is down the navigation badge checks this often (the list itself polls like the thread). */
const BADGE_POLL_MS = 30_000;

/**
 * GET /api/conversations: one summary per other person, newest first. Refreshed on each live
 * event; while the stream is down it is polled, every 3 s on /messages (`poll`) and every 30 s
 * for the navigation badge.
 */
export function useConversations({ poll = false }: { poll?: boolean } = {}) {
  const { isAuthenticated } = useCurrentUser();
  const { connected } = useLiveEvents();
  return useQuery<ConversationSummary[]>({
    queryKey: conversationsKey,
    enabled: isAuthenticated,
    refetchInterval: connected ? false : poll ? THREAD_POLL_MS : BADGE_POLL_MS,
  });
}

/** How many received messages are unread, over every conversation (0 while unknown). */
export function useUnreadTotal(): number {
  const { data } = useConversations();
  return data?.reduce((total, conversation) => total + conversation.unreadCount, 0) ?? 0;
}
