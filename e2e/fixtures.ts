import { test as base, type LaunchOptions, type Page } from '@playwright/test';
import { fullChromiumLaunchOptions } from './chromium-path';
import { e2ePort } from './smtp-port';

export { expect } from '@playwright/test';
export type { Browser, BrowserContext, Locator, Page, Request, Route } from '@playwright/test';

/**
 * `test` for every spec: `page.goto` and `page.reload` also wait until the app has taken the page over.
 *
 * A visitor's first page is rendered on the server and its scripts start only after it has painted
 * (server/scripts-after-first-paint.ts), so the browser's load event comes before the app runs: a button clicked
 * at once would do nothing yet. The app marks the moment with `data-app` on <html> (web/lib/app-ready.ts); every
 * page of every context waits for it, since specs open visitors' pages in contexts of their own. A page that is
 * not the app (no #root: an API answer, a file) is not waited for, nor is `waitUntil: 'commit'`, which a spec
 * uses to act before the app has arrived.
 */
export const test = base.extend<object, { waitForAppOnNavigation: void }>({
  waitForAppOnNavigation: [
    async ({ browser }, use) => {
      const probe = await browser.newPage();
      const pagePrototype = Object.getPrototypeOf(probe) as Page;
      await probe.context().close();
      const { goto, reload } = pagePrototype;
      pagePrototype.goto = async function (this: Page, url, options) {
        const response = await goto.call(this, url, options);
        if (options?.waitUntil !== 'commit') await appTookOver(this);
        return response;
      };
      pagePrototype.reload = async function (this: Page, options) {
        const response = await reload.call(this, options);
        if (options?.waitUntil !== 'commit') await appTookOver(this);
        return response;
      };
      await use();
      Object.assign(pagePrototype, { goto, reload });
    },
    { scope: 'worker', auto: true },
  ],
});

async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-app'), undefined, { timeout: 30_000 });
}

/**
 * Runs the calling spec file on Debian's full Chromium (e2e/chromium-path.ts) for what the headless shell lacks,
 * named in `needs`; the file is skipped, saying so, where none is installed. Returns the launch options, for a spec
 * that starts a browser of its own.
 */
export function runOnFullChromium(needs: string): LaunchOptions {
  const launchOptions = fullChromiumLaunchOptions(e2ePort) ?? {};
  test.skip(!launchOptions.executablePath, `needs a full Chromium (/usr/bin/chromium): ${needs}`);
  test.use({ launchOptions });
  return launchOptions;
}
