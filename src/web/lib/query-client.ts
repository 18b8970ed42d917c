import { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api';

/** The spec's data-fetching defaults: GET the joined query key, no retry, no refetch, never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => apiRequest('GET', queryKey.join('/')),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
