import { useMutation } from '@tanstack/react-query';
import type { OwnProfile } from '#domain/profile/profile-api';
import { apiRequest } from '#web/lib/api';
import { useStoreSavedProfile } from './profile-cache';

/** PATCH /api/profile/toggle-active {active}: activating needs a complete profile with 2 photos. */
export function useToggleActive() {
  const store = useStoreSavedProfile();
  return useMutation({
    mutationFn: (active: boolean) => apiRequest<OwnProfile>('PATCH', '/api/profile/toggle-active', { active }),
    onSuccess: store,
  });
}
