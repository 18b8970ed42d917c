import { errorMessages } from '#domain/error-codes';
import { applicationBody } from '#server/test/fixtures';
import { expect, test, type Browser, type Page } from './fixtures';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import { createPersonThroughApi, expectOk, grantCoordinatorAndElder, introduceThroughApi, newApiAccount, pairForSuggestions, uniqueFirstName, type ApiUser } from './helpers';
import es from '../src/web/i18n/es';
import { E2E_ADMIN_PASSWORD } from './smtp-port';

/**
 * The rule: in Spanish no screen shows an English sentence from the server. Each error path below is
 * driven in `es`; the screen says why in Spanish (the answer's code, translated), and its text is scanned for every
 * English sentence the server can send (domain/error-codes.ts, and the ones that name a thing).
 */

/** The server's English sentences: every code's text, long enough not to be a word of Spanish, and the named ones. */
const englishSentences = Object.values(errorMessages).filter((text) => text.length >= 12);
const englishPatterns = [/already has an open introduction/, /already has \d+ open introductions/, /Route \w+ .* not found/, /have both accepted the introduction/];

async function expectNoEnglishFromServer(page: Page, where: string) {
  // The scan looks for the sentences these paths would show if the web rendered the server's message.
  for (const code of ['sign-in-invalid', 'profile-incomplete', 'profile-not-active', 'message-refused', 'not-an-image'] as const) expect(englishSentences).toContain(errorMessages[code]);
  const text = await page.locator('body').innerText();
  const found = [...englishSentences.filter((sentence) => text.includes(sentence)), ...englishPatterns.filter((pattern) => pattern.test(text)).map(String)];
  expect(found, `${where}: English server sentences on a Spanish screen`).toEqual([]);
}

let opened: { close: () => Promise<void> }[] = [];
test.afterEach(async () => {
  for (const context of opened) await context.close();
  opened = [];
});

async function person(
  browser: Browser,
  gender: 'man' | 'woman',
  base: string,
  options: { active?: boolean; courtship?: 'one-to-one-essential' | 'either-with-guidance'; profile?: Partial<ProfileFormValues> } = {},
): Promise<ApiUser> {
  const user = await createPersonThroughApi(browser, {
    gender,
    firstName: uniqueFirstName(base),
    language: 'es',
    active: options.active,
    profile: { courtshipAlignment: options.courtship ?? 'either-with-guidance', ...options.profile },
  });
  opened.push(user.context);
  return user;
}

test('sign-in with a wrong password says so in Spanish', async ({ browser }) => {
  const { context, email } = await newApiAccount(browser, 'es');
  opened.push(context);
  const visitor = await browser.newContext();
  opened.push(visitor);
  await visitor.addInitScript(() => localStorage.setItem('sanga-language', 'es'));
  const page = await visitor.newPage();
  await page.goto('/login');
  await page.getByLabel(es.auth.fields.email).fill(email);
  await page.getByLabel(es.auth.fields.password).fill('not the password');
  await page.getByRole('button', { name: es.auth.signIn.submit, exact: true }).click();
  await expect(page.getByText(es.auth.signIn.failed)).toBeVisible();
  await expectNoEnglishFromServer(page, 'sign-in');
});

test('activation of a profile that is no longer complete, browse and a match page while not active', async ({ browser }) => {
  test.setTimeout(120_000);
  const radha = await person(browser, 'woman', 'Radhaerr', { active: false });
  const govinda = await person(browser, 'man', 'Govindaerr');
  const page = radha.page;
  await page.goto('/profile');
  const activate = page.getByRole('button', { name: es.profile.banner.ready.action });
  await expect(activate).toBeVisible();
  // The photos go (another tab) while this page still offers to activate: the server refuses (profile-incomplete).
  await expectOk(await radha.context.request.patch('/api/profile', { data: { photos: [] } }), 'remove photos');
  await activate.click();
  await expect(page.getByText(es.errors['profile-incomplete'], { exact: true })).toBeVisible();
  await expectNoEnglishFromServer(page, 'activation');

  // Not active: browse explains in Spanish (403 profile-not-active), and so does a match page.
  await page.goto('/browse');
  await expect(page.getByText(es.matches.browse.notActive.body)).toBeVisible();
  await expectNoEnglishFromServer(page, 'browse');
  await page.goto(`/match/${govinda.profileId}`);
  await expect(page.getByText(es.errors['profile-not-active'], { exact: true })).toBeVisible();
  await expectNoEnglishFromServer(page, 'match page');
});

test('a message refused because the other person blocked the writer since the page opened', async ({ browser }) => {
  test.setTimeout(120_000);
  const sita = await person(browser, 'woman', 'Sitaerr');
  const rama = await person(browser, 'man', 'Ramaerr');
  const page = sita.page;
  await page.goto(`/conversation/${rama.id}`);
  const box = page.getByLabel(es.messages.thread.composer.label);
  await expect(box).toBeVisible();
  await expectOk(await rama.context.request.post('/api/blocks', { data: { userId: sita.id } }), 'block');
  await box.fill('Hare Krishna');
  await page.getByRole('button', { name: es.messages.thread.composer.send, exact: true }).click();
  await expect(page.getByText(es.errors['message-refused'], { exact: true })).toBeVisible();
  await expectNoEnglishFromServer(page, 'messaging');
});

test('a volunteer photo that is not an image', async ({ browser }) => {
  const { context } = await newApiAccount(browser, 'es');
  opened.push(context);
  await expectOk(await context.request.post('/api/volunteer-application', { data: applicationBody() }), 'application');
  const page = await context.newPage();
  await page.goto('/volunteer-profile');
  await page.getByLabel(es.volunteer.profile.photo.upload, { exact: true }).setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is text, not a photo') });
  await expect(page.getByText(es.errors['not-an-image'], { exact: true })).toBeVisible();
  await expectNoEnglishFromServer(page, 'volunteer photo');
});

test("a coordinator's proposal refused: the member already has an open introduction (one-to-one)", async ({ browser }) => {
  test.setTimeout(180_000);
  const coordinator = await person(browser, 'man', 'Coorderr');
  // Second must be among Lakshmi's suggestions, however many people earlier tests made.
  const pair = pairForSuggestions();
  const lakshmi = await person(browser, 'woman', 'Lakshmierr', { courtship: 'one-to-one-essential', profile: pair.woman });
  const first = await person(browser, 'man', 'Firsterr', { profile: pair.man });
  const second = await person(browser, 'man', 'Seconderr', { profile: pair.man });
  const adminContext = await browser.newContext();
  opened.push(adminContext);
  await expectOk(await adminContext.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } }), 'admin sign-in');
  await expectOk(await adminContext.request.put(`/api/admin/users/${coordinator.id}/roles`, { data: { coordinator: true, elder: false } }), 'coordinator');
  await expectOk(await coordinator.context.request.post('/api/introductions', { data: { memberA: lakshmi.id, memberB: first.id, note: '' } }), 'first proposal');

  const page = coordinator.page;
  await page.goto(`/coordinator/members/${lakshmi.id}`);
  await page.getByRole('button', { name: `Proponer a ${second.firstName} Das` }).click();
  await page.getByRole('button', { name: 'Proponer', exact: true }).click();
  const toast = page.getByRole('status').filter({ hasText: es.introductions.coordinator.member.proposeFailed });
  await expect(toast).toContainText(`${lakshmi.firstName} Devi ya tiene una presentación abierta (noviazgo de uno a uno).`);
  await expectNoEnglishFromServer(page, 'proposal');
});

test("the coordinator's opening note reads in the member's language (a system message, not stored English)", async ({ browser }) => {
  test.setTimeout(180_000);
  const coordinator = await person(browser, 'man', 'Coordopen');
  const elder = await person(browser, 'woman', 'Elderopen');
  const sita = await person(browser, 'woman', 'Sitaopen');
  const rama = await person(browser, 'man', 'Ramaopen');
  await grantCoordinatorAndElder(browser, coordinator, elder);
  await introduceThroughApi(sita, rama, coordinator, elder, 'Los dos cantan kirtan.');

  const page = sita.page;
  await page.goto(`/conversation/${coordinator.id}`);
  await expect(page.getByRole('log').getByTestId('message-content')).toHaveText([`Tú y ${rama.firstName} aceptaron la presentación. Ya pueden escribirse.\n\nLos dos cantan kirtan.`]);
  await expectNoEnglishFromServer(page, 'opening message');
  await page.goto('/messages');
  await expect(page.getByTestId('conversation-card')).toContainText(`Tú y ${rama.firstName} aceptaron la presentación.`);
  await expectNoEnglishFromServer(page, 'conversation list');
});
