import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { dismissInstallHint, installOffered, promptInstall, subscribeInstallPrompt } from '../lib/install-prompt';

/** "Install Sanga", where the browser offers it: a slim bar above the screen, until installed or dismissed. */
export function InstallHint() {
  const { t } = useTranslation();
  const offered = useSyncExternalStore(subscribeInstallPrompt, installOffered, () => false);
  if (!offered) return null;
  return (
    <section aria-labelledby="install-hint-title" className="border-b border-saffron-100 bg-saffron-50">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-2">
        <p className="min-w-0 flex-1 text-sm text-stone-800">
          <strong id="install-hint-title" className="font-semibold">
            {t('install.title')}
          </strong>{' '}
          {t('install.body')}
        </p>
        <div className="flex gap-2">
          <Button size="sm" onClick={() => void promptInstall()}>
            {t('install.install')}
          </Button>
          <Button size="sm" variant="ghost" onClick={dismissInstallHint}>
            {t('install.dismiss')}
          </Button>
        </div>
      </div>
    </section>
  );
}
