import { expect, test, type Browser, type Page } from './fixtures';
import { applicationBody } from '#server/test/fixtures';
import enVolunteer from '../src/web/i18n/en/volunteer';
import esVolunteer from '../src/web/i18n/es/volunteer';
import { axeScan, createPersonThroughApi, expectNoSeriousA11yViolations, newApiAccount, uniqueFirstName } from './helpers';
import { E2E_ADMIN_PASSWORD } from './smtp-port';

const text = {
  en: { password: 'Admin password', access: 'Access Dashboard', denied: 'Access Denied', dashboard: 'Admin Dashboard', region: 'Notifications (F8)', youSaid: 'You said:', en: 'EN (English)', es: 'ES (Español)' },
  es: { password: 'Contraseña de administración', access: 'Acceder al panel', denied: 'Acceso denegado', dashboard: 'Panel de administración', region: 'Notificaciones (F8)', youSaid: 'Tú dijiste:', en: 'EN (English)', es: 'ES (Español)' },
} as const;

async function newPage(browser: Browser, language: 'en' | 'es'): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
  return context.newPage();
}

for (const language of ['en', 'es'] as const) {
  const t = text[language];

  test(`[${language}] bug 5 and 8: a wrong then right admin password leaves no Access Denied toast; the toast region is translated, without {hotkey}`, async ({ browser }) => {
    const page = await newPage(browser, language);
    await page.goto('/admin-login');
    await page.getByLabel(t.password, { exact: true }).fill('not the password');
    await page.getByRole('button', { name: t.access }).click();
    const region = page.getByRole('region', { name: t.region, exact: true });
    await expect(region).toContainText(t.denied);
    // Nothing anywhere names a literal {hotkey}: not the region, not the announcement.
    expect(await page.locator('[aria-label*="{hotkey}"]').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain('{hotkey}');
    expect(await page.locator('body').textContent()).not.toContain('{hotkey}');
    await page.getByLabel(t.password, { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: t.access }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.dashboard);
    // Checked at once, not retried: the toast would close by itself after 5 s.
    expect(await page.getByText(t.denied).count()).toBe(0);
    await page.context().close();
  });

  test(`[${language}] bug 8: own messages are read as "${t.youSaid}", and the language buttons' names contain their visible text`, async ({ browser }) => {
    const lila = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Lila'), language });
    const madhu = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Madhu'), language });
    expect((await lila.context.request.post('/api/messages', { data: { receiverId: madhu.id, content: 'Namaste' } })).status()).toBe(201);
    await lila.page.goto(`/conversation/${madhu.id}`);
    await expect(lila.page.getByRole('log').getByTestId('message')).toHaveCount(1);
    await expect(lila.page.getByRole('log').getByTestId('message')).toContainText(t.youSaid);
    await expect(lila.page.getByRole('log')).not.toContainText(/Tú dijo|You said said/);

    await lila.page.goto('/');
    await expect(lila.page.getByRole('button', { name: t.en, exact: true }).first()).toHaveText('EN');
    await expect(lila.page.getByRole('button', { name: t.es, exact: true }).first()).toHaveText('ES');
    const mismatch = await axeScan(lila.page, ['label-content-name-mismatch']).analyze();
    expect(mismatch.violations).toEqual([]);
    await expectNoSeriousA11yViolations(lila.page);
    await lila.context.close();
    await madhu.context.close();
  });
}

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const [language, t] of [
  ['es', { remove: 'Quitar foto 1', save: 'Guardar fotos', warn: 'Con menos de 2 fotos, al guardar tu perfil dejará de mostrarse a tus coincidencias hasta que añadas una segunda foto.', hidden: 'Tu perfil ya no se muestra a tus coincidencias hasta que añadas una segunda foto.' }],
] as const) {
  test(`[${language}] bug 3: saving one photo warns first that the profile will be hidden, and says after that it was`, async ({ browser }) => {
    const uma = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Uma'), language });
    await uma.page.goto('/profile/photos');
    await expect(uma.page.getByTestId('photos-will-hide')).toHaveCount(0);
    await uma.page.getByRole('button', { name: t.remove }).click();
    await expect(uma.page.getByTestId('photos-will-hide')).toHaveText(t.warn);
    await uma.page.getByRole('button', { name: t.save }).click();
    await expect(uma.page.getByRole('region', { name: /Notifications|Notificaciones/ })).toContainText(t.hidden);
    expect(((await (await uma.context.request.get('/api/profile')).json()) as { profileActive: boolean }).profileActive).toBe(false);
    await uma.context.close();
  });
}

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const language of ['en'] as Array<'en' | 'es'>) {
  const catalog = language === 'en' ? enVolunteer : esVolunteer;
  test(`[${language}] bug 2: Update Application opens the form filled with the application, and says an update goes back to review and leaves Guidance`, async ({ browser }) => {
    const { context } = await newApiAccount(browser, language);
    const sent = await context.request.post('/api/volunteer-application', { data: applicationBody({ email: `${uniqueFirstName('gopal').toLowerCase()}@example.org` }) });
    expect(sent.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto('/volunteer-profile');
    await page.getByRole('link', { name: catalog.profile.updateApplication }).click();
    await expect(page).toHaveURL(/\/volunteer-apply$/);
    await expect(page.getByRole('note')).toContainText(catalog.apply.existing);
    await expect(page.getByLabel(catalog.apply.fields.name, { exact: true })).toHaveValue('Gopal Das Sharma');
    await expect(page.getByLabel(catalog.apply.fields.background, { exact: true })).toHaveValue('Twenty years of temple service and family mentoring.');
    await expect(page.getByLabel(catalog.apply.fields.freeOfferings, { exact: true })).toHaveValue('Weekly satsang');
    await expect(page.getByLabel(catalog.apply.fields.paidServices, { exact: true })).toHaveValue('Astrology consultations');
    await expect(page.getByLabel(catalog.apply.fields.agreement, { exact: true })).toBeChecked();
    await context.close();
  });
}

test('polish: each page has its own document title, in the current language', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Sanga');
  await page.goto('/donation-guide');
  await expect(page).toHaveTitle('Donation Guide · Sanga');
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign In · Sanga');
  await page.goto('/guidance');
  await expect(page).toHaveTitle('Guidance · Sanga');
  await page.goto('/browse');
  await expect(page).toHaveTitle('Browse Matches · Sanga');
  await page.evaluate(() => localStorage.setItem('sanga-language', 'es'));
  await page.reload();
  await expect(page).toHaveTitle('Ver coincidencias · Sanga');
  await page.goto('/donation-guide');
  await expect(page).toHaveTitle('Guía de donativos · Sanga');
  await page.goto('/missing-page');
  await expect(page).toHaveTitle('Página no encontrada · Sanga');
});

test('polish: /robots.txt allows the public pages and disallows /api and the signed-in screens', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const body = await response.text();
  expect(body).toContain('User-agent: *');
  for (const line of ['Allow: /guidance', 'Allow: /donation-guide', 'Disallow: /api/', 'Disallow: /profile', 'Disallow: /messages', 'Disallow: /admin']) {
    expect(body.split('\n')).toContain(line);
  }
});

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const [language, t] of [
  ['es', { name: 'Nombre completo', nav: 'Navegación principal', messages: /^Mensajes/, ask: 'Tienes cambios sin guardar. ¿Salir de esta página y perderlos?' }],
] as const) {
  test(`[${language}] bug 9: leaving the profile form with unsaved edits asks first; staying keeps them`, async ({ browser }) => {
    const asha = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Asha'), language });
    const page = asha.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/profile');
    const name = page.getByLabel(t.name, { exact: true });
    await expect(name).toHaveValue(/Devi$/);
    // Unchanged: leaving asks nothing.
    let asked: string | null = null;
    page.on('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await name.fill('Asha Changed');
    await page.getByRole('navigation', { name: t.nav }).getByRole('link', { name: t.messages }).click();
    await expect.poll(() => asked).toBe(t.ask);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(name).toHaveValue('Asha Changed');
    await asha.context.close();
  });
}
