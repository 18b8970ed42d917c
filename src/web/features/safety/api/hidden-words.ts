import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HiddenMessage, HiddenWords, HiddenWordsInput } from '#domain/safety/hidden-words';
import { apiRequest } from '#web/lib/api';

/** GET /api/account/hidden-words: the member's words and phrases (settings). */
export const hiddenWordsKey = ['/api/account/hidden-words'] as const;
/** GET /api/account/hidden-messages: the folder of messages they kept aside. */
export const hiddenMessagesKey = ['/api/account/hidden-messages'] as const;

export function useHiddenWords() {
  return useQuery<HiddenWords>({ queryKey: hiddenWordsKey });
}

/** PUT /api/account/hidden-words {words}: the whole list, answered as saved (each once, trimmed). */
export function useSaveHiddenWords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HiddenWordsInput) => apiRequest<HiddenWords>('PUT', hiddenWordsKey[0], input),
    onSuccess: (saved) => queryClient.setQueryData(hiddenWordsKey, saved),
  });
}

export function useHiddenMessages() {
  return useQuery<HiddenMessage[]>({ queryKey: hiddenMessagesKey });
}
