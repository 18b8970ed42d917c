/**
 * A coordinator who joins through a team invitation, without a marriage profile, gives the name members will see
 * on the join page; the member she writes to sees that name in the messages list and as the thread's heading
 * (before, both said "Sanga member" / "Conversation"). Each language, at 375 px.
 */
import { expect, test } from './fixtures';
import es from '../src/web/i18n/es';
import { mailedLink, serverMailbox } from './mailbox';
import { adminContext, expectNoHorizontalScroll, expectNoSeriousA11yViolations, expectOk, newApiAccount, uniqueFirstName, verifyEmailByMail } from './helpers';

const phone = { width: 375, height: 800 };
const sink = serverMailbox();

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const [language, t] of [['es', es]] as Array<['en' | 'es', typeof es]>) {
  test(`[${language}] an invited coordinator without a profile gives her name on joining; the member she writes to sees it (375 px)`, async ({ browser }) => {
    test.setTimeout(90_000);
    const coordinator = await newApiAccount(browser, language);
    await verifyEmailByMail(coordinator.context, coordinator.email);
    const admin = await adminContext(browser);
    await expectOk(await admin.request.post('/api/admin/team/invitations', { data: { email: coordinator.email, role: 'coordinator', language } }), 'invite');
    await admin.close();
    const link = await mailedLink(sink, coordinator.email, 'join-team');

    const page = await coordinator.context.newPage();
    await page.setViewportSize(phone);
    await page.goto(link);
    const join = t.introductions.team.join;
    // The name is asked for: accepting without one is refused on the page, naming the field.
    await page.getByRole('button', { name: join.accept }).click();
    await expect(page.getByText(t.profile.validation.nameRequired)).toBeVisible();
    await expect(page.getByText(join.done)).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);

    const name = uniqueFirstName('Carla');
    await page.getByLabel(join.firstName).fill(name);
    await page.getByLabel(join.lastName).fill('Coordinadora');
    await page.getByRole('button', { name: join.accept }).click();
    await expect(page.getByText(join.done)).toBeVisible();

    // She writes to a member (a member without a profile: the API, as the coordinator page's "Write to this member").
    const member = await newApiAccount(browser, language);
    const words = language === 'en' ? 'Hare Krishna, I am your coordinator.' : 'Hare Krishna, soy tu coordinadora.';
    await expectOk(await coordinator.context.request.post('/api/messages', { data: { receiverId: member.id, content: words } }), 'message');

    // The member sees her name, not "Sanga member", in the list and as the thread's heading; her reply goes to her.
    const memberPage = await member.context.newPage();
    await memberPage.setViewportSize(phone);
    await memberPage.goto('/messages');
    await expect(memberPage.getByRole('link', { name: new RegExp(name) })).toBeVisible();
    await expect(memberPage.getByText(t.messages.unknownName, { exact: true })).toHaveCount(0);
    await expectNoHorizontalScroll(memberPage);
    await memberPage.getByRole('link', { name: new RegExp(name) }).click();
    await expect(memberPage.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(memberPage.getByText(t.introductions.team.badge.coordinator, { exact: true })).toBeVisible();
    await expect(memberPage.getByText(words)).toBeVisible();
    await expectNoHorizontalScroll(memberPage);
    await expectNoSeriousA11yViolations(memberPage);

    // Her settings page changes the name; the member's heading follows.
    await page.goto('/settings');
    const section = page.getByRole('form', { name: t.account.staffName.heading });
    await expect(section.getByLabel(t.account.staffName.firstName)).toHaveValue(name);
    const renamed = uniqueFirstName('Carolina');
    await section.getByLabel(t.account.staffName.firstName).fill(renamed);
    await section.getByRole('button', { name: t.account.staffName.save }).click();
    await expect(page.getByText(t.account.staffName.saved)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await memberPage.reload();
    await expect(memberPage.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    await coordinator.context.close();
    await member.context.close();
  });
}
