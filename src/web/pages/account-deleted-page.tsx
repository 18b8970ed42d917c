import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageFrame } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';

/**
 * Where "Delete my account" ends: public (nobody is signed in any more), and it says what went, what
 * stays and that a mail confirms it. The same words as the mail (server/mail/templates.ts accountDeleted).
 */
export function AccountDeletedPage() {
  const { t } = useTranslation();
  const items = {
    deleted: [t('account.deletedPage.deletedItems.account'), t('account.deletedPage.deletedItems.profile'), t('account.deletedPage.deletedItems.introductions'), t('account.deletedPage.deletedItems.settings'), t('account.deletedPage.deletedItems.conversations')],
    kept: [t('account.deletedPage.keptItems.reports'), t('account.deletedPage.keptItems.audit'), t('account.deletedPage.keptItems.codes')],
  };
  return (
    <PageFrame width="form" title={t('account.deletedPage.title')}>
      <div className="flex flex-col gap-5">
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {t('account.deletedPage.done')}
        </p>
        {(['deleted', 'kept'] as const).map((key) => (
          <section key={key} aria-labelledby={`account-deleted-${key}`} className="flex flex-col gap-2">
            <h2 id={`account-deleted-${key}`} className="text-lg font-semibold text-stone-900">
              {t(`account.deletedPage.${key}`)}
            </h2>
            <ul className="list-disc space-y-1 pl-5 text-stone-700">
              {items[key].map((item) => (
                <li key={item} className="break-words">
                  {item}
                </li>
              ))}
            </ul>
          </section>
        ))}
        <p className="text-stone-700">{t('account.deletedPage.mail')}</p>
        <Button asChild variant="secondary" className="self-start">
          <Link href="/">{t('account.deletedPage.home')}</Link>
        </Button>
      </div>
    </PageFrame>
  );
}
