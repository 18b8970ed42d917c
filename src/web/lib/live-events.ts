import { createContext, useContext } from 'react';

/** Whether this tab's live stream is open; while it is not, the thread falls back to the 3 s poll. */
export interface LiveEvents {
  connected: boolean;
}

/** Provided by app/live-events-provider.tsx (which opens the stream); read here by the screens that poll without it. */
export const LiveEventsContext = createContext<LiveEvents>({ connected: false });

/** Whether the live stream is open in this tab. */
export function useLiveEvents(): LiveEvents {
  return useContext(LiveEventsContext);
}
