import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useCurrentUser } from '../auth/api/current-user';
import { messageEventData, type MessageEventData } from '../../../domain/messages';
import { conversationsKey, threadKey } from './api/keys';
import { refreshIntroductions } from '../introductions/api/introductions';

/** Whether this tab's live stream is open; while it is not, the thread falls back to the 3 s poll. */
interface LiveEvents {
  connected: boolean;
}

const LiveEventsContext = createContext<LiveEvents>({ connected: false });

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
 * One Server-Sent Events stream per tab (GET /api/events), open only while someone is signed in.
 * Each `message` event refreshes the thread with the other person and the conversation list.
 * The browser reconnects by itself after a dropped connection, resending Last-Event-ID so nothing
 * is missed; when the server refuses the stream, a new one is opened later, resuming from the
 * last event seen.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const [openFor, setOpenFor] = useState<string | null>(null);

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = RECONNECT_MIN_MS;
    let lastEventId = '';
    let interrupted = false;

    const open = () => {
      const url = lastEventId ? `${EVENTS_URL}?${new URLSearchParams({ lastEventId })}` : EVENTS_URL;
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      current.onopen = () => {
        setOpenFor(userId);
        retryDelay = RECONNECT_MIN_MS;
        if (interrupted) {
          // Back after a gap: the replay covers missed events, a refresh covers anything beyond it.
          interrupted = false;
          void queryClient.invalidateQueries({ queryKey: conversationsKey });
          void queryClient.invalidateQueries({ queryKey: ['/api/messages'] });
        }
      };
      current.addEventListener('message', (event: MessageEvent) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        const data = parseEvent(event.data);
        if (data) void refreshAfterMessage(queryClient, userId, data);
      });
      // An introduction changed (issue 16): the data is only a nudge; the lists are fetched again.
      current.addEventListener('introduction', () => refreshIntroductions(queryClient));
      current.onerror = () => {
        interrupted = true;
        setOpenFor(null);
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
      setOpenFor(null);
    };
  }, [userId, queryClient]);

  const connected = userId !== undefined && openFor === userId;
  const value = useMemo(() => ({ connected }), [connected]);
  return <LiveEventsContext.Provider value={value}>{children}</LiveEventsContext.Provider>;
}

/** Whether the live stream is open in this tab. */
export function useLiveEvents(): LiveEvents {
  return useContext(LiveEventsContext);
}
