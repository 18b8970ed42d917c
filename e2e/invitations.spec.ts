/**
 * Invitations walked as the invited people walk them, in English and Spanish on a 375 px phone:
 * - a coordinator invited by mail signs up from the link (the address filled in, the page saying what the account is
 *   for) and accepts at once: the link reached the address, so no verification mail stands in the way;
 * - an account of another address is told how to go on, moves its email to the invited address, and the
 *   confirmation page leads back to the invitation;
 * - with ELDER_APPROVALS=0 (a server this file starts itself: the suite's servers run with 1), the elder's mail, the
 *   join page, the elders page and the admin's launch checklist say that no elder reviews introductions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from './fixtures';
import { resources } from '../src/web/i18n/resources';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, expectOk, newApiAccount, uniqueEmail, verifyEmailByMail } from './helpers';
import { mailboxAt, mailedLink, serverMailbox, type Mailbox } from './mailbox';
import { E2E_ADMIN_PASSWORD } from './smtp-port';

// The catalog with the words screens load with them (the admin dashboard's among them): i18n/resources.ts.
const en = resources.en.translation;
const es = resources.es.translation;

const phone = { width: 375, height: 800 };

async function invite(request: BrowserContext['request'], email: string, role: 'coordinator' | 'elder', language: 'en' | 'es') {
  await expectOk(await request.post('/api/admin/team/invitations', { data: { email, role, language } }), 'invite');
}

async function visitor(browser: Browser, language: 'en' | 'es', baseURL?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: phone, ...(baseURL ? { baseURL } : {}) });
  await context.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
  return { context, page: await context.newPage() };
}

/** From the join page: Create an account, with the invited address already filled in, then back to the join page. */
async function signUpFromInvitation(page: Page, t: typeof en | typeof es, email: string, intro: string) {
  await page.getByRole('link', { name: t.introductions.team.join.signUp }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.auth.signUp.title })).toBeVisible();
  await expect(page.getByText(intro)).toBeVisible();
  await expect(page.getByText(t.auth.signUp.intro)).toHaveCount(0);
  await expect(page.getByLabel(t.auth.fields.email)).toHaveValue(email);
  await expectNoHorizontalScroll(page);
  await page.getByLabel(t.auth.fields.password, { exact: true }).fill('a long password');
  await page.getByLabel(t.auth.signUp.consent).check();
  await page.getByRole('button', { name: t.auth.signUp.submit }).click();
  await expect(page).toHaveURL(/\/join-team\?token=/);
}

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const language of ['es'] as Array<'en' | 'es'>) {
  const t = language === 'en' ? en : es;

  test(`[${language}] an invited coordinator signs up from the link, the address filled in, and accepts without a verification mail (375 px)`, async ({ browser }) => {
    test.setTimeout(90_000);
    const admin = await browser.newContext();
    await expectOk(await admin.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } }), 'admin sign-in');
    const email = uniqueEmail(`coordinator-${language}`);
    await invite(admin.request, email, 'coordinator', language);
    await admin.close();
    const link = await mailedLink(serverMailbox(), email, 'join-team');

    const { context, page } = await visitor(browser, language);
    await page.goto(link);
    await expect(page.getByText(t.introductions.team.join.offer.coordinator)).toBeVisible();
    await signUpFromInvitation(page, t, email, t.auth.signUp.invited.coordinator);
    // Before: 403 and "First verify your email with the link we sent…", though the link came to this very address.
    await page.getByLabel(t.introductions.team.join.firstName).fill('Carla');
    await page.getByRole('button', { name: t.introductions.team.join.accept }).click();
    await expect(page.getByRole('status')).toHaveText(t.introductions.team.join.done);
    expect(await (await context.request.get('/api/auth/user')).json()).toMatchObject({ roles: ['coordinator'], emailVerified: true });
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: t.introductions.team.join.toCoordinator }).click();
    await expect(page).toHaveURL(/\/coordinator$/);
    await context.close();
  });

  test(`[${language}] an account of another address moves to the invited one, and the confirmation page leads back to the invitation (375 px)`, async ({ browser }) => {
    test.setTimeout(90_000);
    const admin = await browser.newContext();
    await expectOk(await admin.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } }), 'admin sign-in');
    const invited = uniqueEmail(`elder-${language}`);
    await invite(admin.request, invited, 'elder', language);
    await admin.close();
    const link = await mailedLink(serverMailbox(), invited, 'join-team');

    // A member of some standing: her own address verified long ago (an email change asks for that).
    const member = await newApiAccount(browser, language);
    await verifyEmailByMail(member.context, member.email);
    const page = await member.context.newPage();
    await page.setViewportSize(phone);
    await page.goto(link);
    // ELDER_APPROVALS=1 on the suite's servers: the elder's role is the review.
    await expect(page.getByText(t.introductions.team.join.offer.elder)).toBeVisible();
    await page.getByLabel(t.introductions.team.join.firstName).fill('Carla');
    await page.getByRole('button', { name: t.introductions.team.join.accept }).click();
    await expect(page.getByText(t.introductions.team.join.otherAccount)).toBeVisible();
    await expectNoHorizontalScroll(page);

    // As the refusal says: her account's email becomes the invited address, confirmed by the link mailed there.
    await expectOk(await member.context.request.post('/api/account/email', { data: { newEmail: invited, password: 'a long password' } }), 'change email');
    await page.goto(await mailedLink(serverMailbox(), invited, 'verify-email'));
    await expect(page.getByText(t.account.verifyPage.done)).toBeVisible();
    // Before, the page offered only "Go to My Profile".
    await expect(page.getByRole('link', { name: t.account.verifyPage.toProfile })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole('link', { name: t.account.verifyPage.toInvitation }).click();
    await expect(page).toHaveURL(/\/join-team\?token=/);
    await page.getByLabel(t.introductions.team.join.firstName).fill('Carla');
    await page.getByRole('button', { name: t.introductions.team.join.accept }).click();
    await expect(page.getByRole('status')).toHaveText(t.introductions.team.join.done);
    await page.getByRole('link', { name: t.introductions.team.join.toElders }).click();
    await expect(page).toHaveURL(/\/elders$/);
    await expect(page.getByText(t.introductions.elders.intro)).toBeVisible();
    await expect(page.getByTestId('elders-review-off')).toHaveCount(0);
    // Accepted: the invitation is forgotten, so a later confirmation page no longer leads to it.
    expect(await page.evaluate(() => localStorage.getItem('sanga.pending-invitation'))).toBeNull();
    await member.context.close();
  });
}

/** A free TCP port on the loopback, for the server (and its mail sink) this file starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test.describe('with ELDER_APPROVALS=0', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ChildProcess | undefined;
  let baseURL = '';
  let mailbox: Mailbox;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const [port, smtpPort] = [await freePort(), await freePort()];
    const mailDir = path.resolve('.tmp', `e2e-mail-approvals-off-${port}`);
    mailbox = mailboxAt(mailDir);
    baseURL = `http://127.0.0.1:${port}`;
    // The suite's server script on the build the suite's first server made; only the setting under test differs.
    server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        E2E_SKIP_BUILD: '1',
        HOST: '127.0.0.1',
        DATA_DIR: path.resolve('.tmp', `e2e-data-approvals-off-${port}`),
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        ELDER_APPROVALS: '0',
        SIGNUPS_PER_IP_PER_HOUR: '5000',
        LOG_LEVEL: 'error',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        E2E_MAIL_DIR: mailDir,
      },
    });
    await expect
      .poll(async () => (await fetch(`${baseURL}/healthz`).catch(() => null))?.ok ?? false, { timeout: 150_000, intervals: [500] })
      .toBe(true);
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  // One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
  for (const language of ['en'] as Array<'en' | 'es'>) {
    const t = language === 'en' ? en : es;

    test(`[${language}] the checklist shows the setting; the elder's mail, join page and elders page say no elder reviews (375 px)`, async ({ browser }) => {
      test.setTimeout(90_000);
      const { context: adminContext, page: admin } = await visitor(browser, language, baseURL);
      await admin.goto('/admin-login');
      await admin.getByLabel(t.admin.login.password, { exact: true }).fill(E2E_ADMIN_PASSWORD);
      await admin.getByRole('button', { name: t.admin.login.submit }).click();
      await expect(admin).toHaveURL(/\/admin$/);
      // Before, the checklist said nothing of the setting (its elder item is done with 0).
      await expect(admin.getByTestId('launch-elder-approvals')).toContainText(t.admin.launch.elderApprovals.off);
      await expectNoHorizontalScroll(admin);

      const email = uniqueEmail(`elder-off-${language}`);
      await invite(adminContext.request, email, 'elder', language);
      await adminContext.close();
      const link = await mailedLink(mailbox, email, 'join-team');
      const mail = mailbox.inbox.filter((m) => m.to === email).at(-1)!;
      expect(mail.text).toContain(language === 'en' ? 'introductions currently reach members without an elder’s review' : 'por ahora las presentaciones llegan a los miembros sin la revisión de los mayores');
      expect(mail.text).not.toContain(language === 'en' ? 'you would review' : 'revisarías');

      const { context, page } = await visitor(browser, language, baseURL);
      await page.goto(link);
      await expect(page.getByText(t.introductions.team.join.offer.elderNoReview)).toBeVisible();
      await expect(page.getByText(t.introductions.team.join.offer.elder)).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await signUpFromInvitation(page, t, email, t.auth.signUp.invited.elder);
      await page.getByLabel(t.introductions.team.join.firstName).fill('Carla');
      await page.getByRole('button', { name: t.introductions.team.join.accept }).click();
      await page.getByRole('link', { name: t.introductions.team.join.toElders }).click();
      await expect(page).toHaveURL(/\/elders$/);
      await expect(page.getByText(t.introductions.elders.introNoReview)).toBeVisible();
      await expect(page.getByTestId('elders-review-off')).toHaveText(t.introductions.elders.noReview);
      await expect(page.getByText(t.introductions.elders.intro)).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await context.close();
    });
  }
});
