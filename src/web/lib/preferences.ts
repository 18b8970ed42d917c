import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '#domain/accounts/auth';
import type { Preferences, PreferencesInput } from '#domain/accounts/account';
import { apiRequest } from './api';
import { currentUserKey, preferencesKey } from './query-keys';

/** The member's preferences (GET/PUT /api/account/preferences): read by the settings and push sections alike. */
export function usePreferences() {
  return useQuery({ queryKey: preferencesKey, queryFn: () => apiRequest<Preferences>('GET', preferencesKey[0]) });
}

/**
 * Saves some or all of the preferences. The language is the account's, and the screens show it at once
 * (domain/language/language.ts languageInUse): it is set on who-is-signed-in before the answer, and put back if the save fails.
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  const setAccountLanguage = (language: Preferences['language']) =>
    queryClient.setQueryData<CurrentUser | null>(currentUserKey, (user) => (user ? { ...user, language } : user));
  const setHeightUnit = (heightUnit: Preferences['heightUnit']) =>
    queryClient.setQueryData<CurrentUser | null>(currentUserKey, (user) => (user ? { ...user, heightUnit } : user));
  return useMutation({
    mutationFn: (input: PreferencesInput) => apiRequest<Preferences>('PUT', preferencesKey[0], input),
    onMutate: (input) => {
      const before = queryClient.getQueryData<CurrentUser | null>(currentUserKey)?.language;
      if (input.language) setAccountLanguage(input.language);
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) setAccountLanguage(context.before);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesKey, saved);
      setAccountLanguage(saved.language);
      setHeightUnit(saved.heightUnit);
    },
  });
}
