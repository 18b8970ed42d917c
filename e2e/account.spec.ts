import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { strFromU8, unzipSync } from 'fflate';
import { DELETE_CONFIRMATION_WORDS } from '#domain/accounts/account';
import en from '../src/web/i18n/en';
import es from '../src/web/i18n/es';
import { mailedLink, serverMailbox } from './mailbox';
import { checkScreen, expectNoHorizontalScroll, expectNoSeriousA11yViolations, uniqueEmail } from './helpers';

/**
 * Settings in a real browser, in English and in Spanish: change the password, change the email through
 * the link that reaches a real SMTP server, download the export, delete the account. Labels come from the catalogs,
 * so one flow checks both languages.
 */
/** The mail this worker's server sent (e2e/mailbox.ts). */
const sink = serverMailbox();

const deletedSubject = { en: 'Your Sanga account has been deleted', es: 'Se eliminó tu cuenta de Sanga' } as const;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? '');


// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const [language, catalog] of [['en', en]] as const) {
  test(`settings in ${language}: change password and email, download the data, delete the account`, async ({ page }) => {
    test.setTimeout(90_000);
    const a = catalog.account;
    await page.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
    const email = uniqueEmail(`settings-${language}`);
    const password = 'a long password';

    // Sign up on the page: the verification mail is in the page's language.
    await page.goto('/login?mode=signup');
    await page.getByLabel(catalog.auth.fields.email).fill(email);
    await page.getByLabel(catalog.auth.fields.password, { exact: true }).fill(password);
    await page.getByLabel(catalog.auth.signUp.consent).check();
    await page.getByRole('button', { name: catalog.auth.signUp.submit }).click();
    await expect(page).toHaveURL(/\/profile$/);
    // The first screen says the verification mail went out, to which address.
    const notice = page.getByRole('region', { name: catalog.profile.verifyNotice.title });
    await expect(notice).toContainText(fill(catalog.profile.verifyNotice.body, { email }));
    await expect(notice.getByRole('button', { name: a.verification.resend })).toBeVisible();
    await checkScreen(page);
    const verify = await mailedLink(sink, email, 'verify-email');
    expect(sink.inbox.find((m) => m.to === email)!.headers.subject).toBe(language === 'en' ? 'Confirm your email for Sanga' : 'Confirma tu correo para Sanga');

    // Settings from the navigation; at 375 px nothing scrolls sideways and axe finds nothing serious.
    await page.getByRole('navigation', { name: catalog.common.nav.label }).getByRole('link', { name: catalog.common.nav.settings }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: a.settings.title })).toBeVisible();
    await expect(page.getByText(fill(a.verification.unverified, { email }))).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);

    // The verification link, opened in this browser: it leads on to the profile, which no longer asks.
    await page.goto(verify);
    await expect(page.getByRole('status')).toHaveText(a.verifyPage.done);
    await page.getByRole('link', { name: a.verifyPage.toProfile }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: catalog.profile.page.title })).toBeVisible();
    await expect(page.getByTestId('verify-email-notice')).toHaveCount(0);

    // Change the password.
    await page.goto('/settings');
    // The sessions list names the browser and the system, the current one marked: no raw User-Agent.
    const sessionsSection = page.getByRole('region', { name: a.sessions.heading });
    await expect(sessionsSection.getByTestId('session-device').first()).toHaveText(fill(a.sessions.device, { browser: 'Chrome', system: 'Linux' }));
    await expect(sessionsSection.getByText(a.sessions.current, { exact: true })).toBeVisible();
    const passwordSection = page.getByRole('region', { name: a.password.heading });
    await passwordSection.getByLabel(a.password.current).fill(password);
    await passwordSection.getByLabel(a.password.new).fill('an even longer password');
    await passwordSection.getByRole('button', { name: a.password.submit }).click();
    await expect(passwordSection.getByRole('status')).toHaveText(a.password.done);

    // Change the email: the link goes to the new address; the email changes when it is opened.
    const newEmail = uniqueEmail(`moved-${language}`);
    const emailSection = page.getByRole('region', { name: a.email.heading });
    await emailSection.getByLabel(a.email.newEmail).fill(newEmail);
    await emailSection.getByLabel(a.email.password).fill('an even longer password');
    await emailSection.getByRole('button', { name: a.email.submit }).click();
    await expect(emailSection.getByRole('status')).toHaveText(a.email.sent);
    await page.goto(await mailedLink(sink, newEmail, 'verify-email'));
    await expect(page.getByRole('status')).toHaveText(a.verifyPage.done);
    await page.goto('/settings');
    await expect(page.getByText(fill(a.verification.verified, { email: newEmail }))).toBeVisible();

    // Download my data: a zip whose account.json names the new email.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: a.data.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sanga-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    expect(JSON.parse(strFromU8(files['account.json']!))).toMatchObject({ account: { email: newEmail } });

    // Delete the account: the word first (the page language's: ELIMINAR in Spanish), then the password.
    const word = DELETE_CONFIRMATION_WORDS[language];
    const deletion = page.getByRole('region', { name: a.deletion.heading });
    await deletion.getByLabel(fill(a.deletion.confirmLabel, { word })).fill(word.toLowerCase());
    await deletion.getByLabel(a.deletion.password).fill('an even longer password');
    await deletion.getByRole('button', { name: a.deletion.submit }).click();
    await expect(deletion.getByText(fill(a.deletion.mismatch, { word }))).toBeVisible();
    await deletion.getByLabel(fill(a.deletion.confirmLabel, { word })).fill(word);
    await deletion.getByRole('button', { name: a.deletion.submit }).click();
    // A public page confirms it, says what went and what stays, and a mail confirms it to the address.
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole('heading', { name: a.deletedPage.title, level: 1 })).toBeVisible();
    await expect(page.getByText(a.deletedPage.done)).toBeVisible();
    await expect(page.getByRole('region', { name: a.deletedPage.kept })).toContainText(a.deletedPage.keptItems.reports);
    await expect(page.getByRole('region', { name: a.deletedPage.deleted })).toContainText(a.deletedPage.deletedItems.profile);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await expect.poll(() => sink.inbox.filter((m) => m.to === newEmail && m.headers.subject === deletedSubject[language]).length, { timeout: 20_000 }).toBe(1);
    const farewell = sink.inbox.find((m) => m.to === newEmail && m.headers.subject === deletedSubject[language])!;
    expect(farewell.text.split('\n')[0]).toBe(language === 'en' ? 'Hello,' : 'Hola:');
    // The page stays readable after a reload, signed out (it is public).
    await page.reload();
    await expect(page.getByRole('heading', { name: a.deletedPage.title, level: 1 })).toBeVisible();
    const signIn = await page.request.post('/api/auth/login', { data: { email: newEmail, password: 'an even longer password' } });
    expect(signIn.status()).toBe(401);
  });
}

/** The path and query of the newest cancel link mailed to `to` (its token has a dot: a signed id). */
async function cancelLinkTo(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = sink.inbox.filter((m) => m.to === to && m.text.includes('/cancel-email-change?token=')).at(-1);
        link = mail && /https?:\/\/[^/\s]+(\/cancel-email-change\?token=[A-Za-z0-9_.-]+)/.exec(mail.text)?.[1];
        return Boolean(link);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return link!;
}

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const [language, catalog] of [['es', es]] as const) {
  // The email change's safeguards, in the browser.
  test(`email change in ${language}: refused until the email is verified; the current address can cancel it`, async ({ page }) => {
    test.setTimeout(90_000);
    const a = catalog.account;
    await page.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
    const email = uniqueEmail(`cancel-${language}`);
    const password = 'a long password';
    const registered = await page.request.post('/api/auth/register', { data: { email, password, language } });
    expect(registered.status()).toBe(201);

    const newEmail = uniqueEmail(`intruder-${language}`);
    const askForChange = async () => {
      await page.goto('/settings');
      const emailSection = page.getByRole('region', { name: a.email.heading });
      await emailSection.getByLabel(a.email.newEmail).fill(newEmail);
      await emailSection.getByLabel(a.email.password).fill(password);
      await emailSection.getByRole('button', { name: a.email.submit }).click();
      return emailSection;
    };
    // Not verified yet: the field says why, in the page's language.
    await expect((await askForChange()).getByText(catalog.auth.validation.emailNotVerified)).toBeVisible();

    await page.goto(await mailedLink(sink, email, 'verify-email'));
    await expect(page.getByRole('status')).toHaveText(a.verifyPage.done);
    await expect((await askForChange()).getByRole('status')).toHaveText(a.email.sent);
    const changeLink = await mailedLink(sink, newEmail, 'verify-email');

    // The current address got a notice with a cancel link: opening it changes nothing until the button.
    await page.goto(await cancelLinkTo(email));
    await expect(page.getByRole('heading', { level: 1, name: a.cancelEmailChangePage.title })).toBeVisible();
    await expect(page.getByText(a.cancelEmailChangePage.intro)).toBeVisible();
    await page.getByRole('button', { name: a.cancelEmailChangePage.submit }).click();
    await expect(page.getByRole('status')).toHaveText(a.cancelEmailChangePage.done);
    await expectNoSeriousA11yViolations(page);

    // The link sent to the other address no longer works; the account keeps its email.
    await page.goto(changeLink);
    await expect(page.getByText(a.verifyPage.invalid)).toBeVisible();
    const me = await page.request.get('/api/auth/user');
    expect(await me.json()).toMatchObject({ email });
  });
}
