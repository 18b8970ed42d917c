import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api';
import { unsubscribeThisDevice } from '#web/lib/push-subscription';
import { clearMemberCaches } from '#web/lib/service-worker';
import { currentUserKey } from '#web/lib/query-keys';
import type { Credentials, CurrentUser, RegisterInput, PasswordResetConfirmInput, PasswordResetRequestInput } from '#domain/accounts/auth';

/** After a change of who is signed in, every cached answer belongs to someone else: drop them all. */
function useResetCacheAfter<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.resetQueries(),
  });
}

export function useLogin() {
  return useResetCacheAfter((input: Credentials) => apiRequest<Pick<CurrentUser, 'id' | 'email'>>('POST', '/api/auth/login', input));
}

export function useRegister() {
  return useResetCacheAfter((input: RegisterInput) => apiRequest<Pick<CurrentUser, 'id' | 'email'>>('POST', '/api/auth/register', input));
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // While still signed in: this browser stops receiving the member's notifications (a shared phone).
      await unsubscribeThisDevice();
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      // Signed out now: the current user is nobody, and nothing cached for the old user may linger.
      queryClient.setQueryData(currentUserKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
      // And whatever the browser's caches hold beyond the app's own files (by design nothing: sw.js).
      void clearMemberCaches();
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequestInput) => apiRequest('POST', '/api/auth/password-reset', input),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetConfirmInput) => apiRequest('POST', '/api/auth/password-reset/confirm', input),
  });
}

/** POST /api/auth/verify-email/resend: a new verification link (429 when asked too often). */
export function useResendVerification() {
  return useMutation({ mutationFn: () => apiRequest('POST', '/api/auth/verify-email/resend') });
}
