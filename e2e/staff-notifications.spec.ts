/**
 * Staff notices in the browser: an elder invited through the admin's Team page (no marriage profile) is mailed about
 * an introduction awaiting review (the e2e SMTP sink), follows the mail's link in Spanish on a 375 px screen, is
 * asked before a Decline, approves instead, and finds the team emails on /settings.
 */
import { expect, test } from './fixtures';
import { resources } from '../src/web/i18n/resources';
import { linkInMailWithSubject, serverMailbox } from './mailbox';
import { createPersonThroughApi, expectNoHorizontalScroll, expectNoSeriousA11yViolations, expectOk, newApiAccount, uniqueFirstName, verifyEmailByMail } from './helpers';
import { E2E_ADMIN_PASSWORD } from './smtp-port';

// The catalog with the words screens load with them (the admin dashboard's among them): i18n/resources.ts.
const en = resources.en.translation;
const es = resources.es.translation;

const phone = { width: 375, height: 800 };

/** The mail this worker's server sent (e2e/mailbox.ts). */
const sink = serverMailbox();

const linkInMail = (to: string, subject: string, path: RegExp) => linkInMailWithSubject(sink, to, subject, path);

test('an invited elder without a profile is mailed about an introduction awaiting review and reviews it (Spanish, 375 px)', async ({ browser }) => {
  test.setTimeout(120_000);
  const elder = await newApiAccount(browser, 'es');
  // Only the account whose verified email is the invited address may accept.
  await verifyEmailByMail(elder.context, elder.email);
  // Her mails' language is her account's (the API sign-up's default is English).
  await expectOk(
    await elder.context.request.put('/api/account/preferences', { data: { language: 'es', notifyMessages: true, notifyIntroductions: true } }),
    'language',
  );
  // The admin invites the elder from the Team page.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/admin-login');
  await admin.getByLabel(en.admin.login.password, { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await admin.getByRole('button', { name: en.admin.login.submit }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  const invite = admin.getByRole('form', { name: en.admin.invite.title });
  await invite.getByLabel(en.admin.invite.email).fill(elder.email);
  await invite.getByLabel(en.admin.invite.role).selectOption('elder');
  await invite.getByLabel(en.admin.invite.language).selectOption('es');
  await invite.getByRole('button', { name: en.admin.invite.send }).click();
  await expect(admin.getByText(`Invitation sent to ${elder.email}`).first()).toBeVisible();

  const page = await elder.context.newPage();
  await page.setViewportSize(phone);
  await page.goto(await linkInMail(elder.email, 'Te invitan al consejo de mayores de Sanga', /\/join-team\?token=[A-Za-z0-9_-]+/));
  await page.getByLabel(es.introductions.team.join.firstName).fill('Gopala');
  await page.getByRole('button', { name: es.introductions.team.join.accept }).click();
  await expect(page.getByText(es.introductions.team.join.done)).toBeVisible();

  // A coordinator proposes two members; with ELDER_APPROVALS=1 it waits for the elders, who are mailed at once.
  const coordinator = await newApiAccount(browser);
  await expectOk(await adminContext.request.put(`/api/admin/users/${coordinator.id}/roles`, { data: { coordinator: true, elder: false } }), 'grant');
  const [aName, bName] = [uniqueFirstName('Rukmini'), uniqueFirstName('Uddhava')];
  const a = await createPersonThroughApi(browser, { gender: 'woman', firstName: aName });
  const b = await createPersonThroughApi(browser, { gender: 'man', firstName: bName });
  const proposed = await coordinator.context.request.post('/api/introductions', { data: { memberA: a.id, memberB: b.id, note: 'Both sing kirtan on Sundays' } });
  await expectOk(proposed, 'propose');

  // The coordinator's overview links each count to its list: "Awaiting the elders" lists this pair.
  const coordinatorPage = await coordinator.context.newPage();
  await coordinatorPage.goto('/coordinator');
  await coordinatorPage.getByRole('link', { name: new RegExp(`^${en.introductions.coordinator.counts.awaitingElders}: \\d+`) }).click();
  await expect(coordinatorPage).toHaveURL(/\/coordinator\?introductions=awaiting-elders$/);
  const list = coordinatorPage.locator('#coordinator-introductions');
  await expect(list.getByRole('heading', { name: en.introductions.coordinator.introductions })).toBeVisible();
  await expect(list.getByRole('link', { name: new RegExp(aName) })).toBeVisible();

  const link = await linkInMail(elder.email, 'Sanga: una presentación espera tu revisión', /\/elders/);
  await page.goto(link);
  const card = page.getByRole('article', { name: new RegExp(aName) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Both sing kirtan on Sundays')).toBeVisible();
  await expectNoHorizontalScroll(page);

  // Decline asks first; cancelling leaves the introduction as it was.
  await card.getByRole('button', { name: es.introductions.elders.decline }).click();
  const dialog = page.getByRole('dialog', { name: es.introductions.elders.confirmDecline.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(es.introductions.elders.confirmDecline.body)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: es.safety.admin.confirm.cancel }).click();
  await expect(dialog).toHaveCount(0);

  await card.getByRole('button', { name: es.introductions.elders.approve }).click();
  await expect(page.getByText(es.introductions.elders.approved).first()).toBeVisible();
  await expect(page.getByRole('article', { name: new RegExp(aName) })).toHaveCount(0);

  // The elder's team emails on /settings: one kind, at once by default; the digest can be chosen.
  await page.goto('/settings');
  const reviewMails = page.getByLabel(es.account.staffMail.kinds['review-awaiting']);
  await expect(reviewMails).toHaveValue('immediate');
  await reviewMails.selectOption('digest');
  await expect(page.getByText(es.account.staffMail.saved)).toBeVisible();
  await expect(page.getByLabel(es.account.staffMail.kinds['follow-up-due'])).toHaveCount(0);
  await expectNoHorizontalScroll(page);

  for (const context of [elder.context, coordinator.context, a.context, b.context, adminContext]) await context.close();
});
