import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page, type Request } from './fixtures';
import { createPersonThroughApi, expectNoHorizontalScroll, expectNoSeriousA11yViolations, uniqueFirstName, type ApiUser } from './helpers';

/**
 * A live message must arrive well before the 3 s fallback poll (spec §9) could have fetched it:
 * the stream pushes it as soon as it is committed.
 */
const LIVE_WITHIN_MS = 2_000;

let opened: ApiUser[] = [];
test.afterEach(async () => {
  for (const user of opened) await user.context.close();
  opened = [];
});

async function person(browser: Browser, gender: 'man' | 'woman', base: string, language?: 'en' | 'es'): Promise<ApiUser> {
  const user = await createPersonThroughApi(browser, { gender, firstName: uniqueFirstName(base), language });
  opened.push(user);
  return user;
}

/** The Messages item of the (desktop) navigation bar. */
function messagesNavItem(page: Page, nav = 'Main navigation', label: RegExp = /^Messages/) {
  return page.getByRole('navigation', { name: nav }).getByRole('link', { name: label });
}

/** Resolves once this page's live event stream has answered (headers received). */
function streamOpened(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
}

/** Counts the thread GETs a page makes, to show the 3 s poll is off while the stream is open. */
function countThreadFetches(page: Page, otherUserId: string) {
  let count = 0;
  const listener = (request: Request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/messages/${otherUserId}`) count += 1;
  };
  page.on('request', listener);
  return {
    get count() {
      return count;
    },
    stop: () => page.off('request', listener),
  };
}

/** A value set on the window disappears on a reload: proves an update came without one. */
async function markNoReload(page: Page) {
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
}

/** Whether an item sits against the right or the left side of the list. */
async function side(item: Locator, list: Locator): Promise<'right' | 'left'> {
  const [box, listBox] = await Promise.all([item.boundingBox(), list.boundingBox()]);
  if (!box || !listBox) throw new Error('not laid out');
  const gapLeft = box.x - listBox.x;
  const gapRight = listBox.x + listBox.width - (box.x + box.width);
  return gapRight < gapLeft ? 'right' : 'left';
}

function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications|Notificaciones/ });
}

test('two people talk live in English: the message arrives without a reload, before any poll, with the unread badge', async ({ browser }) => {
  // Two accounts with photos, a poll period of watching, and two screens at two widths.
  test.setTimeout(60_000);
  const radha = await person(browser, 'woman', 'Radha');
  const madhava = await person(browser, 'man', 'Madhava');

  // Madhava has no conversation yet.
  const madhavaStream = streamOpened(madhava.page);
  await madhava.page.goto('/messages');
  await expect(madhava.page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(madhava.page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(madhava.page.getByText('No conversations yet')).toBeVisible();
  const main = madhava.page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Browse Matches' })).toHaveAttribute('href', '/browse');
  await expect(main.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/browse');
  await expect(messagesNavItem(madhava.page)).toHaveAccessibleName('Messages');
  await expectNoSeriousA11yViolations(madhava.page);
  await madhavaStream;
  await markNoReload(madhava.page);

  // Radha opens the thread: his photo and name, the empty state, the composer.
  await radha.page.goto(`/conversation/${madhava.id}`);
  await expect(radha.page.getByRole('heading', { level: 1, name: madhava.firstName })).toBeVisible();
  const photo = radha.page.getByRole('img', { name: `Photo of ${madhava.firstName}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(radha.page.getByRole('main').getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/messages');
  await expect(radha.page.getByText('No messages yet. Start the conversation!')).toBeVisible();
  await expectNoSeriousA11yViolations(radha.page);

  const composer = radha.page.getByLabel('Your message');
  const send = radha.page.getByRole('button', { name: 'Send' });
  await expect(composer).toHaveAttribute('rows', '2');
  await expect(send).toBeDisabled();
  await composer.fill('   \n\t ');
  await expect(send).toBeDisabled();
  await composer.press('Enter');
  await expect(composer).toHaveValue('   \n\t ');

  // Enter sends.
  await composer.fill('Hare Krishna');
  await expect(send).toBeEnabled();
  const posted = radha.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/messages' && r.request().method() === 'POST');
  await composer.press('Enter');
  expect((await posted).status()).toBe(201);
  const sentAt = Date.now();
  await expect(composer).toHaveValue('');
  await expect(send).toBeDisabled();
  const radhaLog = radha.page.getByRole('log');
  await expect(radhaLog.getByTestId('message')).toHaveCount(1);
  await expect(radhaLog.getByTestId('message-content')).toHaveText('Hare Krishna');
  expect(await side(radhaLog.getByTestId('message').first(), radhaLog)).toBe('right');

  // Madhava's list shows it without a reload, well within the poll period, with the badges.
  const card = madhava.page.getByTestId('conversation-card').filter({ hasText: radha.firstName });
  await expect(card).toBeVisible({ timeout: LIVE_WITHIN_MS });
  expect(Date.now() - sentAt).toBeLessThan(LIVE_WITHIN_MS);
  await expect(card).toHaveAttribute('href', `/conversation/${radha.id}`);
  await expect(card).toContainText('Hare Krishna');
  await expect(card).toContainText('1 unread');
  await expect(card.locator('time')).toHaveText('less than a minute ago');
  await expect(messagesNavItem(madhava.page)).toHaveAccessibleName('Messages 1 unread');
  await expect(madhava.page.getByTestId('unread-badge')).toHaveText('1');
  await expectNotReloaded(madhava.page);
  await expectNoSeriousA11yViolations(madhava.page);

  // Opening the thread marks it read: the badge goes; her message sits on the left.
  await card.click();
  await expect(madhava.page).toHaveURL(`/conversation/${radha.id}`);
  await expect(madhava.page.getByRole('heading', { level: 1, name: radha.firstName })).toBeVisible();
  const madhavaLog = madhava.page.getByRole('log');
  await expect(madhavaLog.getByTestId('message-content')).toHaveText(['Hare Krishna']);
  expect(await side(madhavaLog.getByTestId('message').first(), madhavaLog)).toBe('left');
  await expect(messagesNavItem(madhava.page)).toHaveAccessibleName('Messages');
  await expect(messagesNavItem(madhava.page)).toHaveAttribute('aria-current', 'page');

  // The stream is open, so the 3 s poll is off: no thread request for longer than one period.
  await expect(madhavaLog).toHaveAttribute('data-updates', 'live');
  const fetches = countThreadFetches(madhava.page, radha.id);
  await madhava.page.waitForTimeout(3_500);
  expect(fetches.count).toBe(0);

  // Shift+Enter makes a newline and does not send; Enter then sends both lines.
  await composer.fill('Hare Krishna');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('Hare Rama');
  await expect(composer).toHaveValue('Hare Krishna\nHare Rama');
  await expect(radhaLog.getByTestId('message')).toHaveCount(1);
  await composer.press('Enter');
  const secondSentAt = Date.now();
  await expect(madhavaLog.getByTestId('message')).toHaveCount(2, { timeout: LIVE_WITHIN_MS });
  expect(Date.now() - secondSentAt).toBeLessThan(LIVE_WITHIN_MS);
  expect(fetches.count).toBeGreaterThan(0);
  fetches.stop();
  expect(await madhavaLog.getByTestId('message-content').last().innerText()).toBe('Hare Krishna\nHare Rama');
  await expect(messagesNavItem(madhava.page)).toHaveAccessibleName('Messages');
  await expectNotReloaded(madhava.page);

  // He answers with the Send button, with a long unbroken word; she sees it live.
  const longReply = `Haribol! ${'Gauranga'.repeat(40)}`;
  await madhava.page.getByLabel('Your message').fill(longReply);
  await madhava.page.getByRole('button', { name: 'Send' }).click();
  await expect(madhava.page.getByLabel('Your message')).toHaveValue('');
  await expect(radhaLog.getByTestId('message-content')).toHaveText(['Hare Krishna', 'Hare Krishna\nHare Rama', longReply], { timeout: LIVE_WITHIN_MS });
  expect(await side(radhaLog.getByTestId('message').last(), radhaLog)).toBe('left');
  await expectNoSeriousA11yViolations(madhava.page);

  // Her list: his reply, cut at 100 characters plus an ellipsis.
  await radha.page.getByRole('main').getByRole('link', { name: 'Back' }).click();
  await expect(radha.page).toHaveURL('/messages');
  const herCard = radha.page.getByTestId('conversation-card').filter({ hasText: madhava.firstName });
  await expect(herCard.locator('p')).toHaveText(`${Array.from(longReply).slice(0, 100).join('')}...`);
  await expect(herCard).not.toContainText('unread');

  // At 375 px both screens fit, and the thread stays at most 500 px high, scrolled to the newest message.
  for (let i = 1; i <= 8; i += 1) {
    const response = await radha.context.request.post('/api/messages', { data: { receiverId: madhava.id, content: `Line one of ${i}\nline two\nline three\nline four` } });
    expect(response.status()).toBe(201);
  }
  await madhava.page.setViewportSize({ width: 375, height: 740 });
  await expect(madhavaLog.getByTestId('message')).toHaveCount(11, { timeout: LIVE_WITHIN_MS });
  await expect(madhavaLog.getByTestId('message-content').last()).toContainText('Line one of 8');
  const geometry = () => madhavaLog.evaluate((el) => ({ height: el.clientHeight, scrollHeight: el.scrollHeight, bottomGap: el.scrollHeight - el.scrollTop - el.clientHeight }));
  await expect.poll(async () => (await geometry()).bottomGap).toBeLessThanOrEqual(1);
  const { height, scrollHeight } = await geometry();
  expect(height).toBeLessThanOrEqual(500);
  expect(scrollHeight).toBeGreaterThan(height);
  await expectNoHorizontalScroll(madhava.page);
  await expectNoSeriousA11yViolations(madhava.page);
  await madhava.page.reload();
  await expect(madhavaLog.getByTestId('message')).toHaveCount(11);
  await expect.poll(async () => (await geometry()).bottomGap).toBeLessThanOrEqual(1);

  await radha.page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(radha.page);
  await expectNoSeriousA11yViolations(radha.page);
});

test('the same conversation in Spanish: empty states, relative times and the composer', async ({ browser }) => {
  const sita = await person(browser, 'woman', 'Sita');
  const rama = await person(browser, 'man', 'Rama', 'es');

  await rama.page.goto('/messages');
  await expect(rama.page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(rama.page.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible();
  await expect(rama.page.getByText('Aún no tienes conversaciones')).toBeVisible();
  await expect(rama.page.getByRole('main').getByRole('link', { name: 'Ver coincidencias' })).toHaveAttribute('href', '/browse');
  await expect(rama.page.getByRole('main').getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/browse');
  await expectNoSeriousA11yViolations(rama.page);

  const ramaStream = streamOpened(rama.page);
  await rama.page.goto(`/conversation/${sita.id}`);
  await ramaStream;
  await expect(rama.page.getByRole('heading', { level: 1, name: sita.firstName })).toBeVisible();
  await expect(rama.page.getByRole('img', { name: `Foto de ${sita.firstName}` })).toBeVisible();
  await expect(rama.page.getByText('Aún no hay mensajes. ¡Comienza la conversación!')).toBeVisible();
  await expect(rama.page.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await expectNoSeriousA11yViolations(rama.page);
  await markNoReload(rama.page);

  // She writes in English; he reads it live, with the time in Spanish.
  await sita.page.goto(`/conversation/${rama.id}`);
  await sita.page.getByLabel('Your message').fill('Hare Krishna, Rama');
  await sita.page.getByLabel('Your message').press('Enter');
  const sentAt = Date.now();
  const ramaLog = rama.page.getByRole('log');
  await expect(ramaLog.getByTestId('message-content')).toHaveText(['Hare Krishna, Rama'], { timeout: LIVE_WITHIN_MS });
  expect(Date.now() - sentAt).toBeLessThan(LIVE_WITHIN_MS);
  await expect(ramaLog.locator('time')).toHaveText(['hace menos de un minuto']);
  await expectNotReloaded(rama.page);

  // He answers in Spanish with Enter; Mayús+Intro makes a newline.
  const composer = rama.page.getByLabel('Tu mensaje');
  await composer.fill('Haribol');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('¡Jaya!');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(sita.page.getByRole('log').getByTestId('message-content')).toHaveText(['Hare Krishna, Rama', 'Haribol\n¡Jaya!'], { timeout: LIVE_WITHIN_MS });
  await expect(sita.page.getByRole('log').locator('time').last()).toHaveText('less than a minute ago');

  await rama.page.getByRole('main').getByRole('link', { name: 'Volver' }).click();
  await expect(rama.page).toHaveURL('/messages');
  const card = rama.page.getByTestId('conversation-card').filter({ hasText: sita.firstName });
  await expect(card.locator('p')).toHaveText('Tú: Haribol\n¡Jaya!');
  await expect(card.locator('time')).toHaveText('hace menos de un minuto');
  await expect(messagesNavItem(rama.page, 'Navegación principal', /^Mensajes/)).toHaveAccessibleName('Mensajes');
  await expectNoSeriousA11yViolations(rama.page);

  // A send the server does not answer (the connection drops): the failure toast in Spanish, the text kept.
  await rama.context.route('**/api/messages', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
  await rama.page.goto(`/conversation/${sita.id}`);
  await expect(rama.page.getByRole('heading', { level: 1, name: sita.firstName })).toBeVisible();
  await rama.page.getByLabel('Tu mensaje').fill('Hola');
  await rama.page.getByRole('button', { name: 'Enviar' }).click();
  await expect(toastRegion(rama.page)).toContainText('Error');
  await expect(toastRegion(rama.page)).toContainText('No se pudo enviar el mensaje');
  await expect(rama.page.getByLabel('Tu mensaje')).toHaveValue('Hola');
});

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const [language, texts] of [
  ['es', { title: 'Conversación', label: 'Tu mensaje', reason: 'No puedes escribir a esta persona. Puedes escribir a tus coincidencias, a los voluntarios y a quienes te escribieron.' }],
] as const) {
  test(`[${language}] someone the rules forbid, or oneself: no composer, and the page says why`, async ({ browser }) => {
    const ganga = await person(browser, 'woman', 'Ganga', language);
    const yamuna = await person(browser, 'woman', 'Yamuna', language);

    // Not a match candidate (same gender): the generic title, since her name is not ours to know; herself:
    // her own first name. Either way the reason and no message box.
    for (const [id, title] of [[yamuna.id, texts.title], [ganga.id, ganga.firstName]]) {
      await ganga.page.goto(`/conversation/${id}`);
      await expect(ganga.page.getByTestId('may-not-write')).toBeVisible();
      await expect(ganga.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(ganga.page.getByTestId('may-not-write')).toHaveText(texts.reason);
      await expect(ganga.page.getByLabel(texts.label)).toHaveCount(0);
      await expectNoSeriousA11yViolations(ganga.page);
    }
  });
}

test('while the live stream is down, the thread falls back to the 3 s poll', async ({ browser }) => {
  const uma = await person(browser, 'woman', 'Uma');
  const shiva = await person(browser, 'man', 'Shiva');
  await shiva.context.route('**/api/events*', (route) => route.abort());

  await shiva.page.goto(`/conversation/${uma.id}`);
  const log = shiva.page.getByRole('log');
  await expect(log).toHaveAttribute('data-updates', 'poll');
  await markNoReload(shiva.page);
  const response = await uma.context.request.post('/api/messages', { data: { receiverId: shiva.id, content: 'Om Namah Shivaya' } });
  expect(response.status()).toBe(201);
  await expect(log.getByTestId('message-content')).toHaveText(['Om Namah Shivaya'], { timeout: 3_000 + LIVE_WITHIN_MS });
  await expectNotReloaded(shiva.page);
});

test('signed out, the messaging screens ask to sign in', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to see your messages' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/api/login?returnTo=%2Fmessages');
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  const id = randomUUID();
  await page.goto(`/conversation/${id}`);
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', `/api/login?returnTo=${encodeURIComponent(`/conversation/${id}`)}`);
});

test('a double click on Send posts the message once: one request, one message for both people', async ({ browser }) => {
  const sita = await person(browser, 'woman', 'Sita');
  const rama = await person(browser, 'man', 'Rama');
  await sita.page.goto(`/conversation/${rama.id}`);
  const composer = sita.page.getByLabel('Your message');
  await composer.fill('Only once, please');
  const posts: string[] = [];
  sita.page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/messages') posts.push(r.postData() ?? '');
  });
  await sita.page.getByRole('button', { name: 'Send' }).dblclick();
  await expect(sita.page.getByRole('log').getByTestId('message-content')).toHaveText(['Only once, please']);
  await expect(composer).toHaveValue('');
  expect(posts).toHaveLength(1);
  // The request carries the idempotency key the server stores with the message.
  expect(JSON.parse(posts[0]!)).toMatchObject({ content: 'Only once, please', clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  const thread = await rama.context.request.get(`/api/messages/${sita.id}`);
  expect(((await thread.json()) as unknown[]).length).toBe(1);
});

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const [language, texts] of [
  ['en', { label: 'Your message', send: 'Send', counter: '3,600 of 4,000 characters', over: 'This message is 5 characters over the limit of 4,000. Shorten it to send.' }],
] as const) {
  test(`[${language}] near 4,000 characters a counter shows; over it Send is refused with the reason, and nothing is cut`, async ({ browser }) => {
    const gauri = await person(browser, 'woman', 'Gauri', language);
    const hari = await person(browser, 'man', 'Hari', language);
    await gauri.page.goto(`/conversation/${hari.id}`);
    const composer = gauri.page.getByLabel(texts.label);
    await composer.fill('a'.repeat(3_000));
    await expect(gauri.page.getByTestId('composer-counter')).toHaveCount(0);
    await composer.fill('a'.repeat(3_600));
    await expect(gauri.page.getByTestId('composer-counter')).toHaveText(texts.counter);
    await composer.fill('a'.repeat(4_005));
    // Not truncated: the whole paste stays, and the reason is given.
    await expect(composer).toHaveValue('a'.repeat(4_005));
    await expect(gauri.page.getByTestId('composer-counter')).toHaveText(texts.over);
    await expect(gauri.page.getByRole('button', { name: texts.send })).toBeDisabled();
    await composer.press('Enter');
    await expect(gauri.page.getByRole('log').getByTestId('message')).toHaveCount(0);
    await expectNoSeriousA11yViolations(gauri.page);
  });
}

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const [language, texts] of [
  ['es', { name: 'Una persona que eliminó su cuenta', departed: 'Esta persona eliminó su cuenta. Tu conversación se queda aquí para que la leas.', label: 'Tu mensaje' }],
] as const) {
  test(`[${language}] when the other person deletes their account, the thread stays, from "a deleted member", with no composer`, async ({ browser }) => {
    // Before, his messages and the conversation went with his account.
    const sita = await person(browser, 'woman', 'Sita', language);
    const rama = await person(browser, 'man', 'Rama', language);
    expect((await sita.context.request.post('/api/messages', { data: { receiverId: rama.id, content: 'Namaste' } })).status()).toBe(201);
    expect((await rama.context.request.post('/api/messages', { data: { receiverId: sita.id, content: 'You will regret ignoring me' } })).status()).toBe(201);
    expect((await rama.context.request.post('/api/account/delete', { data: { password: 'a long password' } })).status()).toBe(204);

    await sita.page.goto('/messages');
    const card = sita.page.getByTestId('conversation-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: texts.name })).toBeVisible();
    await card.click();
    await expect(sita.page.getByRole('heading', { level: 1, name: texts.name })).toBeVisible();
    await expect(sita.page.getByText('You will regret ignoring me')).toBeVisible();
    await expect(sita.page.getByText('Namaste')).toBeVisible();
    await expect(sita.page.getByTestId('may-not-write')).toHaveText(texts.departed);
    await expect(sita.page.getByLabel(texts.label)).toHaveCount(0);
    await expectNoSeriousA11yViolations(sita.page);
  });
}
