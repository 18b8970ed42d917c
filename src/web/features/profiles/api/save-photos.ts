import { useMutation } from '@tanstack/react-query';
import type { OwnProfile, PhotosInput } from '#domain/profile/profile-api';
import { apiRequest } from '#web/lib/api';
import { useStoreSavedProfile } from './profile-cache';

/** PATCH /api/profile {photos}: keep these photo paths (the non-empty slots, in slot order). */
export function useSavePhotos() {
  const store = useStoreSavedProfile();
  return useMutation({
    mutationFn: (input: PhotosInput) => apiRequest<OwnProfile>('PATCH', '/api/profile', input),
    onSuccess: store,
  });
}
