import { createECDH, randomBytes } from 'node:crypto';
import { expect, runOnFullChromium, test } from './fixtures';
import { expectNoSeriousA11yViolations, expectOk, newApiAccount, uniqueEmail } from './helpers';

runOnFullChromium('the headless shell has no Push API');

/**
 * Web Push in a real Chromium. Headless Chromium has no push service to subscribe at, so the
 * subscription here is made through the API (as the browser would hand it over), and the push is delivered to the
 * service worker by Chromium itself through the DevTools protocol (ServiceWorker.deliverPushMessage): a trusted
 * push event, the same the push service's message would raise. The notification's click is dispatched inside the
 * worker (no protocol command clicks a notification): it navigates the open window to the pushed screen.
 */

/** A subscription as a browser hands it over (its keys are real P-256 and auth values). */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') } };
}

test('the settings list this member’s devices in Spanish, and one is removed', async ({ browser }) => {
  const { context } = await newApiAccount(browser, 'es');
  await context.grantPermissions(['notifications']);
  const subscription = browserSubscription(`https://push.e2e.test/device/${randomBytes(6).toString('hex')}`);
  await expectOk(await context.request.post('/api/push/subscriptions', { data: subscription, headers: { 'user-agent': 'Teléfono de prueba' } }), 'subscribe');
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Notificaciones en este dispositivo' });
  await expect(section.getByRole('button', { name: 'Activar notificaciones en este dispositivo' })).toBeVisible();
  await expect(section.getByText('Teléfono de prueba')).toBeVisible();
  await expect(section.getByRole('checkbox', { name: 'Mensajes nuevos mientras no esté conectado' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);

  // A switch saves at once, and the mail preferences keep their own values.
  await section.getByRole('checkbox', { name: 'Presentaciones' }).uncheck();
  await expect.poll(async () => ((await (await context.request.get('/api/account/preferences')).json()) as { pushIntroductions: boolean }).pushIntroductions).toBe(false);

  await section.getByRole('button', { name: 'Quitar' }).click();
  await expect(section.getByText('Teléfono de prueba')).toHaveCount(0);
  expect(await (await context.request.get('/api/push/subscriptions')).json()).toEqual([]);
  await context.close();
});

test('a push shows a notification naming who and where, and its click opens that conversation', async ({ browser, baseURL }) => {
  const { context } = await newApiAccount(browser, 'en');
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const page = await context.newPage();
  await page.goto('/settings');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((entry) => !entry.isDeleted && entry.scopeURL === `${baseURL}/`)?.registrationId).toBeTruthy();
  const registrationId = registrations.find((entry) => !entry.isDeleted && entry.scopeURL === `${baseURL}/`)!.registrationId;

  const sender = '0b0e5d9c-52c4-4c83-9a0e-3a1c5a0d7e11';
  const payload = { title: 'New message from Radha', body: 'Open Sanga to read and reply.', url: `/conversation/${sender}`, tag: `conversation:${sender}` };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId, data: JSON.stringify(payload) });

  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.getRegistration())!.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
    );
  await expect.poll(shown).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);

  // A payload that points elsewhere opens this site's home, never another site.
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId, data: JSON.stringify({ ...payload, tag: 'elsewhere', url: 'https://evil.example.org/x' }) });
  await expect.poll(async () => (await shown()).find((n) => n.tag === 'elsewhere')?.data).toEqual({ url: '/' });

  // The click: dispatched in the worker on the shown notification; the open window goes to the conversation.
  const worker = context.serviceWorkers().find((candidate) => candidate.url().endsWith('/sw.js'))!;
  expect(worker).toBeTruthy();
  await worker.evaluate(async (tag) => {
    // The worker's own globals (this file is typed for pages).
    const scope = self as unknown as EventTarget & { registration: ServiceWorkerRegistration };
    const NotificationClick = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
    const [notification] = await scope.registration.getNotifications({ tag });
    const event = new NotificationClick('notificationclick', { notification: notification! });
    // A script's event is not trusted, so its waitUntil throws after the handler has started the work: ignored.
    scope.addEventListener('error', (error: Event) => error.preventDefault(), { once: true });
    try {
      scope.dispatchEvent(event);
    } catch {
      // See above.
    }
  }, payload.tag);
  await expect(page).toHaveURL(`${baseURL}${payload.url}`);
  // Clicked, the notification is gone.
  await expect.poll(async () => (await shown()).map((n) => n.tag)).toEqual(['elsewhere']);
  await context.close();
});

test('turning on notifications where no push service answers (a private window) explains why and what to do, in both languages', async ({ browser }) => {
  for (const [language, texts] of [
    ['en', { turnOn: 'Turn on notifications on this device', why: 'This window cannot receive notifications. A private (incognito) window never can' }],
    ['es', { turnOn: 'Activar notificaciones en este dispositivo', why: 'Esta ventana no puede recibir notificaciones. Una ventana privada (de incógnito) nunca puede' }],
  ] as const) {
    // A Playwright context is a private (incognito) profile: Chromium has no push service for it, as in a private window.
    const { context } = await newApiAccount(browser, language);
    await context.grantPermissions(['notifications']);
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/settings');
    await page.getByRole('button', { name: texts.turnOn }).click();
    const alert = page.getByRole('alert').filter({ hasText: texts.why });
    await expect(alert).toBeVisible();
    await expect(page.getByText(/Something went wrong|Algo salió mal/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await context.close();
  }
});

test('on an iPhone outside the home-screen app, the settings say to add Sanga to the home screen first, in both languages', async ({ browser, baseURL }) => {
  for (const [language, texts] of [
    ['en', { why: 'On an iPhone or iPad, only Sanga on your home screen can show notifications.', how: 'choose “Add to Home Screen”' }],
    ['es', { why: 'En un iPhone o iPad, solo Sanga en tu pantalla de inicio puede mostrar notificaciones.', how: 'elige “Agregar a inicio” (Add to Home Screen)' }],
  ] as const) {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 740 },
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    // Safari on iOS, in a tab: no Web Push and no Notification at all (only the home-screen app has them).
    await context.addInitScript((lang) => {
      localStorage.setItem('sanga-language', lang);
      delete (window as unknown as Record<string, unknown>).PushManager;
      delete (window as unknown as Record<string, unknown>).Notification;
    }, language);
    await expectOk(await context.request.post('/api/auth/register', { data: { email: uniqueEmail('ios'), password: 'a long password', language } }), 'register');
    const page = await context.newPage();
    await page.goto('/settings');
    const section = page.getByRole('region', { name: language === 'en' ? 'Notifications on this device' : 'Notificaciones en este dispositivo' });
    await expect(section.getByText(texts.why)).toBeVisible();
    await expect(section.getByText(texts.how, { exact: false })).toBeVisible();
    await expect(section.getByRole('button', { name: /Turn on|Activar/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await context.close();
  }
});
