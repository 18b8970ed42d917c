import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { dismissInstallHint, installOffered, promptInstall, subscribeInstallPrompt } from '#web/lib/install-prompt';

/**
 * "Install Sanga", where the browser offers it: a slim bar along the bottom of the screen, until installed or
 * dismissed. The offer comes whenever the browser decides, often after the screen has painted: a bar above the
 * screen then pushed everything down (Lighthouse: a layout shift of 0.07 on /browse). Fixed to the
 * bottom it moves nothing; the page gets the bar's height as room at its end, so nothing stays hidden under it.
 */
export function InstallHint() {
  const { t } = useTranslation();
  const offered = useSyncExternalStore(subscribeInstallPrompt, installOffered, () => false);
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!offered || !bar.current) return;
    document.body.style.paddingBottom = `${bar.current.offsetHeight}px`;
    return () => {
      document.body.style.paddingBottom = '';
    };
  }, [offered]);
  if (!offered) return null;
  return (
    <section ref={bar} aria-labelledby="install-hint-title" className="fixed inset-x-0 bottom-0 z-30 border-t border-saffron-200 bg-saffron-50 shadow-md">
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
