import { onlineManager, QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api';

/** The spec's data-fetching defaults: GET the joined query key, no retry, no refetch, never stale. */
export function createQueryClient(): QueryClient {
  // TanStack Query assumes it is online until the browser says it went offline; a page opened offline (the service
  // worker's copy of the app) hears no such event. Told at once, its questions wait for the connection instead of
  // failing (a member would look signed out), and are asked by themselves when it returns.
  if (typeof window !== 'undefined') onlineManager.setOnline(navigator.onLine !== false);
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => apiRequest('GET', queryKey.join('/')),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      // A change is never held back to be sent later (the offline bar says nothing is queued): offline it fails at
      // once and the screen keeps what was typed.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
