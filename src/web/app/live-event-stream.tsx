import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messageEventData, type MessageEventData } from '#domain/messaging/messages';
import { conversationsKey, otherUserInfoPrefix, threadKey } from '#web/lib/query-keys';
import { refreshIntroductions } from '#web/features/introductions/api/introductions';

// The stream itself, apart from the provider (live-events.tsx): its message check needs zod, which a visitor's
// first page does not load; this chunk comes only once someone is signed in.

const EVENTS_URL = '/api/events';
/** When the server refuses the stream outright (the browser gives up), open a new one after this, doubling up to the maximum. */
const RECONNECT_MIN_MS = 5_000;
const RECONNECT_MAX_MS = 60_000;

function parseEvent(data: unknown): MessageEventData | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = messageEventData.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A message between `userId` and someone else committed: refetch that thread (if open), then the
 * conversation list. In that order, because fetching an open thread marks the new message read,
 * and the list fetched afterwards then has the right unread count.
 */
export async function refreshAfterMessage(queryClient: QueryClient, userId: string, event: Pick<MessageEventData, 'senderId' | 'receiverId'>) {
  const otherUserId = event.senderId === userId ? event.receiverId : event.senderId;
  await queryClient.invalidateQueries({ queryKey: threadKey(otherUserId) });
  await queryClient.invalidateQueries({ queryKey: conversationsKey });
}

/**
 * One Server-Sent Events stream per tab (GET /api/events) for the signed-in `userId`.
 * Each `message` event refreshes the thread with the other person and the conversation list.
 * The browser reconnects by itself after a dropped connection, resending Last-Event-ID so nothing
 * is missed; when the server refuses the stream, a new one is opened later, resuming from the
 * last event seen. `onOpenChange` tells the provider whether the stream is open.
 *
 * `resumeFrom` is where the page's first answers were read (a member page rendered on the server carries it): the
 * first stream asks for everything after it, so a message sent between that read and the stream's opening (the
 * page's scripts loading) is replayed, not missed. Without it the stream starts from now.
 */
export function LiveEventStream({ userId, resumeFrom, onOpenChange }: { userId: string; resumeFrom?: string; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = RECONNECT_MIN_MS;
    let lastEventId = resumeFrom && /^\d+$/.test(resumeFrom) ? resumeFrom : '';
    let interrupted = false;

    const open = () => {
      const url = lastEventId ? `${EVENTS_URL}?${new URLSearchParams({ lastEventId })}` : EVENTS_URL;
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      current.onopen = () => {
        onOpenChange(true);
        retryDelay = RECONNECT_MIN_MS;
        if (interrupted) {
          // Back after a gap: the replay covers missed events, a refresh covers anything beyond it.
          interrupted = false;
          void queryClient.invalidateQueries({ queryKey: conversationsKey });
          void queryClient.invalidateQueries({ queryKey: ['/api/messages'] });
          // Introduction events have no id to replay from: a server that could not tell what it missed ends the
          // streams, and the lists are fetched again here.
          refreshIntroductions(queryClient);
          void queryClient.invalidateQueries({ queryKey: otherUserInfoPrefix });
        }
      };
      current.addEventListener('message', (event: MessageEvent) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        const data = parseEvent(event.data);
        if (data) void refreshAfterMessage(queryClient, userId, data);
      });
      // An introduction changed: the data is only a nudge; the lists are fetched again.
      current.addEventListener('introduction', () => refreshIntroductions(queryClient));
      // Who may read a conversation changed (a guardian began or stopped reading): the open thread's
      // "a family member can read" line comes with the person's info, fetched again.
      current.addEventListener('chaperones', () => void queryClient.invalidateQueries({ queryKey: otherUserInfoPrefix }));
      current.onerror = () => {
        interrupted = true;
        onOpenChange(false);
        if (current.readyState === EventSource.CLOSED) {
          current.close();
          retryTimer = setTimeout(open, retryDelay);
          retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
        }
      };
    };

    open();
    return () => {
      clearTimeout(retryTimer);
      source?.close();
      onOpenChange(false);
    };
  }, [userId, resumeFrom, queryClient, onOpenChange]);
  return null;
}
