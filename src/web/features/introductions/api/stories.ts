import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoryInput } from '#domain/introductions/stories';
import { apiRequest } from '#web/lib/api';
import { apiUpload } from '#web/lib/api-upload';
import { refreshIntroductions } from './introductions';

/** Stories, with consent (issue 51 part 5): a member's answer and photo (the admin's side: features/admin/api/stories.ts). */

/** POST /api/introductions/{id}/story: her yes (with the name to show and her words) or her no / withdrawal. */
export function useStoryAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string } & StoryInput) => apiRequest<{ id: string; share: boolean }>('POST', `/api/introductions/${encodeURIComponent(id)}/story`, input),
    onSuccess: () => refreshIntroductions(queryClient),
  });
}

/** PUT /api/introductions/{id}/story/photo: the photo of the two, after her yes. */
export function useStoryPhoto() {
  return useMutation({
    mutationFn: ({ id, photo }: { id: string; photo: Blob }) => apiUpload<{ photo: string }>('PUT', `/api/introductions/${encodeURIComponent(id)}/story/photo`, photo),
  });
}
