import { useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '#domain/profile/profile-api';
import { ApiError, apiRequest } from '#web/lib/api';
import { useCurrentUser } from '#web/features/auth/api/current-user';

export const ownProfileKey = ['/api/profile'] as const;

/** GET /api/profile: the signed-in user's profile, or null when they have none yet (200 null; 404 from an older server). */
export async function fetchOwnProfile(): Promise<OwnProfile | null> {
  try {
    return await apiRequest<OwnProfile>('GET', ownProfileKey[0]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The own profile; runs only when signed in (spec §7). */
export function useOwnProfile() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ queryKey: ownProfileKey, queryFn: fetchOwnProfile, enabled: isAuthenticated });
}
