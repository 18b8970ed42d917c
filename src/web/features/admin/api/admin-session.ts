import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api';
import { setAdminFlag } from '../admin-flag';

/** Every admin list is cached under a key starting with /api/admin/. */
export function removeAdminQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin/') });
}

/** POST /api/admin/login {password}: 204 sets the admin flag in the server session (401, 429, 403 otherwise). */
export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest<void>('POST', '/api/admin/login', { password }),
    onSuccess: () => {
      removeAdminQueries(queryClient);
      setAdminFlag();
    },
  });
}

/** POST /api/admin/logout; the dashboard then forgets the flag and every admin list as it leaves. */
export function useAdminLogout() {
  return useMutation({ mutationFn: () => apiRequest<void>('POST', '/api/admin/logout') });
}
