import { expect, test, type Browser, type Page } from './fixtures';
import { createPersonThroughApi, expectOk, grantCoordinatorAndElder, uniqueFirstName, type ApiUser } from './helpers';

/**
 * A member screen opened directly arrives rendered on the server with its answers (decision 012), and its event
 * stream opens a moment later, once the app's scripts have run. A message sent in between must still show without
 * a reload: the page carries where its answers were read, and the stream resumes from there.
 *
 * The stream is held back here until the message has been sent, so the gap is certain rather than a race; it is
 * let go well before the 3 s fallback poll (which runs only while the stream is closed) could have fetched it.
 */
const SHOWN_WITHIN_MS = 2_000;

let opened: ApiUser[] = [];
test.afterEach(async () => {
  for (const user of opened) await user.context.close();
  opened = [];
});

async function person(browser: Browser, gender: 'man' | 'woman', base: string, language: 'en' | 'es'): Promise<ApiUser> {
  const user = await createPersonThroughApi(browser, { gender, firstName: uniqueFirstName(base), language });
  opened.push(user);
  return user;
}

/** Holds the page's event stream until `release` is called; `opened` resolves once the stream has answered. */
async function holdEventStream(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/events*', async (route) => {
    await released;
    await route.continue();
  });
  const opened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
  return { release, opened };
}

const send = async (from: ApiUser, to: ApiUser, content: string) =>
  expectOk(await from.context.request.post('/api/messages', { data: { receiverId: to.id, content } }), `send ${content}`);

test('a conversation opened directly shows a message sent before its stream opened, without a reload (English)', async ({ browser }) => {
  const her = await person(browser, 'woman', 'Radha', 'en');
  const him = await person(browser, 'man', 'Madhava', 'en');
  await send(him, her, 'Hare Krishna');

  const stream = await holdEventStream(her.page);
  await her.page.goto(`/conversation/${him.id}`);
  await expect(her.page.locator('#root')).toHaveAttribute('data-member', '1');
  const log = her.page.getByRole('log');
  await expect(log.getByTestId('message-content')).toHaveText(['Hare Krishna']);

  await send(him, her, 'Are you there?');
  stream.release();
  await stream.opened;
  await expect(log.getByTestId('message-content')).toHaveText(['Hare Krishna', 'Are you there?'], { timeout: SHOWN_WITHIN_MS });
});

test('the conversation list opened directly shows a message sent before its stream opened, without a reload (Spanish)', async ({ browser }) => {
  const her = await person(browser, 'woman', 'Sita', 'es');
  const him = await person(browser, 'man', 'Rama', 'es');
  await send(him, her, 'Hare Krishna');

  const stream = await holdEventStream(her.page);
  await her.page.goto('/messages');
  await expect(her.page.locator('#root')).toHaveAttribute('data-member', '1');
  await expect(her.page.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible();
  const card = her.page.getByTestId('conversation-card').filter({ hasText: him.firstName });
  await expect(card.locator('p')).toHaveText('Hare Krishna');

  await send(him, her, '¿Estás ahí?');
  stream.release();
  await stream.opened;
  await expect(card.locator('p')).toHaveText('¿Estás ahí?', { timeout: SHOWN_WITHIN_MS });
});

test('the introductions screen opened directly shows an introduction that reached her before its stream opened, without a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const coordinator = await person(browser, 'man', 'Coordlive', 'en');
  const elder = await person(browser, 'woman', 'Elderlive', 'en');
  const her = await person(browser, 'woman', 'Gauri', 'en');
  const him = await person(browser, 'man', 'Gopal', 'en');
  await grantCoordinatorAndElder(browser, coordinator, elder);

  const stream = await holdEventStream(her.page);
  await her.page.goto('/introductions');
  await expect(her.page.locator('#root')).toHaveAttribute('data-member', '1');
  await expect(her.page.getByText('No introductions yet.', { exact: false })).toBeVisible();

  // Proposed and approved while her page was starting: it now waits for her answer.
  const proposed = await coordinator.context.request.post('/api/introductions', { data: { memberA: her.id, memberB: him.id, note: 'Both love kirtan.' } });
  await expectOk(proposed, 'proposal');
  const { id } = (await proposed.json()) as { id: string };
  await expectOk(await elder.context.request.post(`/api/introductions/${id}/review`, { data: { decision: 'approve' } }), 'approval');
  stream.release();
  await stream.opened;
  await expect(her.page.getByRole('button', { name: 'Accept' })).toBeVisible({ timeout: SHOWN_WITHIN_MS });
});
