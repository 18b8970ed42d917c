import { expect, test, type Browser } from './fixtures';
import { adminContext, checkScreen, createPersonThroughApi, expectOk, grantCoordinatorAndElder, introduceThroughApi, uniqueFirstName, type ApiUser } from './helpers';
import { resources } from '../src/web/i18n/resources';

/**
 * What an ended introduction changes, where a person sees it, under the default DIRECT_MESSAGES=open of the e2e server:
 * an ended introduction closes the thread for both (the note in place of the composer, on the conversation and the
 * match page), every screen states the same rule, the check-in says who is told of each answer, the member who did
 * not end it reads who did and what to do now; the coordinator's stacked endings are one banner with the names, and
 * the queue tells who asked from who was asked about; the admin's launch checklist shows the messaging mode.
 */

// The catalog with the words screens load with them (the admin dashboard's among them): i18n/resources.ts.
const en = resources.en.translation;
const es = resources.es.translation;
const catalogs = { en, es } as const;
type Language = keyof typeof catalogs;
/** A catalog text with its {{placeholders}} filled, as the screen shows it. */
function text(language: Language, path: string, values: Record<string, string> = {}): string {
  let node: unknown = catalogs[language];
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text at ${path}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => values[key] ?? `{{${key}}}`);
}

let opened: ApiUser[] = [];
test.afterEach(async () => {
  for (const user of opened) await user.context.close();
  opened = [];
});

async function person(browser: Browser, gender: 'man' | 'woman', base: string, language: Language = 'en'): Promise<ApiUser> {
  const user = await createPersonThroughApi(browser, { gender, firstName: uniqueFirstName(base), language, profile: { courtshipAlignment: 'either-with-guidance' } });
  opened.push(user);
  return user;
}

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const language of ['en'] as Array<'en' | 'es'>) {
  test(`[${language}] an ended introduction closes the thread for both in the default mode, and the other reads who ended it (#46.1, #46.12)`, async ({ browser }) => {
    test.setTimeout(240_000);
    const coordinator = await person(browser, 'man', 'Coordclose', language);
    const elder = await person(browser, 'woman', 'Elderclose', language);
    const her = await person(browser, 'woman', 'Sunanda', language);
    const him = await person(browser, 'man', 'Vrajesh', language);
    await grantCoordinatorAndElder(browser, coordinator, elder);
    // Open messaging: they wrote to each other as match candidates before any introduction.
    await expectOk(await him.context.request.post('/api/messages', { data: { receiverId: her.id, content: 'Namaste from the feast' } }), 'first message');
    const id = await introduceThroughApi(her, him, coordinator, elder);

    // He has their conversation open while she ends it: it learns of the ending as it happens.
    const m = him.page;
    const stream = m.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
    await m.goto(`/conversation/${her.id}`);
    await stream;
    await expect(m.getByLabel(text(language, 'messages.thread.composer.label'))).toBeVisible();

    // The Introductions page states the rule in force (open mode) and what an ending closes.
    const h = her.page;
    await h.goto('/introductions');
    await expect(h.getByTestId('messaging-rule')).toHaveText(`${text(language, 'introductions.rule.open')} ${text(language, 'introductions.rule.closed')}`);
    // The check-in says who is told of each answer: never "not told" alone, since an ending tells them.
    await h.getByRole('button', { name: text(language, 'introductions.member.updateCoordinator') }).click();
    const told = h.getByTestId('check-in-who-is-told');
    await expect(told).toContainText(text(language, 'introductions.member.checkInPrivate', { name: him.firstName }));
    await expect(told).toContainText(text(language, 'introductions.member.checkInEnding', { name: him.firstName }));
    await checkScreen(h);
    await h.getByLabel(text(language, 'introductions.member.followUpStatus')).selectOption('ended');
    await h.getByRole('button', { name: text(language, 'introductions.member.sendFollowUp') }).click();
    const dialog = h.getByRole('dialog', { name: text(language, 'introductions.member.endTitle') });
    // The end dialog says the same rule, with no "where the community keeps first contact…" hedge.
    await expect(dialog).toContainText(text(language, 'introductions.rule.closed'));
    await dialog.getByRole('button', { name: text(language, 'introductions.member.confirmEnd') }).click();
    await expect(h.getByTestId('introduction-closed-by')).toContainText(text(language, 'introductions.member.closedBy.ended.me'));

    // His open thread swaps the composer for the closing note, without a reload.
    await expect(m.getByTestId('may-not-write')).toHaveText(text(language, 'messages.thread.mayNotWriteIntroductionClosed', { name: her.firstName }));
    await expect(m.getByLabel(text(language, 'messages.thread.composer.label'))).toHaveCount(0);

    // He reads who ended it and what he can do now, with a way to write to the coordinator.
    await m.goto('/introductions');
    const closedBy = m.getByTestId('introduction-closed-by');
    await expect(closedBy).toContainText(text(language, 'introductions.member.closedBy.ended.other', { name: her.firstName }));
    await expect(closedBy).toContainText(text(language, 'introductions.member.askAgain'));
    await expect(closedBy.getByRole('link', { name: text(language, 'introductions.member.writeCoordinator', { name: coordinator.firstName }) })).toBeVisible();
    await checkScreen(m);

    // "Why did you end it?" does not reach her: both threads show the closing note where the composer was.
    const refused = await him.context.request.post('/api/messages', { data: { receiverId: her.id, content: 'Why did you end it?' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('introduction-closed');
    for (const [viewer, other] of [
      [him, her],
      [her, him],
    ] as const) {
      await viewer.page.goto(`/conversation/${other.id}`);
      await expect(viewer.page.getByText('Namaste from the feast')).toBeVisible();
      await expect(viewer.page.getByTestId('may-not-write')).toHaveText(text(language, 'messages.thread.mayNotWriteIntroductionClosed', { name: other.firstName }));
      await expect(viewer.page.getByLabel(text(language, 'messages.thread.composer.label'))).toHaveCount(0);
      await checkScreen(viewer.page);
    }
    // Her match page: the note instead of Send Message.
    await m.goto(`/match/${her.profileId}`);
    await expect(m.getByTestId('may-not-write')).toHaveText(text(language, 'messages.thread.mayNotWriteIntroductionClosedOnMatch', { name: her.firstName }));
    await expect(m.getByRole('link', { name: text(language, 'matches.detail.sendMessage') })).toHaveCount(0);
    await checkScreen(m);
    // The coordinator is still written to.
    await expectOk(await him.context.request.post('/api/messages', { data: { receiverId: coordinator.id, content: 'It ended' } }), 'to the coordinator');
    expect(id).toBeTruthy();
  });
}

test('[en/es] a match page states the messaging rule in force before any introduction (#46.1)', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const language of ['en', 'es'] as const) {
    const her = await person(browser, 'woman', 'Ruleher', language);
    const him = await person(browser, 'man', 'Rulehim', language);
    await her.page.goto(`/match/${him.profileId}`);
    await expect(her.page.getByTestId('messaging-rule')).toHaveText(`${text(language, 'introductions.rule.open')} ${text(language, 'introductions.rule.closed')}`);
    await expect(her.page.getByRole('link', { name: text(language, 'matches.detail.sendMessage') })).toBeVisible();
    await checkScreen(her.page);
  }
});

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const language of ['es'] as Array<'en' | 'es'>) {
  test(`[${language}] the coordinator's ended introductions are one banner with the names, dismissed together; the queue tells who asked (#46.14)`, async ({ browser }) => {
    test.setTimeout(240_000);
    const coordinator = await person(browser, 'man', 'Coordbanner', language);
    const elder = await person(browser, 'woman', 'Elderbanner', language);
    const a1 = await person(browser, 'woman', 'Bannera');
    const b1 = await person(browser, 'man', 'Bannerb');
    const a2 = await person(browser, 'woman', 'Bannerc');
    const b2 = await person(browser, 'man', 'Bannerd');
    await grantCoordinatorAndElder(browser, coordinator, elder);
    for (const [a, b] of [
      [a1, b1],
      [a2, b2],
    ] as const) {
      const id = await introduceThroughApi(a, b, coordinator, elder);
      await expectOk(await a.context.request.post(`/api/introductions/${id}/end`, { data: {} }), 'ended');
    }
    const c = coordinator.page;
    await c.goto('/coordinator');
    const banner = c.getByTestId('notice').filter({ has: c.getByTestId('ended-introduction') });
    await expect(banner).toHaveCount(1);
    await expect(banner.getByTestId('ended-introduction')).toHaveText([
      text(language, 'safety.notices.endedPair', { a: a1.firstName, b: b1.firstName }),
      text(language, 'safety.notices.endedPair', { a: a2.firstName, b: b2.firstName }),
    ]);
    await checkScreen(c);
    await banner.getByRole('button', { name: text(language, 'safety.notices.acknowledge') }).click();
    await expect(c.getByTestId('ended-introduction')).toHaveCount(0);
    await c.reload();
    await expect(c.getByRole('heading', { name: text(language, 'introductions.coordinator.overview') })).toBeVisible();
    await expect(c.getByTestId('ended-introduction')).toHaveCount(0);

    // A request: the one who asked and the one asked about read differently in the queue.
    await expectOk(await a1.context.request.post('/api/introduction-requests', { data: { userId: b2.id } }), 'request');
    await c.goto('/coordinator?members=requested');
    const card = (user: ApiUser) => c.locator('#coordinator-queue li').filter({ hasText: user.firstName });
    const one = (key: string) => (language === 'en' ? en : es).introductions.coordinator[`${key}_one` as 'requestsMade_one'].replace('{{count, number}}', '1');
    await expect(card(a1).getByTestId('requests-made')).toHaveText(one('requestsMade'));
    await expect(card(a1).getByTestId('requests-about')).toHaveCount(0);
    await expect(card(b2).getByTestId('requests-about')).toHaveText(one('requestsAbout'));
    await expect(card(b2).getByTestId('requests-made')).toHaveCount(0);
    await checkScreen(c);
  });
}

test('[en/es] the launch checklist shows the messaging mode and recommends introductions-only (#46.1)', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const language of ['en', 'es'] as const) {
    const context = await adminContext(browser);
    await context.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
    const page = await context.newPage();
    await page.goto('/admin');
    await expect(page.getByTestId('launch-messaging-mode')).toContainText(text(language, 'admin.launch.mode.open'));
    await expect(page.getByText(text(language, 'admin.launch.items.direct-messages.fix'))).toBeVisible();
    await checkScreen(page);
    await context.close();
  }
});
