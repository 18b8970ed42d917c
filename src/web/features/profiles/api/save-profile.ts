import { useMutation } from '@tanstack/react-query';
import type { ProfileInput } from '#domain/profile/profile-input';
import type { OwnProfile } from '#domain/profile/profile-api';
import { apiRequest } from '#web/lib/api';
import { useStoreSavedProfile } from './profile-cache';

/** POST /api/profile: create (201) or update (200) the own profile; saved photos are kept by the server. */
export function useSaveProfile() {
  const store = useStoreSavedProfile();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiRequest<OwnProfile>('POST', '/api/profile', input),
    onSuccess: store,
  });
}
