import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { PageFrame } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { useCancelEmailChange } from '#web/features/accounts/api/account';

/**
 * The link of the "someone asked to move your account" mail to the current address: a
 * button, so a mail scanner opening the link changes nothing. No session needed; then the owner changes the password.
 */
export function CancelEmailChangePage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const cancel = useCancelEmailChange();
  return (
    <PageFrame width="form" title={t('account.cancelEmailChangePage.title')}>
      {cancel.isSuccess ? (
        <div className="flex flex-col gap-4">
          <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
            {t('account.cancelEmailChangePage.done')}
          </p>
          <Button asChild className="self-start">
            <Link href="/forgot-password">{t('account.cancelEmailChangePage.toReset')}</Link>
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-stone-700">{t('account.cancelEmailChangePage.intro')}</p>
          <FormAlert>{!token || cancel.isError ? t('account.cancelEmailChangePage.invalid') : null}</FormAlert>
          <Button className="self-start" onClick={() => cancel.mutate(token)} disabled={!token || cancel.isPending}>
            {cancel.isPending ? t('account.cancelEmailChangePage.submitting') : t('account.cancelEmailChangePage.submit')}
          </Button>
        </div>
      )}
    </PageFrame>
  );
}
