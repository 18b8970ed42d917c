import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VolunteerProfile } from '#domain/volunteers/volunteer';
import { apiRequest } from '#web/lib/api';
import { uploadPhoto } from '#web/lib/upload-photo';
import { publicVolunteersKey } from '#web/lib/query-keys';
import { volunteerProfileKey } from './volunteer-profile';

/**
 * The profile photos' upload flow (upload URL, PUT the file, register it), then
 * PATCH /api/volunteer-profile {photo} to make it the volunteer photo.
 */
export function useUpdateVolunteerPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const photo = await uploadPhoto(file);
      return apiRequest<VolunteerProfile>('PATCH', '/api/volunteer-profile', { photo });
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(volunteerProfileKey, profile);
      void queryClient.invalidateQueries({ queryKey: volunteerProfileKey });
      void queryClient.invalidateQueries({ queryKey: publicVolunteersKey });
    },
  });
}
