import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { THREAD_POLL_MS, type ConversationSummary, type Message } from '#domain/messaging/messages';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { useLiveEvents } from '#web/lib/live-events';
import { conversationsKey, threadKey } from '#web/lib/query-keys';

/**
 * GET /api/messages/{otherUserId}: the thread, oldest first. Refreshed on each live event for this
 * person; polled every 3 s (spec §9) only while the live stream is down.
 */
export function useThread(otherUserId: string) {
  const { isAuthenticated } = useCurrentUser();
  const { connected } = useLiveEvents();
  const queryClient = useQueryClient();
  const thread = useQuery<Message[]>({
    queryKey: threadKey(otherUserId),
    enabled: isAuthenticated && otherUserId.length > 0,
    refetchInterval: connected ? false : THREAD_POLL_MS,
  });

  // Fetching the thread marks what the caller received as read: when the cached conversation
  // list still counts unread messages here, or has not seen the newest one, it is out of date.
  const { data, dataUpdatedAt } = thread;
  useEffect(() => {
    if (!data) return;
    const summary = queryClient.getQueryData<ConversationSummary[]>(conversationsKey)?.find((c) => c.otherUserId === otherUserId);
    const newest = data.at(-1);
    const outdated = summary ? summary.unreadCount > 0 || (newest !== undefined && newest.createdAt !== summary.lastMessage.createdAt) : newest !== undefined;
    if (outdated) void queryClient.invalidateQueries({ queryKey: conversationsKey });
  }, [data, dataUpdatedAt, otherUserId, queryClient]);

  return thread;
}
