import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getOrNullOn401 } from '#web/lib/api';
import { currentUserKey } from '#web/lib/query-keys';
import { hasSignedInHint } from '#web/lib/signed-in-hint';

import type { CurrentUser } from '#domain/accounts/auth';

/**
 * Who is signed in, or null. Not retried on failure (spec §4). A visitor without the signed-in hint is nobody
 * without asking: the call would only answer 401 (and log a console error on every public page).
 */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: currentUserKey,
    queryFn: () => (hasSignedInHint() ? getOrNullOn401<CurrentUser>(currentUserKey[0]) : null),
    // Known at once for a visitor: no loading state, so the visitor header is there in the first paint instead of
    // arriving a moment later and pushing the page down (a layout shift on every public page).
    initialData: () => (hasSignedInHint() ? undefined : null),
  });
  // Offline with the hint: the question waits for the connection (TanStack pauses it, lib/query-client.ts) and is
  // asked by itself once it is back. Meanwhile the member is not signed out, only not known yet: the shell keeps the
  // signed-in frame and the screen says it needs a connection (app/app-layout.tsx, app/require-sign-in.tsx).
  const waitingForConnection = query.data === undefined && query.isPaused;
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: Boolean(query.data), waitingForConnection };
}

/**
 * Asks the server again who is signed in, after something changed it (an email verified, a verification given).
 * The fetch in flight is cancelled first: a page that changes the account on arrival (the verification link) does so
 * while its first fetch of the user may still be on its way, and invalidating alone would let that fetch, read
 * before the change, land and count as fresh (TanStack Query joins a first fetch instead of restarting it).
 */
export async function refreshCurrentUser(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: currentUserKey });
  await queryClient.invalidateQueries({ queryKey: currentUserKey });
}
