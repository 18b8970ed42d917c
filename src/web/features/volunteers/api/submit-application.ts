import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VolunteerApplicationInput, VolunteerProfile } from '#domain/volunteers/volunteer';
import { apiRequest } from '#web/lib/api';
import { currentUserKey, publicVolunteersKey } from '#web/lib/query-keys';
import { volunteerProfileKey } from './volunteer-profile';

/**
 * POST /api/volunteer-application: 201 when created, 200 when an earlier application was updated
 * (it then goes back to review). Either way the answer is the own application.
 */
export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VolunteerApplicationInput) => apiRequest<VolunteerProfile>('POST', '/api/volunteer-application', input),
    onSuccess: (profile) => {
      queryClient.setQueryData(volunteerProfileKey, profile);
      void queryClient.invalidateQueries({ queryKey: volunteerProfileKey });
      void queryClient.invalidateQueries({ queryKey: publicVolunteersKey });
      // The menu now offers My volunteer profile (the current user's `volunteer`).
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
