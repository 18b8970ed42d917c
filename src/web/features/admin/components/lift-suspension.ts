import { useTranslation } from 'react-i18next';
import { toast, toastError } from '#web/components/ui/toast-store';
import { useUnsuspend } from '../api/admin-reports';
import { forgetJustSuspended } from './just-suspended';

/**
 * Lifts a member's suspension and says so in a toast ("Suspension lifted", or that it failed): the report toast's
 * Undo and the member card's button both use it. `lift` answers whether it worked.
 *
 * The promise, not mutate's callbacks: the lifted suspension refreshes the lists, which may unmount the caller before
 * they run, and TanStack Query skips the callbacks of an unmounted caller (the toast was lost that way).
 */
export function useLiftSuspension() {
  const { t } = useTranslation();
  const unsuspend = useUnsuspend();
  const lift = (userId: string, name: string): Promise<boolean> =>
    unsuspend.mutateAsync(userId).then(
      () => {
        forgetJustSuspended(userId);
        toast({ title: t('safety.admin.done.unsuspend'), description: t('safety.admin.unsuspended', { name }) });
        return true;
      },
      () => {
        toastError(t('admin.toasts.errorTitle'), t('safety.admin.actionFailed'));
        return false;
      },
    );
  return { lift, pending: unsuspend.isPending, failed: unsuspend.isError };
}
