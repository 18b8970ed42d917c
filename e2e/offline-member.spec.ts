import { expect, runOnFullChromium, test, type Page } from './fixtures';
import { createPersonThroughApi, expectNoHorizontalScroll, expectNoSeriousA11yViolations, expectOk, newApiAccount, uniqueFirstName } from './helpers';

runOnFullChromium('offline, the headless shell keeps navigator.onLine true');

/**
 * A signed-in member who reloads while offline gets the service worker's copy of the app (phone.spec.ts). Who is
 * signed in cannot be asked then, but the member is not signed out: the shell keeps the signed-in frame (the
 * navigation bar), the screen says it needs a connection, and it loads by itself once the connection is back.
 */

/** Waits until the service worker (registered when the browser is idle) is active and controls the page. */
async function workerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

const texts = {
  en: {
    offline: 'You are offline',
    nav: 'Main navigation',
    waiting: 'Waiting for a connection',
    needs: 'This screen needs a connection. It opens by itself as soon as you are back online.',
    signIn: 'Sign In',
  },
  es: {
    offline: 'Estás sin conexión',
    nav: 'Navegación principal',
    waiting: 'Esperando la conexión',
    needs: 'Esta pantalla necesita conexión. Se abrirá sola en cuanto vuelvas a estar en línea.',
    signIn: 'Iniciar sesión',
  },
};

for (const { language, path, loaded } of [
  { language: 'en', path: '/messages', loaded: (page: Page) => page.getByRole('heading', { level: 1, name: 'Messages' }) },
  { language: 'es', path: '/settings', loaded: (page: Page) => page.getByRole('heading', { level: 1, name: 'Configuración' }) },
] as const) {
  test(`offline, a member reloading ${path} keeps the signed-in frame, is told the screen needs a connection, and it loads when back (${language})`, async ({ browser }) => {
    const text = texts[language];
    const { context } = await newApiAccount(browser, language);
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(path);
    await expect(loaded(page)).toBeVisible();
    await workerControls(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('region', { name: text.offline })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: text.waiting })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: text.needs })).toBeVisible();
    // The member's frame, not a visitor's: the navigation bar's menu, no sign-in prompt anywhere.
    await expect(page.getByRole('button', { name: language === 'en' ? 'Open menu' : 'Abrir menú' })).toBeVisible();
    await expect(page.getByRole('link', { name: text.signIn })).toHaveCount(0);
    await expect(page.getByText(/Sign in to|Get Started|Inicia sesión/)).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);

    // Back online: the screen loads by itself, no reload.
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
    await context.setOffline(false);
    await expect(loaded(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: text.waiting })).toHaveCount(0);
    await expect(page.getByRole('region', { name: text.offline })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    await context.close();
  });
}

test('offline, a message is not held back to be sent later: the send fails at once, the text stays, and nothing goes when back', async ({ browser }) => {
  const her = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Tulasi') });
  const him = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Govinda') });
  await expectOk(await him.context.request.post('/api/messages', { data: { receiverId: her.id, content: 'Hare Krishna' } }), 'message');
  const page = her.page;
  await page.goto(`/conversation/${him.id}`);
  await expect(page.getByRole('log').getByTestId('message-content')).toHaveText(['Hare Krishna']);
  // The app's files come from the worker offline (the toast's chunk among them), as on a member's phone.
  await workerControls(page);

  await her.context.setOffline(true);
  await expect(page.getByRole('region', { name: 'You are offline' })).toBeVisible();
  await page.getByLabel('Your message').fill('Haribol');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('region', { name: /^Notifications/ })).toContainText('Failed to send message');
  await expect(page.getByLabel('Your message')).toHaveValue('Haribol');

  await her.context.setOffline(false);
  await expect(page.getByRole('region', { name: 'You are offline' })).toHaveCount(0);
  // Given time to go, had it been queued: the thread still holds only his message.
  await page.waitForTimeout(1000);
  const thread = (await (await him.context.request.get(`/api/messages/${her.id}`)).json()) as { content: string }[];
  expect(thread.map((message) => message.content)).toEqual(['Hare Krishna']);
  await her.context.close();
  await him.context.close();
});
