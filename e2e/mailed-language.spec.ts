import { expect, test, type Page } from './fixtures';
import en from '../src/web/i18n/en';
import es from '../src/web/i18n/es';
import { adminContext, expectNoHorizontalScroll, expectOk, newApiAccount, uniqueEmail } from './helpers';
import { linkInMailWithSubject, serverMailbox } from './mailbox';

/**
 * Every page reached from a mailed link opens in the language of that mail, whatever the browser chose before, and
 * a first visit opens in the browser's language (Accept-Language): the link carries `?lang=`, the app stores it as
 * the reader's choice, and the pages after it (sign-up, and the verification mail sign-up sends) follow.
 */

const sink = serverMailbox();
const catalogs = { en, es } as const;
const other = { en: 'es', es: 'en' } as const;
const teamSubject = { en: 'You are invited to be a Sanga coordinator', es: 'Te invitan a coordinar en Sanga' } as const;
const verifySubject = { en: 'Confirm your email for Sanga', es: 'Confirma tu correo para Sanga' } as const;

/** The path (with its query, `lang` included) of the link starting `start` in the last mail to `to` with `subject`. */
const linkInMail = (to: string, subject: string, start: string) => linkInMailWithSubject(sink, to, subject, new RegExp(`${start.replace('?', '\\?')}\\S*`));

/** A browser whose stored choice is `language`, as if its owner had pressed the switch earlier. */
async function browserThatChose(page: Page, language: 'en' | 'es') {
  await page.goto('/privacy');
  await page.evaluate((code) => localStorage.setItem('sanga-language', code), language);
}

for (const language of ['en', 'es'] as const) {
  const t = catalogs[language];

  test(`[${language}] a team invitation mailed in ${language} opens /join-team, its sign-up and the verification mail in ${language}, at 375 px`, async ({ browser }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(`team-${language}`);
    const admin = await adminContext(browser);
    await expectOk(await admin.request.post('/api/admin/team/invitations', { data: { email, role: 'coordinator', language } }), 'invite');
    await admin.close();
    const link = await linkInMail(email, teamSubject[language], '/join-team?token=');
    expect(new URL(link, 'http://x').searchParams.get('lang')).toBe(language);

    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await browserThatChose(page, other[language]);
    await page.goto(link);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1, name: t.introductions.team.join.title })).toBeVisible();
    // Taken as the reader's choice: stored, and gone from the address (a reload keeps the language, a switch wins).
    await expect(page).not.toHaveURL(/lang=/);
    expect(await page.evaluate(() => localStorage.getItem('sanga-language'))).toBe(language);
    await expectNoHorizontalScroll(page);

    await page.getByRole('link', { name: t.introductions.team.join.signUp }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.auth.signUp.title })).toBeVisible();
    await page.getByLabel(t.auth.fields.email).fill(email);
    await page.getByLabel(t.auth.fields.password, { exact: true }).fill('a long password');
    await page.getByLabel(t.auth.signUp.consent).check();
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: t.auth.signUp.submit }).click();
    await expect(page).toHaveURL(/\/join-team\?token=/);
    await expect(page.getByRole('button', { name: t.introductions.team.join.accept })).toBeVisible();

    // The verification mail sign-up sent is in the same language, and so is the page its link opens.
    const verify = await linkInMail(email, verifySubject[language], '/verify-email?token=');
    expect(new URL(verify, 'http://x').searchParams.get('lang')).toBe(language);
    await page.evaluate((code) => localStorage.setItem('sanga-language', code), other[language]);
    await page.goto(verify);
    await expect(page.getByRole('heading', { level: 1, name: t.account.verifyPage.title })).toBeVisible();
    await expect(page.getByText(t.account.verifyPage.done)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await context.close();
  });

  test(`[${language}] a first visit opens in the browser's language (Accept-Language), rendered so on the server`, async ({ browser }) => {
    const context = await browser.newContext({ locale: language === 'es' ? 'es-MX' : 'en-GB' });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(await response!.text()).toContain(`<html lang="${language}">`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.landing.hero.title);
    // A choice made with the switch wins at the next visit.
    await page.getByRole('button', { name: `${other[language].toUpperCase()} (` }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', other[language]);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', other[language]);
    await context.close();
  });
}

test('one language per member: the header switch saves it on the account, so mails follow it and another browser opens in it after sign-in', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, email } = await newApiAccount(browser, 'en');
  const page = await context.newPage();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: en.account.settings.title })).toBeVisible();
  await page.getByRole('button', { name: 'ES (' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: es.account.settings.title })).toBeVisible();
  // Saved on the account: the settings page's own choice says so after a reload, and the next mail is in Spanish.
  await expect.poll(async () => ((await (await context.request.get('/api/account/preferences')).json()) as { language: string }).language).toBe('es');
  await page.reload();
  await expect(page.getByLabel(es.account.preferences.language)).toHaveValue('es');
  await expectOk(await context.request.post('/api/auth/password-reset', { data: { email } }), 'password reset');
  await expect.poll(() => sink.inbox.filter((m) => m.to === email).map((m) => m.headers.subject)).toContain('Restablece tu contraseña de Sanga');
  await context.close();

  // Another browser, which chose English before: signed in, its screens are in the member's language.
  const other = await browser.newContext();
  await other.addInitScript(() => localStorage.setItem('sanga-language', 'en'));
  const login = await other.newPage();
  await login.goto('/login');
  await login.getByLabel(en.auth.fields.email).fill(email);
  await login.getByLabel(en.auth.fields.password, { exact: true }).fill('a long password');
  await login.getByRole('button', { name: en.auth.signIn.submit, exact: true }).click();
  await expect(login.locator('html')).toHaveAttribute('lang', 'es');
  await login.goto('/settings');
  await expect(login.getByRole('heading', { level: 1, name: es.account.settings.title })).toBeVisible();
  await other.close();
});
