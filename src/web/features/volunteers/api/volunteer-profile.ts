import { useQuery } from '@tanstack/react-query';
import type { VolunteerProfile } from '#domain/volunteers/volunteer';
import { useCurrentUser } from '#web/features/auth/api/current-user';

export const volunteerProfileKey = ['/api/volunteer-profile'] as const;

/** GET /api/volunteer-profile: the signed-in user's own application, or null. Runs only when signed in. */
export function useVolunteerProfile() {
  const { isAuthenticated } = useCurrentUser();
  // The default query function GETs the joined key.
  return useQuery<VolunteerProfile | null>({ queryKey: volunteerProfileKey, enabled: isAuthenticated });
}
