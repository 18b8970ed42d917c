import { expect, test, type Browser } from './fixtures';
import { checkScreen, createPersonThroughApi, expectOk, grantCoordinatorAndElder, introduceThroughApi, uniqueFirstName, type ApiUser } from './helpers';

/**
 * The coordinator's side of introductions: ending an introduction from the member page, and the page telling who
 * wrote each check-in, "Follow-ups due" opening the due item highlighted, and counts with proper plurals.
 */

let opened: ApiUser[] = [];
test.afterEach(async () => {
  for (const user of opened) await user.context.close();
  opened = [];
});

async function person(browser: Browser, gender: 'man' | 'woman', base: string, language: 'en' | 'es' = 'en'): Promise<ApiUser> {
  const user = await createPersonThroughApi(browser, { gender, firstName: uniqueFirstName(base), language, profile: { courtshipAlignment: 'either-with-guidance' } });
  opened.push(user);
  return user;
}

test('a coordinator ends an introduction from the member page: asked first, both members see it ended and are told (#32.1)', async ({ browser }) => {
  test.setTimeout(180_000);
  const coordinator = await person(browser, 'man', 'Coordstop');
  const elder = await person(browser, 'woman', 'Elderstop');
  const sita = await person(browser, 'woman', 'Sita');
  const ramon = await person(browser, 'man', 'Ramon', 'es');
  await grantCoordinatorAndElder(browser, coordinator, elder);
  const id = await introduceThroughApi(sita, ramon, coordinator, elder);

  const c = coordinator.page;
  await c.goto(`/coordinator/members/${sita.id}`);
  const item = c.getByTestId('history-item').filter({ hasText: ramon.firstName });
  await expect(item).toContainText('Introduced');
  // An elder is no coordinator: the rule (domain access.ts can.endIntroduction) leaves ending to the two and coordinators.
  expect((await elder.context.request.post(`/api/introductions/${id}/end`, { data: {} })).status()).toBe(404);

  await item.getByRole('button', { name: 'End this introduction' }).click();
  const dialog = c.getByRole('dialog', { name: 'End this introduction?' });
  await expect(dialog).toContainText(`${sita.firstName} Devi and ${ramon.firstName} Das will be told that a coordinator ended it`);
  // The same rule as every other screen: an ending closes contact between the two.
  await expect(dialog).toContainText('neither of the two can write to the other until a coordinator introduces them again');
  await checkScreen(c);
  // Keeping it changes nothing.
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toContainText('Introduced');
  await item.getByRole('button', { name: 'End this introduction' }).click();
  await c.getByRole('dialog', { name: 'End this introduction?' }).getByRole('button', { name: 'End the introduction' }).click();
  await expect(c.getByText('The introduction has ended; both members have been told.').first()).toBeVisible();
  await expect(item).toContainText('Ended');
  await expect(item.getByRole('button', { name: 'End this introduction' })).toHaveCount(0);

  // Sita (English) and Ramón (Spanish) see it ended and are told in-app, neutrally.
  await sita.page.goto('/introductions');
  await expect(sita.page.getByText('An introduction you were part of has ended. Your Introductions page says who ended it', { exact: false })).toBeVisible();
  // The card says who ended it: a coordinator, never by name.
  await expect(sita.page.getByTestId('introduction-closed-by')).toContainText('A coordinator ended this introduction');
  await expect(sita.page.getByText('Ended', { exact: true }).first()).toBeVisible();
  await ramon.page.goto('/introductions');
  await expect(ramon.page.getByText('Una presentación en la que participabas terminó. Tu página de Presentaciones dice quién la terminó', { exact: false })).toBeVisible();
  await expect(ramon.page.getByText('Terminada', { exact: true }).first()).toBeVisible();
  await checkScreen(ramon.page);
});

test('the Spanish coordinator page: dialog in Spanish', async ({ browser }) => {
  test.setTimeout(150_000);
  const coordinator = await person(browser, 'woman', 'Coordfin', 'es');
  const elder = await person(browser, 'man', 'Elderfin');
  const uma = await person(browser, 'woman', 'Uma');
  const tomas = await person(browser, 'man', 'Tomas');
  await grantCoordinatorAndElder(browser, coordinator, elder);
  await introduceThroughApi(uma, tomas, coordinator, elder);
  const c = coordinator.page;
  await c.goto(`/coordinator/members/${tomas.id}`);
  const item = c.getByTestId('history-item').filter({ hasText: uma.firstName });
  await item.getByRole('button', { name: 'Terminar esta presentación' }).click();
  const dialog = c.getByRole('dialog', { name: '¿Terminar esta presentación?' });
  await expect(dialog).toContainText(`Se les avisará a ${uma.firstName} Devi y ${tomas.firstName} Das que un coordinador la terminó`);
  await dialog.getByRole('button', { name: 'Terminar la presentación' }).click();
  await expect(c.getByText('La presentación terminó; se les avisó a ambos miembros.').first()).toBeVisible();
  await expect(item).toContainText('Terminada');
});

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const language of ['es'] as Array<'en' | 'es'>) {
  const words = {
    en: { requests1: '1 member asked to meet them', requests2: 'Asked to meet 2 members', open1: '1 open introduction', open0: '0 open introductions', due: 'Check-in due', continuing: 'We are continuing', followUps: 'Follow-ups due' },
    es: { requests1: '1 persona pidió conocer a este miembro', requests2: 'Pidió conocer a 2 personas', open1: '1 presentación abierta', open0: '0 presentaciones abiertas', due: 'Seguimiento pendiente', continuing: 'Seguimos conociéndonos', followUps: 'Seguimientos pendientes' },
  }[language];

  test(`[${language}] the coordinator's pages: who wrote each check-in, "Follow-ups due" opens the item highlighted, plurals (#32.5)`, async ({ browser }) => {
    test.setTimeout(240_000);
    const coordinator = await person(browser, 'man', `Coordfu${language}`, language);
    const elder = await person(browser, 'woman', `Elderfu${language}`);
    const gita = await person(browser, 'woman', 'Gita');
    const arjun = await person(browser, 'man', 'Arjun');
    const asker = await person(browser, 'woman', 'Kamala');
    const other1 = await person(browser, 'man', 'Bhima');
    const other2 = await person(browser, 'man', 'Nakula');
    await grantCoordinatorAndElder(browser, coordinator, elder);
    const id = await introduceThroughApi(gita, arjun, coordinator, elder);
    await expectOk(await arjun.context.request.post(`/api/introductions/${id}/follow-up`, { data: { status: 'continuing', note: 'Going well' } }), 'check-in');
    // Kamala asks to be introduced to Bhima and to Nakula: two requests concern her, one concerns Bhima.
    await expectOk(await asker.context.request.post('/api/introduction-requests', { data: { userId: other1.id } }), 'request 1');
    await expectOk(await asker.context.request.post('/api/introduction-requests', { data: { userId: other2.id } }), 'request 2');

    const c = coordinator.page;
    // A check-in falls due 7 days after both accepted; the e2e server's clock cannot move, so the "Follow-ups due"
    // list answers with this real introduction (as the server lists it a week later: the API test
    // "follow-ups due" in introductions.test.ts). Everything the page does with it is the real thing.
    await c.route('**/api/coordinator/introductions?*', async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('status') !== 'follow-up-due') return route.continue();
      const real = await coordinator.context.request.get('/api/coordinator/introductions?status=introduced&limit=50');
      const rows = ((await real.json()) as Array<{ id: string }>).filter((row) => row.id === id);
      return route.fulfill({ json: rows });
    });
    await c.goto('/coordinator?introductions=follow-up-due');
    const followUps = c.locator('#coordinator-introductions');
    await expect(followUps.getByRole('heading', { name: words.followUps })).toBeVisible();
    await followUps.getByRole('link', { name: new RegExp(`${gita.firstName}.*${arjun.firstName}`) }).click();
    await expect(c).toHaveURL(new RegExp(`/coordinator/members/${gita.id}\\?introduction=${id}$`));
    const highlighted = c.locator('[data-testid="history-item"][data-highlighted]');
    await expect(highlighted).toHaveCount(1);
    await expect(highlighted).toHaveAttribute('aria-current', 'true');
    await expect(highlighted).toContainText(words.due);
    await expect(highlighted).toBeInViewport();
    // The check-in names who wrote it (Arjun, by the first name and surname the coordinator sees), its answer and note.
    await expect(highlighted.getByTestId('check-in')).toContainText(`${arjun.firstName} Das`);
    await expect(highlighted.getByTestId('check-in')).toContainText(`${words.continuing}: Going well`);
    await checkScreen(c);

    // Plurals on the members' list: one and two requests, one and no open introductions.
    const card = (user: ApiUser) => c.locator('#coordinator-queue li').filter({ hasText: user.firstName });
    await c.goto('/coordinator?members=all');
    const search = c.getByRole('searchbox');
    await search.fill(asker.firstName);
    // Who asked and who was asked about read apart.
    await expect(card(asker)).toContainText(words.open0);
    await expect(card(asker).getByTestId('requests-made')).toHaveText(words.requests2);
    await search.fill(other1.firstName);
    await expect(card(other1)).toContainText(words.open0);
    await expect(card(other1).getByTestId('requests-about')).toHaveText(words.requests1);
    await search.fill(gita.firstName);
    await expect(card(gita)).toContainText(words.open1);
    await expect(card(gita).getByTestId('requests-made')).toHaveCount(0);
  });
}
