import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expect, runOnFullChromium, test, type Page } from './fixtures';
import { createPersonThroughApi, expectNoSeriousA11yViolations, expectOk, newApiAccount, uniqueFirstName } from './helpers';

const fullChromium = runOnFullChromium('offline, the headless shell keeps navigator.onLine true, and it cannot tell whether the app is installable');

/** Sanga on a phone: installable as an app, and a service worker that never caches anyone's data. */

test('every page links the web app manifest, whose icons load, and Chromium finds nothing that stops an install', async ({ page, baseURL }) => {
  for (const url of ['/', '/login', '/donation-guide', '/browse']) {
    await page.goto(url);
    await expect(page.locator('link[rel="manifest"]'), url).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]'), url).toHaveAttribute('content', '#b45309');
  }
  const answer = await page.request.get('/manifest.webmanifest');
  expect(answer.ok()).toBe(true);
  const manifest = (await answer.json()) as { name: string; short_name: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: 'Sanga', short_name: 'Sanga', start_url: '/browse', display: 'standalone' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
  }

  // Chromium refuses to install from an incognito profile, which is what a Playwright context is: this check runs
  // in a browser with a profile folder of its own, as a phone's browser has.
  const profile = mkdtempSync(path.join(tmpdir(), 'sanga-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...fullChromium, baseURL });
  try {
    const installPage = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(installPage);
    // A guard that the question is really asked: a page of the same site without the manifest link is not installable.
    await installPage.route('**/no-manifest-here', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>x</title><p>x</p>' }));
    const installabilityErrors = async () =>
      ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map((e) => e.errorId);
    await installPage.goto('/no-manifest-here');
    // The headless shell the other tests run on answers "no errors" for any page: this check runs on Debian's full
    // Chromium, and where none is installed it is skipped (CI installs it: .ci/run).
    const guard = await installabilityErrors();
    test.skip(!guard.includes('no-manifest'), `this Chromium does not check installability (a page without a manifest gave ${JSON.stringify(guard)})`);
    await installPage.goto('/');
    // The manifest and its icons are fetched after the page loads: ask until Chromium has looked at them.
    await expect.poll(installabilityErrors, { timeout: 15_000 }).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('"Install Sanga" shows where the browser offers it, in Spanish, and stays away once dismissed', async ({ browser }) => {
  const { context } = await newApiAccount(browser, 'es');
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/settings');
  // No offer from the browser: no hint.
  await expect(page.getByRole('region', { name: 'Instalar Sanga' })).toHaveCount(0);

  // The browser's offer (Chromium fires beforeinstallprompt when the site is installable and not installed).
  const offer = async () =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void>; userChoice: Promise<unknown> };
      (window as unknown as { promptCalls: number }).promptCalls = 0;
      event.prompt = async () => {
        (window as unknown as { promptCalls: number }).promptCalls += 1;
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(event);
    });
  await offer();
  const hint = page.getByRole('region', { name: 'Instalar Sanga' });
  await expect(hint).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await hint.getByRole('button', { name: 'Instalar' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(1);
  await expect(hint).toHaveCount(0);

  // Offered again later (a new visit): "Ahora no" hides it for good in this browser.
  await offer();
  await expect(hint).toBeVisible();
  await hint.getByRole('button', { name: 'Ahora no' }).click();
  await expect(hint).toHaveCount(0);
  await page.reload();
  await offer();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(hint).toHaveCount(0);
  await context.close();
});

/** Waits until the service worker (registered when the browser is idle) is active and controls the page. */
async function workerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** Every URL the site's caches hold, by cache. */
async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      all[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    }
    return all;
  });
}

test('offline, the app still opens and says so in the member\'s language; online, pages still come from the server', async ({ browser }) => {
  // Online behaviour is unchanged under the worker: a visitor's first page is the server's, rendered in Spanish.
  const visitor = await browser.newContext();
  await visitor.addCookies([{ name: 'sanga_language', value: 'es', url: test.info().project.use.baseURL! }]);
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/login');
  await workerControls(visitorPage);
  const again = await visitorPage.goto('/login');
  expect(again?.status()).toBe(200);
  await expect(visitorPage.locator('#root')).toHaveAttribute('data-server-render', 'es');
  await visitor.close();

  const { context } = await newApiAccount(browser, 'es');
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/settings');
  await workerControls(page);
  const offlineBar = page.getByRole('region', { name: 'Estás sin conexión' });
  await expect(offlineBar).toHaveCount(0);

  await context.setOffline(true);
  await expect(offlineBar).toBeVisible();
  // Nothing is queued offline, so nothing may promise that it will be sent later.
  await expect(offlineBar).toContainText('no puede cargar ni enviar nada');
  await expect(offlineBar).not.toContainText(/se enviar/);
  // A reload offline: the page is the worker's copy of the app, which boots and says it is offline.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(offlineBar).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Another address too (the app's routing is the app's; the server is not there).
  await page.goto('/messages');
  await expect(offlineBar).toBeVisible();

  await context.setOffline(false);
  await expect(offlineBar).toHaveCount(0);
  await context.close();
});

test('after a signed-in session no cache holds an /api answer or a photo; logout clears anything beyond the app\'s files', async ({ browser }) => {
  test.setTimeout(60_000);
  const her = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Tulasi') });
  const him = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Gopal') });
  await expectOk(await him.context.request.post('/api/messages', { data: { receiverId: her.id, content: 'Hare Krishna, a private word' } }), 'message');

  const page = her.page;
  await page.goto('/browse');
  await workerControls(page);
  // Under the worker: browse (photos), a conversation (its messages and the event stream), the profile.
  await page.reload();
  await expect(page.getByRole('img', { name: `Photo of ${him.firstName}` }).first()).toBeVisible();
  await page.goto(`/conversation/${him.id}`);
  await expect(page.getByText('Hare Krishna, a private word')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const cached = await cachedUrls(page);
  const names = Object.keys(cached);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/^sanga-shell-/);
  const urls = Object.values(cached).flat();
  // The app's page and this build's hashed files, and nothing else.
  expect(urls).toContain('/app-shell');
  expect(urls.filter((url) => url.startsWith('/assets/')).length).toBeGreaterThan(10);
  expect(urls.filter((url) => url !== '/app-shell' && !url.startsWith('/assets/'))).toEqual([]);
  expect(urls.filter((url) => url.startsWith('/api') || url.startsWith('/objects'))).toEqual([]);
  // The page the worker keeps is the one every visitor gets: no name, no message of hers.
  const shell = await page.evaluate(async () => (await caches.match('/app-shell'))!.text());
  expect(shell).not.toContain(her.firstName);
  expect(shell).not.toContain(her.email);

  // Whatever else a cache of the site held (none does by design), logout deletes it; the app's own files stay.
  await page.evaluate(async () => (await caches.open('sanga-left-behind')).put('/api/messages', new Response('private')));
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find a life partner who shares your path' })).toBeVisible();
  await expect.poll(async () => Object.keys(await cachedUrls(page))).toEqual(names);
  await her.context.close();
  await him.context.close();
});

test('a new build: "A new version of Sanga is ready", and Reload brings it in whole', async ({ browser }) => {
  const dist = path.resolve(import.meta.dirname, '..', 'dist', 'web');
  const workerFile = path.join(dist, 'sw.js');
  const original = readFileSync(workerFile, 'utf8');
  const version = /"version":"([0-9a-f]+)"/.exec(original)![1]!;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await workerControls(page);
    expect(Object.keys(await cachedUrls(page))).toEqual([`sanga-shell-${version}`]);
    const prompt = page.getByRole('region', { name: 'A new version of Sanga is ready' });
    await expect(prompt).toHaveCount(0);

    // The server now sends another build's worker (the same files under a new version); the compressed copies
    // are moved aside so the changed file is the one sent.
    for (const suffix of ['.br', '.gz']) if (existsSync(workerFile + suffix)) renameSync(workerFile + suffix, `${workerFile}${suffix}.e2e`);
    writeFileSync(workerFile, original.replace(`"version":"${version}"`, `"version":"${version}-next"`));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());

    await expect(prompt).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const reloaded = page.waitForEvent('framenavigated');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app'));
    await expect(prompt).toHaveCount(0);
    // The new worker controls the page, and the old build's cache is gone.
    await expect.poll(async () => Object.keys(await cachedUrls(page))).toEqual([`sanga-shell-${version}-next`]);
  } finally {
    await context.close();
    writeFileSync(workerFile, original);
    for (const suffix of ['.br', '.gz']) if (existsSync(`${workerFile}${suffix}.e2e`)) renameSync(`${workerFile}${suffix}.e2e`, workerFile + suffix);
  }
});
