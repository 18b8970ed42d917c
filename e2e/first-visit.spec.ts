import { expect, test, type Locator, type Page } from './fixtures';
import { applicationBody, makeJpeg } from '#server/test/fixtures';
import { checkScreen, createPersonThroughApi, expectOk, newApiAccount, uniqueEmail, uniqueFirstName } from './helpers';
import type { Browser } from './fixtures';
import { E2E_ADMIN_PASSWORD } from './smtp-port';

/** The first screens of a new member. */

// Two screens checked with every axe rule, a sign-up and a second visit: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const words = {
  en: { getStarted: 'Get Started', signIn: 'Sign in', signUpTitle: 'Create your Sanga account', signInTitle: 'Sign in to Sanga', tabSignUp: 'Create Account · Sanga', tabSignIn: 'Sign In · Sanga' },
  es: { getStarted: 'Comenzar', signIn: 'Iniciar sesión', signUpTitle: 'Crea tu cuenta de Sanga', signInTitle: 'Inicia sesión en Sanga', tabSignUp: 'Crear cuenta · Sanga', tabSignIn: 'Iniciar sesión · Sanga' },
} as const;

/** Fills and sends the sign-up form in the page's language. */
async function fillSignUp(page: Page, language: 'en' | 'es', email: string) {
  const labels =
    language === 'en'
      ? { email: 'Email', password: 'Password', consent: 'I have read the privacy notice and agree to it', submit: 'Create Account' }
      : { email: 'Correo electrónico', password: 'Contraseña', consent: 'He leído el aviso de privacidad y lo acepto', submit: 'Crear cuenta' };
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password).fill('a long password');
  await page.getByLabel(labels.consent).check();
  await page.getByRole('button', { name: labels.submit }).click();
}

for (const language of ['en', 'es'] as const) {
  const text = words[language];
  test(`${language}: Get Started opens Create an account in a browser new here, Sign in once it has signed in; the header keeps Sign in`, async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
    const page = await context.newPage();
    await page.goto('/');
    // The visitor's header on the landing page: Sign in, one tap away.
    await expect(page.getByRole('link', { name: text.signIn, exact: true })).toHaveAttribute('href', '/login');
    await checkScreen(page);

    await page.getByRole('link', { name: text.getStarted }).first().click();
    await expect(page).toHaveURL(/\/login\?mode=signup&returnTo=%2Fprofile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.signUpTitle);
    await expect(page).toHaveTitle(text.tabSignUp);
    // The visitor header above the form: Sign in there too.
    await expect(page.getByRole('banner').getByRole('link', { name: text.signIn, exact: true })).toBeVisible();
    await checkScreen(page);

    await fillSignUp(page, language, uniqueEmail(`first-${language}`));
    await expect(page).toHaveURL(/\/profile$/);
    // Signed out again, the same browser is a returning one: Get Started opens Sign in.
    await context.clearCookies({ name: 'sanga.sid' });
    await context.clearCookies({ name: 'sanga_signed_in' });
    await page.goto('/');
    await page.getByRole('link', { name: text.getStarted }).first().click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fprofile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.signInTitle);
    await expect(page).toHaveTitle(text.tabSignIn);
    // On the sign-in form itself the header has no second Sign in.
    await expect(page.getByRole('banner').getByRole('link', { name: text.signIn, exact: true })).toHaveCount(0);
    await context.close();
  });
}

test('before any script runs, Get Started reaches the sign-up form and the header reaches sign in', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/', { waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/login');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/login\?mode=signup&returnTo=%2Fprofile$/);
  await context.close();
});

test('the first screens of a new member log no console error and no failed request', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('requestfailed', (request) => problems.push(`failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`));

  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your Sanga account');
  await fillSignUp(page, 'en', uniqueEmail('quiet'));
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Create Profile' })).toBeVisible();
  // The first screens settled: every request they started has answered.
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
  await context.close();
});

/** Neither box overlaps the other: the toast leaves the button visible and clickable. */
async function expectApart(toast: Locator, button: Locator) {
  const [a, b] = [await toast.boundingBox(), await button.boundingBox()];
  expect(a && b).toBeTruthy();
  const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
  expect(overlap, `toast ${JSON.stringify(a)} over button ${JSON.stringify(b)}`).toBe(false);
}

test('at 375 px a toast never covers the Save button, and saving photos returns to the profile at its next step', async ({ browser }) => {
  const uma = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Tulsi'), active: false });
  const page = uma.page;
  await page.setViewportSize({ width: 375, height: 740 });
  // Radix puts each toast in a list item of the Notifications region.
  const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

  // The profile form: Update Profile at its end, pressed where a thumb reaches it.
  await page.goto('/profile');
  const update = page.getByRole('button', { name: 'Update Profile' });
  await update.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  await update.click();
  await expect(toasts.first()).toContainText('Your profile has been updated');
  await expectApart(toasts.first(), update);

  // The photos: a new second photo, its toast, and Save Photos below the slots.
  await page.goto('/profile/photos');
  await page.getByRole('button', { name: 'Remove Photo 2' }).click();
  await page.getByLabel('Upload Photo 2', { exact: true }).setInputFiles({ name: 'two.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ color: '#225588', width: 600, height: 800 }) });
  const save = page.getByRole('button', { name: 'Save Photos' });
  await save.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  await expect(toasts.filter({ hasText: 'Photo uploaded' })).toBeVisible();
  await expectApart(toasts.filter({ hasText: 'Photo uploaded' }), save);
  await checkScreen(page);

  await save.click();
  await expect(page).toHaveURL(/\/profile$/);
  // The next step, in view without scrolling: publish the profile.
  await expect(page.getByRole('heading', { name: 'Ready to publish' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Activate Profile' })).toBeInViewport();
  await uma.context.close();
});

/** A member whose volunteer application the admin approved (through the API), signed in in a context of their own. */
async function approvedVolunteer(browser: Browser, language: 'en' | 'es') {
  const { context, id } = await newApiAccount(browser, language);
  const name = `${uniqueFirstName('Mentor')} Das`;
  await expectOk(await context.request.post('/api/volunteer-application', { data: applicationBody({ name, email: `${name.split(' ')[0]!.toLowerCase()}@example.org` }) }), 'apply');
  const admin = await browser.newContext();
  await expectOk(await admin.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } }), 'admin login');
  const listed = await admin.request.get(`/api/admin/volunteer-applications?q=${encodeURIComponent(name)}`);
  await expectOk(listed, 'list');
  const [application] = (await listed.json()) as { id: string }[];
  await expectOk(await admin.request.patch(`/api/admin/volunteer-applications/${application!.id}`, { data: { approved: true } }), 'approve');
  await admin.close();
  return { context, id, name };
}

const volunteerWords = {
  en: { menu: 'Open menu', mine: 'My volunteer profile', apply: 'Apply to Volunteer', title: 'My Volunteer Profile' },
  es: { menu: 'Abrir menú', mine: 'Mi perfil de voluntariado', apply: 'Postularme al voluntariado', title: 'Mi perfil de voluntariado' },
} as const;

for (const language of ['en', 'es'] as const) {
  const text = volunteerWords[language];
  test(`${language}: an approved volunteer finds My volunteer profile in the menu and on Guidance, not Apply to Volunteer`, async ({ browser }) => {
    const volunteer = await approvedVolunteer(browser, language);
    const page = await volunteer.context.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/guidance');
    await expect(page.getByRole('main').getByRole('link', { name: text.mine })).toHaveAttribute('href', '/volunteer-profile');
    await expect(page.getByRole('link', { name: text.apply })).toHaveCount(0);
    await page.getByRole('button', { name: text.menu }).click();
    await page.getByRole('navigation').getByRole('link', { name: text.mine }).click();
    await expect(page).toHaveURL(/\/volunteer-profile$/);
    await expect(page.getByTestId('volunteer-status')).toBeVisible();
    await page.getByRole('button', { name: text.menu }).click();
    await expect(page.getByRole('navigation').getByRole('link', { name: text.mine })).toHaveAttribute('aria-current', 'page');
    await checkScreen(page);
    await volunteer.context.close();
  });
}

test('a member who never applied keeps Apply to Volunteer, and no volunteer item in the menu', async ({ browser }) => {
  const { context } = await newApiAccount(browser, 'en');
  const page = await context.newPage();
  await page.goto('/guidance');
  await expect(page.getByRole('link', { name: 'Apply to Volunteer' })).toHaveAttribute('href', '/volunteer-apply');
  await expect(page.getByRole('link', { name: 'My volunteer profile' })).toHaveCount(0);
  await context.close();
});

test('at 375 px the composer of a new thread is in view without scrolling; a thread with a mentor shows no dating tips', async ({ browser }) => {
  const mentor = await approvedVolunteer(browser, 'en');
  const member = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Gauri') });
  const other = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Hari') });
  const page = member.page;
  await page.setViewportSize({ width: 375, height: 667 });

  // A new thread with a possible partner: the tips are there, folded, and the composer is in view.
  await page.goto(`/conversation/${other.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(other.firstName) })).toBeVisible();
  const tips = page.getByTestId('safety-tips');
  await expect(tips).toBeVisible();
  await expect(tips.getByText('Never send money, gift cards or crypto to someone you have not met.')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Your message' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await tips.getByText('Staying safe').click();
  await expect(tips.getByText('Never send money, gift cards or crypto to someone you have not met.')).toBeVisible();
  await checkScreen(page);
  // Wide enough for the composer to stay in view with them open: open at once, also when the page was rendered on
  // the server (which cannot know the width) and taken over by the app.
  await page.setViewportSize({ width: 1024, height: 768 });
  const wide = await page.goto(`/conversation/${other.id}`);
  expect(await wide!.text()).toContain('data-member="1"');
  await expect(tips.getByText('Never send money, gift cards or crypto to someone you have not met.')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 667 });

  // A thread with a mentor: no dating tips, and the composer in view.
  await page.goto(`/conversation/${mentor.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(mentor.name.split(' ')[0]!) })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your message' })).toBeInViewport();
  await expect(page.getByTestId('safety-tips')).toHaveCount(0);
  await expect(page.getByText('Staying safe')).toHaveCount(0);
  for (const context of [mentor.context, member.context, other.context]) await context.close();
});

const lightboxWords = {
  en: { open: (n: number, name: string) => `Open photo ${n} of ${name} larger`, title: (n: number, name: string) => `Photo ${n} of ${name}`, next: 'Next photo', previous: 'Previous photo', close: 'Close' },
  es: { open: (n: number, name: string) => `Ver en grande la foto ${n} de ${name}`, title: (n: number, name: string) => `Foto ${n} de ${name}`, next: 'Foto siguiente', previous: 'Foto anterior', close: 'Cerrar' },
} as const;

for (const language of ['en', 'es'] as const) {
  const text = lightboxWords[language];
  test(`${language}: a match's photo opens larger in a dialog: keyboard, Escape, focus back, text alternative, at 375 px`, async ({ browser }) => {
    const viewer = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Rukmini'), language });
    const match = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Govinda'), language });
    const page = viewer.page;
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/match/${match.profileId}`);
    const first = page.getByRole('button', { name: text.open(1, match.firstName) });
    const thumbnail = await first.boundingBox();
    await first.click();
    const dialog = page.getByRole('dialog', { name: text.title(1, match.firstName) });
    await expect(dialog).toBeVisible();
    const photo = dialog.getByRole('img', { name: text.title(1, match.firstName) });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Larger than on the page: the screen's width, less its margins.
    expect((await photo.boundingBox())!.width).toBeGreaterThan(thumbnail!.width * 1.5);
    await checkScreen(page);

    await dialog.getByRole('button', { name: text.next }).click();
    await expect(page.getByRole('dialog', { name: text.title(2, match.firstName) })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: text.title(1, match.firstName) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(first).toBeFocused();

    // From the keyboard: Enter opens it, Close closes it.
    await page.getByRole('button', { name: text.open(2, match.firstName) }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: text.title(2, match.firstName) }).getByRole('button', { name: text.close }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: text.open(2, match.firstName) })).toBeFocused();
    await viewer.context.close();
    await match.context.close();
  });
}
