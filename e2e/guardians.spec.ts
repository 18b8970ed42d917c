import { expect, test, type Browser } from './fixtures';
import en from '../src/web/i18n/en';
import es from '../src/web/i18n/es';
import { checkScreen, createPersonThroughApi, expectOk, grantCoordinatorAndElder, introduceThroughApi, newApiAccount, uniqueEmail, uniqueFirstName, type ApiUser } from './helpers';
import { mailedLink, serverMailbox } from './mailbox';

/**
 * Family at the table in a real browser: a member introduced to someone invites her parent on /settings;
 * the invitation reaches a real SMTP server; the parent signs up through its link (in Spanish), accepts, and reads
 * the introduction and the chaperoned conversation on /guarding, while the other person's thread shows the line
 * "A family member of … can read this conversation".
 */

/** The mail this worker's server sent (e2e/mailbox.ts). */
const sink = serverMailbox();

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? '');


/** A coordinator proposes, an elder approves (ELDER_APPROVALS=1 in e2e), both accept: through the API. */
async function introduce(browser: Browser, first: ApiUser, second: ApiUser) {
  const coordinator = await newApiAccount(browser);
  const elder = await newApiAccount(browser);
  await grantCoordinatorAndElder(browser, coordinator, elder);
  await introduceThroughApi(first, second, coordinator, elder, 'Both serve at the temple kitchen');
  for (const context of [coordinator.context, elder.context]) await context.close();
}

test('a member invites her parent, who signs up through the mailed link and reads an introduction and a chaperoned conversation', async ({ browser }) => {
  test.setTimeout(180_000);
  const priya = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Priya'), profile: { courtshipAlignment: 'either-with-guidance' } });
  const arjun = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Arjun'), profile: { courtshipAlignment: 'either-with-guidance' } });
  await introduce(browser, priya, arjun);

  // The member invites her mother on /settings, who may also read her conversations.
  const g = en.guardians.settings;
  const parentEmail = uniqueEmail('parent');
  const member = priya.page;
  await member.goto('/settings');
  const section = member.getByRole('region', { name: g.heading });
  await section.getByLabel(g.name).fill('Amma Devi');
  await section.getByLabel(g.email).fill(parentEmail);
  await section.getByLabel(g.relation).selectOption('parent');
  await section.getByLabel(g.seesMessages).check();
  await section.getByRole('button', { name: g.invite }).click();
  await expect(section.getByRole('status')).toHaveText(g.invited);
  await expect(section.getByTestId('guardian-list')).toContainText(g.status.invited);
  await checkScreen(member);

  // The mail, in the member's language (English), with the link.
  const link = await mailedLink(sink, parentEmail, 'guardian-invitation');
  const invitation = sink.inbox.find((m) => m.to === parentEmail)!;
  expect(invitation.headers.subject).toBe('You are invited to take part in a Sanga member’s search for a spouse');
  expect(invitation.text).toContain(`“${priya.firstName}”`);

  // The parent, whose browser is in Spanish, signs up through the link and accepts.
  const parentContext = await browser.newContext();
  await parentContext.addInitScript(() => localStorage.setItem('sanga-language', 'es'));
  const parent = await parentContext.newPage();
  await parent.goto(link);
  await expect(parent.getByRole('heading', { level: 1, name: es.guardians.invitation.title })).toBeVisible();
  await parent.getByRole('link', { name: es.guardians.invitation.signUp }).click();
  await parent.getByLabel(es.auth.fields.email).fill(parentEmail);
  await parent.getByLabel(es.auth.fields.password, { exact: true }).fill('a long password');
  await parent.getByLabel(es.auth.signUp.consent).check();
  await parent.getByRole('button', { name: es.auth.signUp.submit }).click();
  await expect(parent).toHaveURL(/\/guardian-invitation\?token=/);

  // Arjun has their conversation open while the parent accepts: no line yet…
  const arjunStream = arjun.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
  await arjun.page.goto(`/conversation/${priya.id}`);
  await arjunStream;
  await expect(arjun.page.getByRole('textbox')).toBeVisible();
  await expect(arjun.page.getByTestId('chaperone-line')).toHaveCount(0);

  await parent.getByRole('button', { name: es.guardians.invitation.accept }).click();
  await expect(parent.getByRole('status')).toHaveText(es.guardians.invitation.done);
  // …and it arrives in his open thread as the parent's reading starts, without a reload, before anything more
  // is written.
  await expect(arjun.page.getByTestId('chaperone-line')).toHaveText(fill(en.guardians.chaperone.line, { name: priya.firstName }));
  await checkScreen(parent);

  // The member's list shows her accepted; Arjun writes after the parent could read along.
  await member.reload();
  await expect(member.getByRole('region', { name: g.heading }).getByTestId('guardian-list')).toContainText(g.status.active);
  await expectOk(await arjun.context.request.post('/api/messages', { data: { receiverId: priya.id, content: 'Namaste Priya, shall we speak on Sunday?' } }), 'message');
  // One he sent anyway after "Are you sure?": behind a tap for her parent too.
  await expectOk(await arjun.context.request.post('/api/messages', { data: { receiverId: priya.id, content: 'you are a b1tch', sendAnyway: true } }), 'hurtful message');

  // /guarding: the member, her introduction and the conversation, read only, in Spanish.
  const s = es.guardians.guarding;
  await parent.getByRole('link', { name: es.guardians.invitation.toGuarding }).click();
  await expect(parent).toHaveURL(/\/guarding$/);
  await expect(parent.getByRole('heading', { level: 1, name: s.title })).toBeVisible();
  await checkScreen(parent);
  await parent.getByRole('link', { name: new RegExp(`^${s.open}`) }).first().click();
  await expect(parent.getByRole('heading', { level: 1, name: fill(s.memberHeading, { name: priya.firstName }) })).toBeVisible();
  await expect(parent.getByTestId('guarded-introductions')).toContainText(fill(s.withPerson, { name: arjun.firstName }));
  await expect(parent.getByTestId('guarded-introductions')).toContainText(s.status.introduced);
  await checkScreen(parent);
  const conversations = parent.getByRole('region', { name: s.conversations });
  await conversations.getByRole('link', { name: new RegExp(`${s.open}.*${arjun.firstName}`) }).click();
  await expect(parent.getByTestId('guarded-thread')).toContainText('Namaste Priya, shall we speak on Sunday?');
  await expect(parent.getByTestId('concealed-message')).toContainText(es.messages.thread.hurtful);
  await expect(parent.getByTestId('guarded-thread')).not.toContainText('b1tch');
  await parent.getByRole('button', { name: es.messages.thread.showIt }).click();
  await expect(parent.getByTestId('guarded-thread')).toContainText('you are a b1tch');
  // A guardian reads and never acts: no Report beside it.
  await expect(parent.getByRole('button', { name: es.safety.actions.report })).toHaveCount(0);
  await expect(parent.getByRole('note')).toContainText(fill(es.guardians.chaperone.line, { name: priya.firstName }));
  // Read only: no box to write in.
  await expect(parent.getByRole('textbox')).toHaveCount(0);
  await checkScreen(parent);

  // The other person is told, in his language, naming her; the member is told of her own family member.
  await arjun.page.goto(`/conversation/${priya.id}`);
  await expect(arjun.page.getByTestId('chaperone-line')).toHaveText(fill(en.guardians.chaperone.line, { name: priya.firstName }));
  await member.goto(`/conversation/${arjun.id}`);
  await expect(member.getByTestId('chaperone-line')).toHaveText(en.guardians.chaperone.lineYours);

  for (const context of [parentContext, priya.context, arjun.context]) await context.close();
});

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const language of ['en'] as Array<'en' | 'es'>) {
  const t = language === 'en' ? en : es;

  test(`[${language}] a guardian is told who invited them, finds Accompanying in the menu, and lands there at each sign-in, never on "Create your profile" (375 px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const priya = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Priya'), language });
    // The invitation is mailed in the member's language, and its link opens the pages in it.
    await expectOk(await priya.context.request.put('/api/account/preferences', { data: { language, notifyMessages: true, notifyIntroductions: true } }), 'language');
    const parentEmail = uniqueEmail('parent');
    await expectOk(await priya.context.request.post('/api/guardians', { data: { name: 'Madre Yamuna Devi', email: parentEmail, relation: 'parent', seesMessages: false } }), 'invite');
    let link: string | undefined;
    await expect
      .poll(
        () => {
          const mail = sink.inbox.filter((m) => m.to === parentEmail && m.text.includes('/guardian-invitation?token=')).at(-1);
          link = mail && /https?:\/\/[^/\s]+(\/guardian-invitation\?token=\S+)/.exec(mail.text)?.[1];
          return Boolean(link);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    // The greeting names the guardian as the member wrote it, not by its first word.
    expect(sink.inbox.find((m) => m.to === parentEmail)!.text.split('\n')[0]).toBe(language === 'en' ? 'Hi Madre Yamuna Devi,' : 'Hola, Madre Yamuna Devi:');

    // The parent opens the link as a visitor: the page says who invited them, and that no profile is needed.
    const parentContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const parent = await parentContext.newPage();
    await parent.goto(link!);
    const relation = t.guardians.relation.parent.toLowerCase();
    await expect(parent.getByTestId('guardian-invited-by')).toContainText(fill(t.guardians.invitation.invitedBy, { name: priya.firstName, relation }));
    await expect(parent.getByTestId('guardian-invited-by')).toContainText(t.guardians.invitation.noProfileNeeded);
    await checkScreen(parent);
    await parent.getByRole('link', { name: t.guardians.invitation.signUp }).click();
    // The sign-up page knows the invitation: the address it was mailed to is filled in, and it says what the account
    // is for (not the seeker's "keeps your biodata private").
    await expect(parent.getByText(fill(t.auth.signUp.invited.guardian, { name: priya.firstName }))).toBeVisible();
    await expect(parent.getByText(t.auth.signUp.intro)).toHaveCount(0);
    await expect(parent.getByLabel(t.auth.fields.email)).toHaveValue(parentEmail);
    await parent.getByLabel(t.auth.fields.password, { exact: true }).fill('a long password');
    await parent.getByLabel(t.auth.signUp.consent).check();
    await parent.getByRole('button', { name: t.auth.signUp.submit }).click();
    await expect(parent).toHaveURL(/\/guardian-invitation\?token=/);
    await parent.getByRole('button', { name: t.guardians.invitation.accept }).click();
    await expect(parent.getByRole('status')).toHaveText(t.guardians.invitation.done);
    // Accepted from the invited address: that address is proven, with no verification mail opened.
    expect(await (await parentContext.request.get('/api/auth/user')).json()).toMatchObject({ emailVerified: true });

    // The menu offers the members they accompany, and none of a seeker's screens.
    await parent.getByRole('button', { name: t.common.nav.openMenu }).click();
    const menu = parent.locator('#mobile-menu').getByRole('navigation');
    await expect(menu.getByRole('link', { name: t.common.nav.guarding })).toBeVisible();
    for (const seeker of [t.common.nav.browse, t.common.nav.profile, t.common.nav.introductions]) await expect(menu.getByRole('link', { name: seeker, exact: true })).toHaveCount(0);
    await checkScreen(parent);
    await menu.getByRole('link', { name: t.common.nav.guarding }).click();
    await expect(parent).toHaveURL(/\/guarding$/);
    await expect(parent.getByRole('heading', { level: 1, name: t.guardians.guarding.title })).toBeVisible();
    await expect(parent.getByTestId('guarding-own-profile')).toBeVisible();

    // Signed out and in again, through the landing page's Get Started (which asks to return to /profile): /guarding.
    await parent.getByRole('button', { name: t.common.nav.openMenu }).click();
    await parent.locator('#mobile-menu').getByRole('button', { name: t.common.nav.logout }).click();
    await expect(parent).toHaveURL(/\/$/);
    await parent.goto('/login?returnTo=%2Fprofile');
    await parent.getByLabel(t.auth.fields.email).fill(parentEmail);
    await parent.getByLabel(t.auth.fields.password, { exact: true }).fill('a long password');
    await parent.getByRole('button', { name: t.auth.signIn.submit }).click();
    await expect(parent).toHaveURL(/\/guarding$/);
    await expect(parent.getByRole('heading', { level: 1, name: t.guardians.guarding.title })).toBeVisible();
    await expect(parent.getByRole('link', { name: new RegExp(priya.firstName) })).toBeVisible();
    await checkScreen(parent);

    // The member herself, who has a profile, still lands on her profile and sees no Accompanying.
    await priya.page.goto('/profile');
    await expect(priya.page.getByRole('link', { name: t.common.nav.guarding })).toHaveCount(0);
    for (const context of [parentContext, priya.context]) await context.close();
  });
}
