import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useCurrentUser } from '../features/auth/api/current-user';
import { LiveEventsContext } from '../lib/live-events';

const LiveEventStream = lazy(async () => ({ default: (await import('./live-event-stream')).LiveEventStream }));

/** The live stream (live-event-stream.tsx), open only while someone is signed in; children learn whether it is open. */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const userId = user?.id;
  const [openFor, setOpenFor] = useState<string | null>(null);
  const handleOpenChange = useCallback((open: boolean) => setOpenFor(open && userId ? userId : null), [userId]);

  const connected = userId !== undefined && openFor === userId;
  const value = useMemo(() => ({ connected }), [connected]);
  return (
    <LiveEventsContext.Provider value={value}>
      {children}
      {userId && typeof EventSource !== 'undefined' ? (
        <Suspense fallback={null}>
          <LiveEventStream userId={userId} onOpenChange={handleOpenChange} />
        </Suspense>
      ) : null}
    </LiveEventsContext.Provider>
  );
}
