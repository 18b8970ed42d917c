import { useQuery } from '@tanstack/react-query';
import { getOrNullOn401 } from '../../../lib/api';

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export const currentUserKey = ['/api/auth/user'] as const;

/** Who is signed in, or null. Not retried on failure (spec §4). */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: currentUserKey,
    queryFn: () => getOrNullOn401<CurrentUser>(currentUserKey[0]),
  });
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: Boolean(query.data) };
}
