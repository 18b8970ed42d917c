import { expect, test, type Browser, type Page } from './fixtures';
import { createPersonThroughApi, expectNoHorizontalScroll, expectNoSeriousA11yViolations, expectOk, uniqueFirstName } from './helpers';
import { E2E_ADMIN_PASSWORD } from './smtp-port';

/** Safety in the browser: report a message, the admin suspends, blocks and unblocks from a match page, in English and Spanish. */

// Each test is a whole journey of several people (and axe scans at 375 px): more than the default 30 s here.
test.describe.configure({ timeout: 120_000 });

async function adminDashboard(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/admin-login');
  await admin.getByLabel('Admin password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await admin.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  return admin;
}

test('a reported message reaches the admin in its conversation; the admin suspends; the reporter no longer sees him and his session ends', async ({ browser }) => {
  const woman = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Radha') });
  const man = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Arjun') });
  await expectOk(await man.context.request.post('/api/messages', { data: { receiverId: woman.id, content: 'Namaste! How was the festival?' } }), 'first message');
  // Asking for money before an introduction is held back (issue 50): never delivered, and recorded without its words.
  const held = await man.context.request.post('/api/messages', { data: { receiverId: woman.id, content: 'Please send me $300 by Western Union for my ticket' } });
  expect(held.status()).toBe(409);
  expect(await held.json()).toMatchObject({ code: 'money-request' });
  await man.page.goto('/messages');

  // The receiver sees the safety tips and the line saying that a message of his was held back, then reports him.
  const page = woman.page;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/conversation/${man.id}`);
  await expect(page.getByText('Staying safe')).toBeVisible();
  // Folded on a phone: one tap opens them.
  await page.getByText('Staying safe').click();
  await expect(page.getByText('Never send money, gift cards or crypto to someone you have not met.')).toBeVisible();
  await expect(page.getByTestId('held-from-them')).toContainText(`Sanga held back contact details or a money request from ${man.firstName}.`);
  await expect(page.getByTestId('message')).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Report ${man.firstName}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Scam or asking for money' }).check();
  await dialog.getByLabel('What happened? (optional)').fill('He asked me for money for a ticket.');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Thank you. Your report was sent; an admin will review it.');
  // The sender never sees a warning about his own message.
  await man.page.goto(`/conversation/${woman.id}`);
  await expect(man.page.getByTestId('message')).toHaveCount(1);
  await expect(man.page.getByTestId('held-from-them')).toHaveCount(0);

  // The admin: Reports first, with the count, the message in its conversation, and Suspend.
  const admin = await adminDashboard(browser);
  const reports = admin.getByRole('region', { name: /^Reports: \d+ open reports?$/ });
  await expect(reports).toBeVisible();
  const card = reports.getByTestId('admin-report').filter({ hasText: man.email });
  await expect(card).toContainText('He asked me for money for a ticket.');
  const context = card.getByRole('region', { name: 'The reported message, in its conversation' });
  await expect(context.getByRole('listitem')).toHaveCount(1);
  await expect(context).toContainText('Namaste! How was the festival?');
  await expect(context).toContainText('Reported message: ');
  await expect(card.getByTestId('held-attempts')).toHaveText('Held messages: 1 to 1 people');
  await expectNoSeriousA11yViolations(admin);
  await card.getByRole('button', { name: 'Suspend' }).click();
  const confirm = admin.getByRole('dialog', { name: new RegExp(`^Suspend ${man.firstName}`) });
  await confirm.getByLabel('Reason').fill('Asked a member for money');
  await confirm.getByRole('button', { name: 'Suspend Account' }).click();
  await expect(card).toBeHidden();
  const member = admin.getByRole('region', { name: /User Profiles/ }).getByRole('listitem').filter({ hasText: man.email });
  await expect(member.getByText('Suspended')).toBeVisible();

  // The reporter no longer finds him: not in Browse, and his page is not found.
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover Your Matches');
  await expect(page.getByTestId('match-card').filter({ hasText: man.firstName })).toHaveCount(0);
  await page.goto(`/match/${man.profileId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile Not Found');

  // His session has ended; signing in again says the account is suspended.
  expect((await man.context.request.get('/api/auth/user')).status()).toBe(401);
  await man.page.reload();
  await expect(man.page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await man.page.goto('/login');
  await man.page.getByLabel('Email').fill(man.email);
  await man.page.getByLabel('Password').fill('a long password');
  await man.page.getByRole('button', { name: 'Sign In' }).click();
  await expect(man.page.getByRole('alert')).toHaveText(
    'This account is suspended: our team reviewed how it was used, for example after reports from other members or a breach of the community guidelines. If you think this is a mistake, or want to appeal, write to care@e2e.example.org.',
  );
});

test('en español a 375 px: una denuncia desde la conversación lleva el mensaje; la administración ve las fotos y el mensaje, suspende con un motivo confirmado y quita la suspensión (issue 31)', async ({ browser }) => {
  const woman = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Gauri'), language: 'es' });
  const man = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Gopal'), language: 'es' });
  await expectOk(await man.context.request.post('/api/messages', { data: { receiverId: woman.id, content: 'Hola, ¿cómo estuvo el festival?' } }), 'first message');
  await expectOk(await man.context.request.post('/api/messages', { data: { receiverId: woman.id, content: 'Eres una tonta, contéstame ya' } }), 'abusive message');

  // She reports him from the conversation's header: the report carries his latest message.
  const page = woman.page;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/conversation/${man.id}`);
  await expect(page.getByTestId('message')).toHaveCount(2);
  await page.getByRole('group', { name: 'Seguridad' }).getByRole('button', { name: 'Denunciar' }).click();
  const report = page.getByRole('dialog', { name: `Denunciar a ${man.firstName}` });
  await report.getByRole('radio', { name: 'Acoso' }).check();
  await report.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(report).toBeHidden();

  // The admin, in Spanish on a phone: the reported message in its conversation, then the evidence with his photos.
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  await context.addInitScript(() => localStorage.setItem('sanga-language', 'es'));
  const admin = await context.newPage();
  await admin.goto('/admin-login');
  await admin.getByLabel('Contraseña de administración', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await admin.getByRole('button', { name: 'Acceder al panel' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  const card = admin.getByTestId('admin-report').filter({ hasText: man.email });
  const thread = card.getByRole('region', { name: 'El mensaje denunciado, en su conversación' });
  await expect(thread).toContainText('Mensaje denunciado: ');
  await expect(thread.getByRole('listitem').filter({ hasText: 'Mensaje denunciado' })).toContainText('Eres una tonta, contéstame ya');
  await card.getByRole('button', { name: 'Ver pruebas', exact: true }).click();
  const evidence = card.getByRole('region', { name: new RegExp(`^Pruebas sobre ${man.firstName}`) });
  for (const number of [1, 2]) {
    const photo = evidence.getByRole('img', { name: new RegExp(`^Foto ${number} de ${man.firstName}`) });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(evidence).toContainText('No hay denuncias anteriores.');
  await expectNoHorizontalScroll(admin);
  await expectNoSeriousA11yViolations(admin);

  // Suspend asks first, and wants a reason.
  await card.getByRole('button', { name: 'Suspender' }).click();
  const confirm = admin.getByRole('dialog', { name: new RegExp(`^¿Suspender a ${man.firstName}`) });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Suspender cuenta', exact: true }).click();
  await expect(confirm.getByText('Escribe un motivo')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await confirm.getByLabel('Motivo').fill('Insultó a una integrante');
  await confirm.getByRole('button', { name: 'Suspender cuenta', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toBeHidden();

  // He is told on the sign-in page, with where to appeal.
  await man.page.goto('/login');
  await man.page.getByLabel('Correo electrónico').fill(man.email);
  await man.page.getByLabel('Contraseña').fill('a long password');
  await man.page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(man.page.getByRole('alert')).toContainText('care@e2e.example.org');

  // Unsuspend, from his card in the member list, confirmed: after a reload it is no longer the Undo of a moment ago.
  await admin.reload();
  const member = admin.getByRole('region', { name: /Perfiles de usuario/i }).getByRole('listitem').filter({ hasText: man.email });
  await expect(member.getByText('Suspendida')).toBeVisible();
  await member.getByRole('button', { name: 'Quitar suspensión' }).click();
  const lift = admin.getByRole('dialog', { name: new RegExp(`^¿Quitar la suspensión de ${man.firstName}`) });
  await lift.getByRole('button', { name: 'Quitar suspensión' }).click();
  await expect(lift).toBeHidden();
  await expect(member.getByText('Suspendida')).toHaveCount(0);
  await man.page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(man.page).not.toHaveURL(/\/login/);
});

test('en español: bloquear y desbloquear desde la página de una coincidencia, y el aviso de privacidad', async ({ browser }) => {
  const woman = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Sita'), language: 'es' });
  const man = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Madhav'), language: 'es' });
  const page = woman.page;
  await page.setViewportSize({ width: 375, height: 800 });

  await page.goto(`/match/${man.profileId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(man.firstName);
  await page.getByRole('group', { name: 'Seguridad' }).getByRole('button', { name: 'Bloquear' }).click();
  const dialog = page.getByRole('dialog', { name: `¿Bloquear a ${man.firstName}?` });
  await expect(dialog).toContainText(`${man.firstName} no recibirá ningún aviso`);
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalScroll(page);
  await dialog.getByRole('button', { name: 'Bloquear' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Descubre tus coincidencias');
  await expect(page.getByTestId('match-card').filter({ hasText: man.firstName })).toHaveCount(0);
  // Both ways: he no longer sees her either, and he is not told.
  await man.page.goto(`/match/${woman.profileId}`);
  await expect(man.page.getByRole('heading', { level: 1 })).toHaveText('Perfil no encontrado');

  // Blocked people, from My Profile: Unblock.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Personas bloqueadas' }).click();
  await expect(page).toHaveURL(/\/profile\/blocked$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personas bloqueadas');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: `Desbloquear a ${man.firstName}` }).click();
  await expect(page.getByText('No has bloqueado a nadie.')).toBeVisible();
  await page.goto(`/match/${man.profileId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(man.firstName);

  // The privacy notice, in Spanish, from the sign-up form.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.addInitScript(() => localStorage.setItem('sanga-language', 'es'));
  await visitor.goto('/login?mode=signup');
  await visitor.getByRole('link', { name: 'Leer el aviso de privacidad' }).click();
  await expect(visitor).toHaveURL(/\/privacy$/);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Aviso de privacidad');
  await expect(visitor.getByRole('heading', { level: 2, name: 'Quién lo ve' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
});
