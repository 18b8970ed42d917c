import { useQuery } from '@tanstack/react-query';
import { getOrNullOn401 } from '../../../lib/api';
import { hasSignedInHint } from '../../../lib/signed-in-hint';

import type { CurrentUser } from '../../../../domain/auth';

export const currentUserKey = ['/api/auth/user'] as const;

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
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: Boolean(query.data) };
}
