import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuardedConversation, GuardedMember, GuardedThread, Guardian, GuardianInput, GuardianInvitationView } from '#domain/introductions/guardians';
import type { MemberIntroduction } from '#domain/introductions/introductions';
import { apiRequest } from '#web/lib/api';
import { currentUserKey } from '#web/lib/query-keys';

/** Family at the table: the member's guardians and the guardian's reads. Query keys are the API paths. */
export const guardiansKey = ['/api/guardians'] as const;
export const guardingKey = ['/api/guarding'] as const;

export function useGuardians() {
  return useQuery({ queryKey: guardiansKey, queryFn: () => apiRequest<Guardian[]>('GET', guardiansKey[0]) });
}

export function useInviteGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GuardianInput) => apiRequest<{ id: string; status: 'invited' }>('POST', '/api/guardians', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardiansKey }),
  });
}

export function useSetSeesMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, seesMessages }: { id: string; seesMessages: boolean }) => apiRequest<Guardian>('PATCH', `/api/guardians/${encodeURIComponent(id)}`, { seesMessages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardiansKey }),
  });
}

export function useRemoveGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/guardians/${encodeURIComponent(id)}`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: guardiansKey }), queryClient.invalidateQueries({ queryKey: guardingKey })]),
  });
}

/** Who sent the invitation, read with its token before accepting (not retried: a spent link stays spent). */
export function useGuardianInvitation(token: string) {
  const path = `/api/guardian-invitations/${encodeURIComponent(token)}`;
  return useQuery({ queryKey: [path], queryFn: () => apiRequest<GuardianInvitationView>('GET', path), enabled: token !== '', retry: false });
}

export function useAcceptGuardianInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest('POST', '/api/guardians/accept', { token }),
    // The menu's "Accompanying" and the landing after sign-in read it from the signed-in user.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: guardingKey }), queryClient.invalidateQueries({ queryKey: currentUserKey })]),
  });
}

export function useGuarding() {
  return useQuery({ queryKey: guardingKey, queryFn: () => apiRequest<GuardedMember[]>('GET', guardingKey[0]) });
}

const memberPath = (memberUserId: string) => `/api/guarding/${encodeURIComponent(memberUserId)}`;

export function useGuardedIntroductions(memberUserId: string) {
  const path = `${memberPath(memberUserId)}/introductions`;
  return useQuery({ queryKey: [path], queryFn: () => apiRequest<MemberIntroduction[]>('GET', path) });
}

export function useGuardedConversations(memberUserId: string, enabled: boolean) {
  const path = `${memberPath(memberUserId)}/conversations`;
  return useQuery({ queryKey: [path], queryFn: () => apiRequest<GuardedConversation[]>('GET', path), enabled });
}

export function useGuardedThread(memberUserId: string, otherUserId: string) {
  const path = `${memberPath(memberUserId)}/messages/${encodeURIComponent(otherUserId)}`;
  return useQuery({ queryKey: [path], queryFn: () => apiRequest<GuardedThread>('GET', path) });
}
