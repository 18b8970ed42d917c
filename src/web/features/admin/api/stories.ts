import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStory } from '#domain/introductions/stories';
import { apiRequest } from '#web/lib/api';
import { launchChecklistKey } from './staff-and-site';

/** The admin's side of stories with consent (issue 51 part 5). */
const adminStoriesKey = ['/api/admin/stories'] as const;

/** GET /api/admin/stories: the stories both members agreed to, drafts first. */
export function useAdminStories() {
  return useQuery<AdminStory[]>({ queryKey: adminStoriesKey });
}

/** POST or DELETE /api/admin/stories/{id}/publish; the list and the launch checklist are read again. */
export function usePublishStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, publish }: { id: string; publish: boolean }) => apiRequest(publish ? 'POST' : 'DELETE', `/api/admin/stories/${encodeURIComponent(id)}/publish`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminStoriesKey });
      void queryClient.invalidateQueries({ queryKey: launchChecklistKey });
    },
  });
}
