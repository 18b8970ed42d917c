import { expect, test, type Browser } from './fixtures';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import { checkScreen, createPersonThroughApi, expectOk, grantCoordinatorAndElder, introduceThroughApi, pairForSuggestions, uniqueFirstName, type ApiUser } from './helpers';
import { E2E_ADMIN_PASSWORD } from './smtp-port';

/**
 * The whole human-led path in the browser: the admin makes a coordinator and an elder, the coordinator
 * proposes from the suggestions, the elder approves (the e2e server runs with ELDER_APPROVALS=1), the first and
 * then the second person accept, they write to each other, and a check-in follows. Then a shorter path in Spanish.
 */

let opened: ApiUser[] = [];
test.afterEach(async () => {
  for (const user of opened) await user.context.close();
  opened = [];
});

async function person(browser: Browser, gender: 'man' | 'woman', base: string, language: 'en' | 'es' = 'en', profile: Partial<ProfileFormValues> = {}): Promise<ApiUser> {
  const user = await createPersonThroughApi(browser, {
    gender,
    firstName: uniqueFirstName(base),
    language,
    profile: { courtshipAlignment: 'either-with-guidance', ...profile },
  });
  opened.push(user);
  return user;
}

const fullName = (user: ApiUser, gender: 'man' | 'woman') => `${user.firstName} ${gender === 'woman' ? 'Devi' : 'Das'}`;
/** How the elders' panel names a member: the first name and an initial. */
const elderName = (user: ApiUser) => `${user.firstName} D.`;

test('the whole path: roles, proposal from suggestions, elder approval, both accept, messages, a check-in', async ({ browser }) => {
  test.setTimeout(240_000);
  const coordinator = await person(browser, 'man', 'Coord');
  const elder = await person(browser, 'woman', 'Elder');
  // Govinda must be among Radha's suggestions, however many people earlier tests made.
  const pair = pairForSuggestions();
  const radha = await person(browser, 'woman', 'Radha', 'en', pair.woman);
  const govinda = await person(browser, 'man', 'Govinda', 'en', pair.man);

  // The admin grants the roles from the user profiles list.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/admin-login');
  await admin.getByLabel('Admin password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await admin.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  const grant = async (user: ApiUser, gender: 'man' | 'woman', role: 'Coordinator' | 'Elder') => {
    // On the member's profile card: once granted, the person is also listed in the Team section with the same buttons.
    const button = admin.locator('#admin-user-profiles').getByRole('group', { name: `Roles: ${fullName(user, gender)}` }).getByRole('button', { name: role });
    await button.click();
    // A staff role reads every member's biodata: the admin confirms, the dialog naming the person and the role.
    const dialog = admin.getByRole('dialog', { name: `Make ${fullName(user, gender)} ${role === 'Coordinator' ? 'a coordinator' : 'an elder'}?` });
    await dialog.getByRole('button', { name: `Make ${role.toLowerCase()}` }).click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  };
  await grant(coordinator, 'man', 'Coordinator');
  await grant(elder, 'woman', 'Elder');
  await expect(admin.getByRole('heading', { name: /^Team \(\d+\)$/ })).toBeVisible();
  await adminContext.close();

  // The coordinator finds Radha waiting, opens her page and proposes Govinda from the suggestions.
  const c = coordinator.page;
  await c.goto('/coordinator');
  await expect(c.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Coordinator' })).toBeVisible();
  await expect(c.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Elders' })).toHaveCount(0);
  await c.getByLabel('Search by name, place, community, profession or study').fill(radha.firstName);
  await c.getByRole('link', { name: fullName(radha, 'woman') }).click();
  await expect(c.getByRole('heading', { level: 1 })).toHaveText(fullName(radha, 'woman'));
  await expect(c.getByRole('heading', { name: 'Suggestions' })).toBeVisible();
  await checkScreen(c);
  await c.getByRole('button', { name: `Propose ${fullName(govinda, 'man')}` }).click();
  await c.getByLabel('Note to both members').fill('You both serve at the Sunday feast.');
  await c.getByRole('button', { name: 'Propose', exact: true }).click();
  await expect(c.getByRole('status').filter({ hasText: 'The introduction was proposed.' })).toBeVisible();
  await expect(c.getByText('Awaiting the elders').first()).toBeVisible();
  await c.goto('/coordinator');
  await expect(c.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await checkScreen(c);

  // Radha hears nothing while the elders review it.
  await radha.page.goto('/introductions');
  await expect(radha.page.getByText('No introductions yet.', { exact: false })).toBeVisible();

  // The elder approves.
  const e = elder.page;
  await e.goto('/elders');
  const card = e.getByRole('article').filter({ hasText: elderName(radha) });
  await expect(card).not.toContainText(fullName(radha, 'woman'));
  await expect(card).toContainText('You both serve at the Sunday feast.');
  await checkScreen(e);
  await card.getByRole('button', { name: 'Approve' }).click();
  // Approved: the card leaves the queue (other specs may leave their own proposals waiting for the elders, so the
  // queue is not necessarily empty).
  await expect(card).toHaveCount(0);

  // Radha is asked first, and accepts; Govinda sees nothing until then.
  await govinda.page.goto('/introductions');
  await expect(govinda.page.getByText('No introductions yet.', { exact: false })).toBeVisible();
  await radha.page.reload();
  await expect(radha.page.getByRole('heading', { name: 'Waiting for your answer' })).toBeVisible();
  await expect(radha.page.getByText('You both serve at the Sunday feast.')).toBeVisible();
  await checkScreen(radha.page);
  await radha.page.getByRole('button', { name: 'Accept' }).click();
  await expect(radha.page.getByText('You accepted. Waiting for the other person.')).toBeVisible();

  // Govinda accepts: introduced (his page refreshes on the live event, or on reload).
  await govinda.page.reload();
  await govinda.page.getByRole('button', { name: 'Accept' }).click();
  await expect(govinda.page.getByText('Introduced').first()).toBeVisible();

  // They write to each other.
  await radha.page.reload();
  await radha.page.getByRole('link', { name: `Write to ${govinda.firstName}` }).click();
  await radha.page.getByLabel('Your message').fill('Hare Krishna, Govinda!');
  await radha.page.getByRole('button', { name: 'Send' }).click();
  await expect(radha.page.getByText('Hare Krishna, Govinda!')).toBeVisible();

  // A check-in before one is due: behind "Update the coordinator", nothing pre-selected, private.
  await radha.page.goto('/introductions');
  await expect(radha.page.getByLabel('How is it going?')).toHaveCount(0);
  await radha.page.getByRole('button', { name: 'Update the coordinator' }).click();
  await expect(radha.page.getByLabel('How is it going?')).toHaveValue('');
  await radha.page.getByLabel('How is it going?').selectOption('continuing');
  await radha.page.getByLabel('Note for the coordinator (optional)').fill('We met with our families.');
  await radha.page.getByRole('button', { name: 'Send check-in' }).click();
  await expect(radha.page.getByText('Thank you for the check-in.').first()).toBeVisible();
  // One answer moves nothing; Govinda's agreeing answer makes it Courting.
  await expect(radha.page.getByText('Introduced').first()).toBeVisible();
  const [mine] = (await (await radha.context.request.get('/api/introductions')).json()) as Array<{ id: string }>;
  await expectOk(await govinda.context.request.post(`/api/introductions/${mine!.id}/follow-up`, { data: { status: 'continuing' } }), 'his check-in');
  await radha.page.reload();
  await expect(radha.page.getByText('Courting').first()).toBeVisible();
  await checkScreen(radha.page);
});

/** The admin grants the two roles through the API; the coordinator proposes, the elder approves, both accept. */
async function introduce(browser: Browser, first: ApiUser, second: ApiUser, coordinator: ApiUser, elder: ApiUser): Promise<string> {
  await grantCoordinatorAndElder(browser, coordinator, elder);
  return introduceThroughApi(first, second, coordinator, elder);
}

test('ending an introduction asks first, offers to block, and tells the other person in their language (#32.1)', async ({ browser }) => {
  test.setTimeout(180_000);
  const coordinator = await person(browser, 'man', 'Coordend');
  const elder = await person(browser, 'woman', 'Elderend');
  const lila = await person(browser, 'woman', 'Lila');
  const mateo = await person(browser, 'man', 'Mateo', 'es');
  await introduce(browser, lila, mateo, coordinator, elder);

  const l = lila.page;
  await l.goto('/introductions');
  await l.getByRole('button', { name: 'Update the coordinator' }).click();
  await l.getByLabel('How is it going?').selectOption('ended');
  await l.getByRole('button', { name: 'Send check-in' }).click();
  const dialog = l.getByRole('dialog', { name: 'End this introduction?' });
  await expect(dialog).toContainText(`${mateo.firstName} and your coordinator will be told`);
  await checkScreen(l);
  await dialog.getByLabel(`Also block ${mateo.firstName}`).check();
  await dialog.getByRole('button', { name: 'End the introduction' }).click();
  await expect(l.getByText('The introduction has ended. Your coordinator has been told.').first()).toBeVisible();
  await expect.poll(async () => ((await (await lila.context.request.get('/api/blocks')).json()) as Array<{ userId: string }>).map((b) => b.userId)).toContain(mateo.id);

  // Mateo, in Spanish, is told in-app (neutral: nobody named, no reason), and so is the coordinator.
  await mateo.page.goto('/introductions');
  await expect(mateo.page.getByText('Una presentación en la que participabas terminó. Tu página de Presentaciones dice quién la terminó', { exact: false })).toBeVisible();
  await expect(mateo.page.getByText(lila.firstName)).toHaveCount(0);
  await checkScreen(mateo.page);
  await coordinator.page.goto('/introductions');
  // One banner line per ended introduction, with the two names.
  await expect(coordinator.page.getByText('An introduction you proposed has ended:', { exact: false })).toBeVisible();
  await expect(coordinator.page.getByTestId('ended-introduction')).toHaveText(`${lila.firstName} and ${mateo.firstName}`);
});

test('a request to be introduced carries a note, shows as pending and can be withdrawn (#32.4)', async ({ browser }) => {
  test.setTimeout(120_000);
  const nila = await person(browser, 'woman', 'Nila');
  const omar = await person(browser, 'man', 'Omar');
  const n = nila.page;
  await n.goto(`/match/${omar.profileId}`);
  await n.getByRole('button', { name: 'Ask a coordinator to introduce us' }).click();
  const dialog = n.getByRole('dialog', { name: 'Ask a coordinator to introduce us' });
  await dialog.getByLabel('Note for the coordinator (optional)').fill('We met at the Janmashtami feast.');
  await checkScreen(n);
  await dialog.getByRole('button', { name: 'Send the request' }).click();
  await expect(n.getByRole('button', { name: 'Request sent' })).toBeDisabled();

  await n.goto('/introductions');
  const requests = n.getByRole('region', { name: 'Your requests' });
  await expect(requests).toContainText(`You asked a coordinator to introduce you to ${omar.firstName}.`);
  await expect(requests).toContainText('We met at the Janmashtami feast.');
  await checkScreen(n);
  await requests.getByRole('button', { name: 'Withdraw the request' }).click();
  await expect(n.getByRole('region', { name: 'Your requests' })).toHaveCount(0);
  await n.goto(`/match/${omar.profileId}`);
  await expect(n.getByRole('button', { name: 'Ask a coordinator to introduce us' })).toBeEnabled();
});

test('en español: el coordinador propone, el anciano aprueba y ambos aceptan', async ({ browser }) => {
  test.setTimeout(240_000);
  const coordinator = await person(browser, 'man', 'Coordes', 'es');
  const elder = await person(browser, 'woman', 'Ancianaes', 'es');
  const pair = pairForSuggestions();
  const sita = await person(browser, 'woman', 'Sita', 'es', pair.woman);
  const rama = await person(browser, 'man', 'Rama', 'es', pair.man);

  // The roles through the admin API (the English test covers the admin screen).
  const adminContext = await browser.newContext();
  await expectOk(await adminContext.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } }), 'admin sign-in');
  await expectOk(await adminContext.request.put(`/api/admin/users/${coordinator.id}/roles`, { data: { coordinator: true, elder: false } }), 'coordinator');
  await expectOk(await adminContext.request.put(`/api/admin/users/${elder.id}/roles`, { data: { coordinator: false, elder: true } }), 'elder');
  await adminContext.close();

  const c = coordinator.page;
  await c.goto(`/coordinator/members/${sita.id}`);
  await expect(c.getByRole('heading', { name: 'Sugerencias' })).toBeVisible();
  await checkScreen(c);
  await c.getByRole('button', { name: `Proponer a ${fullName(rama, 'man')}` }).click();
  await c.getByLabel('Nota para ambos miembros').fill('Los dos cantan kirtan.');
  await c.getByRole('button', { name: 'Proponer', exact: true }).click();
  await expect(c.getByRole('status').filter({ hasText: 'Se ha propuesto la presentación.' })).toBeVisible();

  const e = elder.page;
  await e.goto('/elders');
  await expect(e.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Mayores' })).toBeVisible();
  await checkScreen(e);
  const card = e.getByRole('article').filter({ hasText: elderName(sita) });
  await card.getByRole('button', { name: 'Aprobar' }).click();
  await expect(card).toHaveCount(0);

  await sita.page.goto('/introductions');
  await expect(sita.page.getByRole('heading', { name: 'Esperan tu respuesta' })).toBeVisible();
  await checkScreen(sita.page);
  await sita.page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(sita.page.getByText('Has aceptado. Esperando a la otra persona.')).toBeVisible();

  await rama.page.goto('/introductions');
  await rama.page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(rama.page.getByText('Presentados').first()).toBeVisible();
  await expect(rama.page.getByRole('link', { name: `Escribir a ${sita.firstName}` })).toBeVisible();
});

test('a block reaches the introduction: both see a neutral card with nothing of the other, in their language (#28.2)', async ({ browser }) => {
  test.setTimeout(120_000);
  const coordinator = await person(browser, 'man', 'Coordblk');
  const elder = await person(browser, 'woman', 'Elderblk');
  const padma = await person(browser, 'woman', 'Padma', 'es');
  const quentin = await person(browser, 'man', 'Quentin');
  const adminContext = await browser.newContext();
  await expectOk(await adminContext.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } }), 'admin sign-in');
  await expectOk(await adminContext.request.put(`/api/admin/users/${coordinator.id}/roles`, { data: { coordinator: true, elder: false } }), 'coordinator');
  await expectOk(await adminContext.request.put(`/api/admin/users/${elder.id}/roles`, { data: { coordinator: false, elder: true } }), 'elder');
  await adminContext.close();
  const proposed = await coordinator.context.request.post('/api/introductions', { data: { memberA: padma.id, memberB: quentin.id, note: 'Both love kirtan.' } });
  await expectOk(proposed, 'proposal');
  const { id } = (await proposed.json()) as { id: string };
  await expectOk(await elder.context.request.post(`/api/introductions/${id}/review`, { data: { decision: 'approve' } }), 'approval');
  await expectOk(await padma.context.request.post(`/api/introductions/${id}/respond`, { data: { accept: true } }), 'first accepts');

  // Quentin, asked now, blocks Padma instead of answering.
  await expectOk(await quentin.context.request.post('/api/blocks', { data: { userId: padma.id } }), 'block');

  await padma.page.goto('/introductions');
  const forPadma = padma.page.getByRole('article').filter({ hasText: 'Ya no está disponible' });
  await expect(forPadma).toContainText('Esta persona ya no está disponible.');
  await expect(padma.page.getByText(quentin.firstName)).toHaveCount(0);
  await expect(padma.page.getByText('Both love kirtan.')).toHaveCount(0);
  await checkScreen(padma.page);

  await quentin.page.goto('/introductions');
  await expect(quentin.page.getByRole('article').filter({ hasText: 'No longer available' })).toBeVisible();
  await expect(quentin.page.getByText(padma.firstName)).toHaveCount(0);
  await expect(quentin.page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
});

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const [language, texts] of [
  ['en', { link: (name: string) => `See ${name}’s full profile`, photos: 'Photos', back: 'Back to Introductions', accept: 'Accept', elderPhotos: (name: string) => `Photos of ${name}`, whole: (name: string) => `Whole profile of ${name}`, approve: 'Approve' }],
] as const) {
  test(`[${language}] an introduction's card opens the other's whole profile while it is open (#32.3)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const coordinator = await person(browser, 'man', 'Coordprof', language);
    const elder = await person(browser, 'woman', 'Elderprof', language);
    const lakshmi = await person(browser, 'woman', 'Lakshmi', language);
    const narayan = await person(browser, 'man', 'Narayan', language);
    const adminContext = await browser.newContext();
    await expectOk(await adminContext.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } }), 'admin sign-in');
    await expectOk(await adminContext.request.put(`/api/admin/users/${coordinator.id}/roles`, { data: { coordinator: true, elder: false } }), 'coordinator');
    await expectOk(await adminContext.request.put(`/api/admin/users/${elder.id}/roles`, { data: { coordinator: false, elder: true } }), 'elder');
    await adminContext.close();
    const proposed = await coordinator.context.request.post('/api/introductions', { data: { memberA: lakshmi.id, memberB: narayan.id, note: 'Both love kirtan.' } });
    await expectOk(proposed, 'proposal');
    await proposed.json();

    // The elder reviews from both members' photos and whole profile, then approves.
    const e = elder.page;
    await e.goto('/elders');
    const review = e.getByRole('article').filter({ hasText: elderName(lakshmi) });
    for (const member of [lakshmi, narayan]) {
      await expect(review.getByRole('list', { name: texts.elderPhotos(elderName(member)) }).getByRole('img')).toHaveCount(2);
    }
    await review.getByText(texts.whole(elderName(narayan))).click();
    await expect(review.getByText('I teach yoga and volunteer at the temple kitchen.', { exact: false }).first()).toBeVisible();
    await checkScreen(e);
    await review.getByRole('button', { name: texts.approve }).click();
    await expect(review).toHaveCount(0);

    // Asked first, Lakshmi decides from his whole profile: both photos and the biodata, then back to answer.
    const page = lakshmi.page;
    await page.goto('/introductions');
    await page.getByRole('link', { name: texts.link(narayan.firstName) }).click();
    await expect(page).toHaveURL(new RegExp(`/match/${narayan.profileId}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(narayan.firstName);
    await expect(page.getByRole('list', { name: texts.photos }).getByRole('img')).toHaveCount(2);
    await expect(page.getByText('I teach yoga and volunteer at the temple kitchen.', { exact: false })).toBeVisible();
    await checkScreen(page);
    await page.getByRole('link', { name: texts.back }).click();
    await expect(page).toHaveURL(/\/introductions$/);
    await expect(page.getByRole('button', { name: texts.accept })).toBeVisible();
  });
}

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const [language, texts] of [
  ['es', { inactive: 'Ya no está activa', ended: 'Terminada' }],
] as const) {
  test(`[${language}] a paused profile or a closed introduction: the card keeps the first name and says "no longer active", nothing live`, async ({ browser }) => {
    test.setTimeout(120_000);
    const coordinator = await person(browser, 'man', 'Coordpause', language);
    const elder = await person(browser, 'woman', 'Elderpause', language);
    const sita = await person(browser, 'woman', 'Sita', language);
    const rama = await person(browser, 'man', 'Rama', language);
    const adminContext = await browser.newContext();
    await expectOk(await adminContext.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } }), 'admin sign-in');
    await expectOk(await adminContext.request.put(`/api/admin/users/${coordinator.id}/roles`, { data: { coordinator: true, elder: false } }), 'coordinator');
    await expectOk(await adminContext.request.put(`/api/admin/users/${elder.id}/roles`, { data: { coordinator: false, elder: true } }), 'elder');
    await adminContext.close();
    const proposed = await coordinator.context.request.post('/api/introductions', { data: { memberA: sita.id, memberB: rama.id, note: 'Both love kirtan.' } });
    await expectOk(proposed, 'proposal');
    const { id } = (await proposed.json()) as { id: string };
    await expectOk(await elder.context.request.post(`/api/introductions/${id}/review`, { data: { decision: 'approve' } }), 'approval');
    await expectOk(await sita.context.request.post(`/api/introductions/${id}/respond`, { data: { accept: true } }), 'first accepts');
    await expectOk(await rama.context.request.post(`/api/introductions/${id}/respond`, { data: { accept: true } }), 'second accepts');

    // Rama pauses his profile: Sita's card keeps his first name, nothing else of him (no photo, place or link).
    await expectOk(await rama.context.request.patch('/api/profile/toggle-active', { data: { active: false } }), 'pause');
    const page = sita.page;
    await page.goto('/introductions');
    const card = page.getByRole('article', { name: rama.firstName });
    await expect(card).toContainText(texts.inactive);
    await expect(card.getByRole('img')).toHaveCount(0);
    await expect(card).not.toContainText('Austin');
    await expect(card.getByRole('link')).toHaveCount(0);
    await expect(card).toContainText('Both love kirtan.');
    await checkScreen(page);

    // Active again, then ended: the card stays as it was, closed.
    await expectOk(await rama.context.request.patch('/api/profile/toggle-active', { data: { active: true } }), 'resume');
    await expectOk(await sita.context.request.post(`/api/introductions/${id}/follow-up`, { data: { status: 'ended', confirmed: true } }), 'end');
    await page.reload();
    await expect(card).toContainText(texts.ended);
    await expect(card).toContainText(texts.inactive);
    await expect(card.getByRole('img')).toHaveCount(0);
    await expect(card).not.toContainText('Austin');
  });
}
