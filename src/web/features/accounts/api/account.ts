import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput, ChangePasswordInput, DeleteAccountInput, SessionSummary } from '#domain/accounts/account';
import type { AccountNameInput } from '#domain/staff/staff-name';
import type { StaffMailPreference } from '#domain/staff/staff-notifications';
import { ApiError, apiRequest } from '#web/lib/api';
import { currentUserKey } from '#web/lib/query-keys';
import { refreshCurrentUser } from '#web/features/auth/api/current-user';
import { forgetThisDevice } from '#web/lib/push-subscription';

/** The member's own account: one hook a call. */

export const sessionsKey = ['/api/account/sessions'] as const;

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => apiRequest<SessionSummary[]>('GET', sessionsKey[0]) });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest('POST', '/api/account/password', input),
    // The other sessions ended: the list shrinks.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: (input: ChangeEmailInput) => apiRequest('POST', '/api/account/email', input) });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest('POST', '/api/auth/verify-email', { token }),
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}

/** The cancel link of an email change, mailed to the current address (no session needed). */
export function useCancelEmailChange() {
  return useMutation({ mutationFn: (token: string) => apiRequest('POST', '/api/account/email/cancel', { token }) });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => apiRequest('POST', '/api/unsubscribe', { token }) });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => apiRequest('POST', '/api/account/delete', input),
    onSuccess: () => {
      // The server dropped this browser's subscription with the account; the browser forgets it too.
      void forgetThisDevice();
      // Nobody is signed in any more, and nothing of the deleted account may stay cached.
      queryClient.setQueryData(currentUserKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
    },
  });
}

/** Fetches the export and hands it to the browser as a download; a refusal (429) throws an ApiError. */
export function useDownloadExport() {
  return useMutation({
    mutationFn: async () => {
      const response = await fetch('/api/account/export', { credentials: 'include' });
      if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'sanga-export.zip';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      // Give the browser a moment to start the download before the address is let go.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}

export const staffMailKey = ['/api/account/staff-notifications'] as const;

/** The staff mail kinds of the caller's roles, each with its mode (empty for a member without a role). */
export function useStaffMails(enabled: boolean) {
  return useQuery({ queryKey: staffMailKey, queryFn: () => apiRequest<StaffMailPreference[]>('GET', staffMailKey[0]), enabled });
}

export function useSetStaffMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffMailPreference) => apiRequest<StaffMailPreference[]>('PUT', staffMailKey[0], input),
    onSuccess: (saved) => queryClient.setQueryData(staffMailKey, saved),
  });
}

/** The name members see for a staff member without a profile; the current user answer carries it. */
export function useSetAccountName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountNameInput) => apiRequest<AccountNameInput>('PUT', '/api/account/name', input),
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}
