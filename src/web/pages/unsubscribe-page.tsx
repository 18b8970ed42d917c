import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { PageFrame } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { useUnsubscribe } from '#web/features/accounts/api/account';

/** Where the unsubscribe link of a notification lands: a button, so opening the link alone changes nothing. */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  return (
    <PageFrame width="form" title={t('account.unsubscribePage.title')}>
      {unsubscribe.isSuccess ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {t('account.unsubscribePage.done')}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-stone-700">{t('account.unsubscribePage.intro')}</p>
          <FormAlert>{!token || unsubscribe.isError ? t('account.unsubscribePage.invalid') : null}</FormAlert>
          <Button className="self-start" onClick={() => unsubscribe.mutate(token)} disabled={!token || unsubscribe.isPending}>
            {unsubscribe.isPending ? t('account.unsubscribePage.submitting') : t('account.unsubscribePage.submit')}
          </Button>
        </div>
      )}
    </PageFrame>
  );
}
