import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferences, PreferencesInput } from '../../domain/account';
import { apiRequest } from './api';
import { preferencesKey } from './query-keys';

/** The member's preferences (GET/PUT /api/account/preferences): read by the settings and push sections alike. */
export function usePreferences() {
  return useQuery({ queryKey: preferencesKey, queryFn: () => apiRequest<Preferences>('GET', preferencesKey[0]) });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PreferencesInput) => apiRequest<Preferences>('PUT', preferencesKey[0], input),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}
