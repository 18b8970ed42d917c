import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, SendMessageInput } from '#domain/messaging/messages';
import { ApiError, apiRequest } from '#web/lib/api';
import { conversationsKey, otherUserInfoKey, threadKey } from '#web/lib/query-keys';

/**
 * POST /api/messages {receiverId, content, clientId, sendAnyway?} → 201 with the stored message (200 with the same
 * message when the clientId was already sent); then the thread and the list refresh (spec §4). A 409 is a check before
 * delivery (message-unkind, contact-before-introduction, money-request): the composer keeps the text and says why. A refusal (403: the
 * introduction ended, a block, the messaging mode) re-reads whether she may write, so the composer gives way to the
 * note that says why.
 */
export function useSendMessage(receiverId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, clientId, sendAnyway }: { content: string; clientId: string; sendAnyway?: boolean }) =>
      apiRequest<Message>('POST', '/api/messages', { receiverId, content, clientId, ...(sendAnyway ? { sendAnyway } : {}) } satisfies SendMessageInput),
    onSuccess: (sent) => {
      // Shown at once; the refetch (and the live event that follows) bring the thread up to date.
      queryClient.setQueryData<Message[]>(threadKey(receiverId), (old) => (old && !old.some((m) => m.id === sent.id) ? [...old, sent] : old));
      void queryClient.invalidateQueries({ queryKey: threadKey(receiverId) });
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403) void queryClient.invalidateQueries({ queryKey: otherUserInfoKey(receiverId) });
    },
  });
}
