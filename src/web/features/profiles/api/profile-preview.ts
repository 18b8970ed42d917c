import { useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '#domain/profile/profile-api';
import { useCurrentUser } from '#web/features/auth/api/current-user';

export const profilePreviewKey = ['/api/profile/preview'] as const;

/** GET /api/profile/preview: the own profile as others see it (404 when there is none: an error). */
export function useProfilePreview() {
  const { isAuthenticated } = useCurrentUser();
  // The default query function GETs the joined key.
  return useQuery<OwnProfile>({ queryKey: profilePreviewKey, enabled: isAuthenticated });
}
