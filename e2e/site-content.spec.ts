/**
 * The team, the site content and the launch checklist in the browser, in Spanish on a 375 px screen: the admin
 * sees what the deployment still lacks, invites an elder, edits the site's content (a testimonial with consent, the
 * donation page), and a visitor's next page shows it (server-rendered, then the app); the donation guide and the
 * footer offer the Donate link. The ministry and contact stay the environment's, which landing.spec.ts checks.
 */
import { expect, test } from './fixtures';
import { resources } from '../src/web/i18n/resources';
import { mailedLink, serverMailbox } from './mailbox';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, expectOk, newApiAccount, uniqueEmail, verifyEmailByMail } from './helpers';
import { E2E_ADMIN_PASSWORD } from './smtp-port';

// The catalog with the words screens load with them (the admin dashboard's among them): i18n/resources.ts.
const es = resources.es.translation;

const phone = { width: 375, height: 800 };

// The e2e server sends all mail to this port (playwright.config.ts); account.spec.ts listens there too, in its turn.
/** The mail this worker's server sent (e2e/mailbox.ts). */
const sink = serverMailbox();

test('the admin runs the launch checklist, invites an elder and edits the site content; visitors see it (Spanish, 375 px)', async ({ browser }) => {
  // The whole launch path in one test (admin, elder invitation by mail, three visitor pages): 30 s was its margin.
  test.setTimeout(60_000);
  const adminContext = await browser.newContext({ viewport: phone });
  await adminContext.addInitScript(() => localStorage.setItem('sanga-language', 'es'));
  const admin = await adminContext.newPage();
  // Before: the guide explains how to give in person.
  await admin.goto('/donation-guide');
  await expect(admin.getByText(es.donation.give.inPerson)).toBeVisible();

  await admin.goto('/admin-login');
  await admin.getByLabel(es.admin.login.password, { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await admin.getByRole('button', { name: es.admin.login.submit }).click();
  await expect(admin).toHaveURL(/\/admin$/);

  const checklist = admin.locator('#admin-launch');
  await expect(checklist.getByRole('heading', { name: es.admin.launch.title })).toBeVisible();
  await expect(checklist.getByText(es.admin.launch.items['sample-testimonials'].title)).toBeVisible();
  await expect(checklist.getByText(es.admin.launch.items['donation-link'].title)).toBeVisible();
  await expect(checklist.getByText(es.admin.launch.items.https.title)).toBeVisible();
  // SMTP_URL is set for the e2e server: that item is done and not shown.
  await expect(checklist.getByText(es.admin.launch.items.smtp.title)).toHaveCount(0);

  // Invite an elder by email, in Spanish (the page's language).
  const invite = admin.getByRole('form', { name: es.admin.invite.title });
  await invite.getByLabel(es.admin.invite.email).fill(uniqueEmail('elder'));
  await invite.getByLabel(es.admin.invite.role).selectOption('elder');
  await expect(invite.getByLabel(es.admin.invite.language)).toHaveValue('es');
  await invite.getByRole('button', { name: es.admin.invite.send }).click();
  await expect(admin.getByText(/Invitación enviada a elder/).first()).toBeVisible();

  // Site content: the donation page and one real testimonial, with its author's consent.
  const site = admin.locator('#admin-site-content');
  await site.getByLabel(es.admin.siteContent.donationUrl).fill('https://ministry.e2e.example.org/donar');
  await site.getByRole('button', { name: es.admin.siteContent.add }).click();
  await site.getByLabel(es.admin.siteContent.quoteEn).fill('They listened to our families first.');
  await site.getByLabel(es.admin.siteContent.quoteEs).fill('Escucharon primero a nuestras familias.');
  await site.getByLabel(es.admin.siteContent.author).fill('Radha y Govinda');
  await site.getByLabel(es.admin.siteContent.location).fill('Monterrey, Nuevo León');
  await site.getByLabel(es.admin.siteContent.roleEn).fill('Married in 2026');
  await site.getByLabel(es.admin.siteContent.roleEs).fill('Casados en 2026');
  await site.getByLabel(es.admin.siteContent.consent).check();
  await expectNoHorizontalScroll(admin);
  await expectNoSeriousA11yViolations(admin);
  await site.getByRole('button', { name: es.admin.siteContent.save }).click();
  await expect(admin.getByText(es.admin.siteContent.saved).first()).toBeVisible();
  await expect(checklist.getByText(es.admin.launch.items['sample-testimonials'].title)).toHaveCount(0);
  await expect(checklist.getByText(es.admin.launch.items['donation-link'].title)).toHaveCount(0);
  await adminContext.close();

  // A visitor's next page: the server-rendered HTML already has the story, then the app shows it.
  const visitorContext = await browser.newContext({ viewport: phone });
  await visitorContext.addCookies([{ name: 'sanga_language', value: 'es', url: test.info().project.use.baseURL! }]);
  await visitorContext.addInitScript(() => localStorage.setItem('sanga-language', 'es'));
  const visitor = await visitorContext.newPage();
  const html = await (await visitorContext.request.get('/', { headers: { cookie: 'sanga_language=es' } })).text();
  expect(html).toContain('Escucharon primero a nuestras familias.');
  await visitor.goto('/');
  const stories = visitor.getByRole('region', { name: es.landing.testimonials.title });
  await expect(stories.getByText('Escucharon primero a nuestras familias.')).toBeVisible();
  await expect(stories.getByText('Casados en 2026')).toBeVisible();
  await expect(stories.getByText(es.landing.testimonials.noteShared)).toBeVisible();
  // The hero names the ministry the admin saved (MINISTRY_NAME until then), as the footer does, in native Spanish.
  expect(html).toContain('Un servicio ministerial ofrecido por E2E Temple.');
  await expect(visitor.getByText('Un servicio ministerial ofrecido por E2E Temple.')).toBeVisible();
  await expect(visitor.getByText(es.landing.hero.ministry)).toHaveCount(0);
  await expect(visitor.locator('footer').getByRole('link', { name: /^Visita el sitio de E2E Temple/ })).toBeVisible();
  await expect(visitor.getByText('Lakshmi D.')).toHaveCount(0);
  // ELDER_APPROVALS=1 on the e2e server: the landing promises the elders' review.
  await expect(visitor.getByText(es.landing.howItWorks.three.body)).toBeVisible();
  await expect(visitor.getByRole('link', { name: new RegExp(`^${es.landing.footer.donate}`) })).toHaveAttribute(
    'href',
    'https://ministry.e2e.example.org/donar',
  );
  await expectNoHorizontalScroll(visitor);

  await visitor.goto('/donation-guide');
  await expect(visitor.getByRole('link', { name: new RegExp(`^${es.donation.give.button}`) })).toHaveAttribute('href', 'https://ministry.e2e.example.org/donar');
  await expect(visitor.getByText(es.donation.give.inPerson)).toHaveCount(0);
  await expectNoSeriousA11yViolations(visitor);
  await visitorContext.close();
});

test('the site content form says what is missing in the admin’s language, with no browser bubble (Spanish, 375 px)', async ({ browser }) => {
  const adminContext = await browser.newContext({ viewport: phone, locale: 'en-US' });
  await adminContext.addInitScript(() => localStorage.setItem('sanga-language', 'es'));
  const admin = await adminContext.newPage();
  await admin.goto('/admin-login');
  await admin.getByLabel(es.admin.login.password, { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await admin.getByRole('button', { name: es.admin.login.submit }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  const site = admin.locator('#admin-site-content');
  const saves: string[] = [];
  admin.on('request', (request) => {
    if (request.url().endsWith('/api/admin/site-content') && request.method() === 'PUT') saves.push(request.url());
  });

  // An empty story and a contact address that is not one: saving says so beside each field, in Spanish.
  await site.getByLabel(es.admin.siteContent.contactEmail).fill('cuidado-en-ejemplo');
  await site.getByLabel(es.admin.siteContent.donationUrl).fill('ejemplo.org/donar');
  await site.getByRole('button', { name: es.admin.siteContent.add }).click();
  await site.getByRole('button', { name: es.admin.siteContent.save }).click();
  const contact = site.getByLabel(es.admin.siteContent.contactEmail);
  await expect(contact).toHaveAccessibleDescription(es.admin.siteContent.validation.email);
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  await expect(contact).toBeFocused();
  await expect(site.getByLabel(es.admin.siteContent.donationUrl)).toHaveAccessibleDescription(es.admin.siteContent.validation.url);
  // The new story is the last one (the test above saved one before it).
  await expect(site.getByLabel(es.admin.siteContent.quoteEs).last()).toHaveAccessibleDescription(es.admin.siteContent.validation.required);
  await expect(site.getByLabel(es.admin.siteContent.consent).last()).toHaveAccessibleDescription(es.admin.siteContent.validation.consent);
  // The browser never showed its own "Please fill out this field": the form leaves checking to the app.
  expect(await site.locator('form').evaluate((form) => (form as HTMLFormElement).noValidate)).toBe(true);
  expect(saves).toEqual([]);

  // Each message goes as its field is put right.
  await contact.fill('cuidado@ejemplo.org');
  await expect(contact).not.toHaveAttribute('aria-invalid', 'true');
  await expect(site.getByText(es.admin.siteContent.validation.email)).toHaveCount(0);
  await expectNoHorizontalScroll(admin);
  await expectNoSeriousA11yViolations(admin);
  await adminContext.close();
});

test('an invitation link that is not valid says so, in Spanish, to a signed-in person without a profile', async ({ browser }) => {
  const { context } = await newApiAccount(browser, 'es');
  const page = await context.newPage();
  await page.setViewportSize(phone);
  await page.goto('/join-team?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: es.introductions.team.join.title })).toBeVisible();
  // The page asks which role the link offers before anything is pressed: an unknown link says so at once, with no
  // button to accept it.
  await expect(page.getByText(es.introductions.team.join.unknown)).toBeVisible();
  await expect(page.getByRole('button', { name: es.introductions.team.join.accept })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await context.close();
});

test('GET /api/site-content is public', async ({ request }) => {
  await expectOk(await request.get('/api/site-content'), 'site content');
});

test('an invited coordinator without a profile accepts in Spanish, uses the coordinator page and shows the badge in a thread', async ({ browser }) => {
  const coordinator = await newApiAccount(browser, 'es');
  const adminContext = await browser.newContext();
  await expectOk(await adminContext.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } }), 'admin sign-in');
  await expectOk(await adminContext.request.post('/api/admin/team/invitations', { data: { email: coordinator.email, role: 'coordinator', language: 'es' } }), 'invite');
  await adminContext.close();
  const link = await mailedLink(sink, coordinator.email, 'join-team');
  expect(sink.inbox.filter((m) => m.to === coordinator.email && m.text.includes('/join-team?token=')).at(-1)?.headers.subject).toBe('Te invitan a coordinar en Sanga');

  // The link is not a bearer pass: someone else's account is told it was sent to another address…
  const stranger = await newApiAccount(browser, 'es');
  await verifyEmailByMail(stranger.context, stranger.email);
  const strangerPage = await stranger.context.newPage();
  await strangerPage.setViewportSize(phone);
  await strangerPage.goto(link);
  await strangerPage.getByLabel(es.introductions.team.join.firstName).fill('Extraña');
  await strangerPage.getByRole('button', { name: es.introductions.team.join.accept }).click();
  await expect(strangerPage.getByText(es.introductions.team.join.otherAccount)).toBeVisible();
  await expectNoHorizontalScroll(strangerPage);
  await expectNoSeriousA11yViolations(strangerPage);
  await stranger.context.close();

  // …while the invitee accepts at once, her address never verified: the link reached it, and accepting proves it.
  const page = await coordinator.context.newPage();
  await page.setViewportSize(phone);
  await page.goto(link);
  // The name members will see (a coordinator without a profile has no other).
  await page.getByLabel(es.introductions.team.join.firstName).fill('Carla');
  await page.getByRole('button', { name: es.introductions.team.join.accept }).click();
  await expect(page.getByText(es.introductions.team.join.done)).toBeVisible();
  await page.getByRole('link', { name: es.introductions.team.join.toCoordinator }).click();
  // The coordinator page itself, not the profile form: no marriage profile is needed.
  await expect(page).toHaveURL(/\/coordinator$/);
  await expect(page.getByRole('heading', { level: 1, name: es.introductions.coordinator.title })).toBeVisible();
  await expectNoHorizontalScroll(page);

  // The coordinator writes to a member; the member's thread shows the (neutral Spanish) badge.
  const member = await newApiAccount(browser, 'es');
  await expectOk(await coordinator.context.request.post('/api/messages', { data: { receiverId: member.id, content: 'Hare Krishna, soy tu coordinadora.' } }), 'message');
  const memberPage = await member.context.newPage();
  await memberPage.setViewportSize(phone);
  await memberPage.goto(`/conversation/${coordinator.id}`);
  await expect(memberPage.getByText(es.introductions.team.badge.coordinator, { exact: true })).toBeVisible();
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Carla' })).toBeVisible();
  await expect(memberPage.getByText('Hare Krishna, soy tu coordinadora.')).toBeVisible();
  await expectNoSeriousA11yViolations(memberPage);
  await coordinator.context.close();
  await member.context.close();
});
