import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { applyUpdate, isOffline, isUpdateReady, subscribeConnection } from '#web/lib/service-worker';

/**
 * "You are offline" while the browser is, and "A new version of Sanga is ready — Reload" when a new build's worker
 * waits (lib/service-worker.ts): slim bars above every screen, for members and visitors alike. The live region is
 * always there (aria-live, not role=status: the toasts are the page's status), so screen readers announce a bar when it appears.
 */
export function ConnectionNotices() {
  const { t } = useTranslation();
  const offline = useSyncExternalStore(subscribeConnection, isOffline, () => false);
  const updateReady = useSyncExternalStore(subscribeConnection, isUpdateReady, () => false);
  return (
    <div aria-live="polite">
      {offline ? (
        <section aria-labelledby="offline-title" className="border-b border-stone-300 bg-stone-100">
          <p className="mx-auto max-w-5xl px-4 py-2 text-sm text-stone-900">
            <strong id="offline-title" className="font-semibold">
              {t('connection.offlineTitle')}
            </strong>{' '}
            {t('connection.offlineBody')}
          </p>
        </section>
      ) : null}
      {updateReady ? (
        <section aria-labelledby="update-title" className="border-b border-saffron-100 bg-saffron-50">
          <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-2">
            <p id="update-title" className="min-w-0 flex-1 text-sm font-semibold text-stone-900">
              {t('connection.updateTitle')}
            </p>
            <Button size="sm" onClick={applyUpdate}>
              {t('connection.reload')}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
