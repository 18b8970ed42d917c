import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, resolveChromiumPath } from './chromium-path';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, newApiAccount } from './helpers';

/** Sanga on a phone (issue 34): installable as an app. */

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
  const port = new URL(baseURL!).port;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: await resolveChromiumPath(),
    args: [...chromiumArgs, `--explicitly-allowed-ports=${port}`],
    baseURL,
  });
  try {
    const installPage = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(installPage);
    // A guard that the question is really asked: a page of the same site without the manifest link is not installable.
    await installPage.route('**/no-manifest-here', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>x</title><p>x</p>' }));
    const installabilityErrors = async () =>
      ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map((e) => e.errorId);
    await installPage.goto('/no-manifest-here');
    // The headless shell that @sparticuz/chromium ships answers "no errors" for any page: where Chromium cannot
    // tell, the check is skipped (CI installs Debian's Chromium, which can: .ci/run).
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
