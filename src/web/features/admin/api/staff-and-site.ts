import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '#domain/language/language';
import type { LaunchChecklist } from '#domain/staff/launch-checklist';
import type { MemberRole } from '#domain/staff/roles';
import type { SiteContentInput } from '#domain/site/site-content';
import type { SiteInfo } from '#domain/site/site-info';
import { apiRequest } from '#web/lib/api';
import { teamInvitationsKey } from './team';

export const launchChecklistKey = ['/api/admin/launch-checklist'] as const;
export const siteContentKey = ['/api/site-content'] as const;

export function useLaunchChecklist() {
  return useQuery<LaunchChecklist>({ queryKey: launchChecklistKey });
}

export function useSiteContent() {
  return useQuery<SiteInfo>({ queryKey: siteContentKey });
}

/** Saves the whole site content; the checklist is read again (its testimonials and donation items may change). */
export function useSaveSiteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteContentInput) => apiRequest<SiteInfo>('PUT', '/api/admin/site-content', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(siteContentKey, saved);
      void queryClient.invalidateQueries({ queryKey: launchChecklistKey });
    },
  });
}

export function useInviteToTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; role: MemberRole; language: Language }) => apiRequest('POST', '/api/admin/team/invitations', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamInvitationsKey }),
  });
}
