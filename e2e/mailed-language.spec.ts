import { expect, test, type Page } from './fixtures';
import en from '../src/web/i18n/en';
import es from '../src/web/i18n/es';
import { adminContext, expectNoHorizontalScroll, expectOk, uniqueEmail } from './helpers';
import { serverMailbox } from './mailbox';

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

/** The path (with its query) of the last mail to `to` with `subject` whose link starts with `start`. */
async function linkInMail(to: string, subject: string, start: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = sink.inbox.filter((m) => m.to === to && m.headers.subject === subject).at(-1);
        link = mail ? new RegExp(`https?://[^/\\s]+(${start.replace('?', '\\?')}\\S*)`).exec(mail.text)?.[1] : undefined;
        return Boolean(link);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return link!;
}

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
