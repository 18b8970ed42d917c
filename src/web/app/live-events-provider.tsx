import { lazy, startTransition, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { LiveEventsContext } from '#web/lib/live-events';

const LiveEventStream = lazy(async () => ({ default: (await import('./live-event-stream')).LiveEventStream }));

/**
 * The live stream (live-event-stream.tsx), open only while someone is signed in; children learn whether it is open.
 * `resumeFrom`: the event id the page's answers were read at (a member page rendered on the server), where the
 * stream starts.
 */
export function LiveEventsProvider({ children, resumeFrom }: { children: ReactNode; resumeFrom?: string }) {
  const { user } = useCurrentUser();
  const userId = user?.id;
  const [openFor, setOpenFor] = useState<string | null>(null);
  // Not urgent: the screens that read it re-render (a conversation, with every message) in slices the browser can
  // interrupt, not in one task just as a phone has loaded the page (the stream opens a moment after it).
  const handleOpenChange = useCallback(
    (open: boolean) => startTransition(() => setOpenFor(open && userId ? userId : null)),
    [userId],
  );

  const connected = userId !== undefined && openFor === userId;
  const value = useMemo(() => ({ connected }), [connected]);
  return (
    <LiveEventsContext.Provider value={value}>
      {children}
      {/* The boundary is there for a member on the server too (a member screen it rendered, server/member-page-html.ts),
          so the browser hydrates the same tree; the stream itself renders nothing and opens only in a browser. */}
      {userId ? (
        <Suspense fallback={null}>{typeof EventSource !== 'undefined' ? <LiveEventStream userId={userId} resumeFrom={resumeFrom} onOpenChange={handleOpenChange} /> : null}</Suspense>
      ) : null}
    </LiveEventsContext.Provider>
  );
}
