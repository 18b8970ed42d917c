import { expect, test, type Browser } from './fixtures';
import en from '../src/web/i18n/en';
import es from '../src/web/i18n/es';
import { serverMailbox } from './mailbox';
import { checkScreen, createPersonThroughApi, expectOk, uniqueEmail, uniqueFirstName, type ApiUser } from './helpers';
import { E2E_ADMIN_PASSWORD } from './smtp-port';

/**
 * References in a real browser: a member asks for a reference, the referee answers in Spanish through the link that
 * reached a real SMTP server (no account), the coordinator reads it and verifies the member, the badge shows on the
 * other member's match page, and an elder reads the reference in the review of an introduction.
 */
const CHARACTER = 'Tulsimala-firme en su práctica, amable con todos y sirve en el templo cada domingo.';

/** The mail this worker's server sent (e2e/mailbox.ts). */
const sink = serverMailbox();

let opened: ApiUser[] = [];
test.afterEach(async () => {
  for (const user of opened) await user.context.close();
  opened = [];
});

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(values[key] ?? ''));

async function person(browser: Browser, gender: 'man' | 'woman', base: string): Promise<ApiUser> {
  const user = await createPersonThroughApi(browser, { gender, firstName: uniqueFirstName(base), profile: { courtshipAlignment: 'either-with-guidance' } });
  opened.push(user);
  return user;
}

test('a reference answered in Spanish through the mailed link, read by the coordinator, who verifies; an elder reads it in review', async ({ browser }) => {
  test.setTimeout(240_000);
  const radha = await person(browser, 'woman', 'Radha');
  const govinda = await person(browser, 'man', 'Govinda');
  const coordinator = await person(browser, 'man', 'Coord');
  const elder = await person(browser, 'woman', 'Elder');
  const adminContext = await browser.newContext();
  await expectOk(await adminContext.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } }), 'admin sign-in');
  for (const [user, roles] of [
    [coordinator, { coordinator: true, elder: false }],
    [elder, { coordinator: false, elder: true }],
  ] as const) {
    await expectOk(await adminContext.request.put(`/api/admin/users/${user.id}/roles`, { data: roles }), 'roles');
  }
  await adminContext.close();

  // The member asks her spiritual teacher, in Spanish; the page says references are confidential.
  const m = radha.page;
  await m.goto('/profile');
  await m.getByRole('link', { name: en.references.mine.link }).click();
  await expect(m.getByRole('heading', { level: 1, name: en.references.mine.title })).toBeVisible();
  await expect(m.getByText(en.references.mine.confidential)).toBeVisible();
  const refereeEmail = uniqueEmail('guru');
  await m.getByLabel(en.references.mine.name).fill('Guru Maharaj');
  await m.getByLabel(en.references.mine.email).fill(refereeEmail);
  await m.getByLabel(en.references.mine.relationship).selectOption({ label: en.references.relationships['spiritual-teacher'] });
  await m.getByLabel(en.references.mine.language).selectOption('es');
  await m.getByRole('button', { name: en.references.mine.send }).click();
  await expect(m.getByTestId('my-references').getByText(en.references.statuses.requested)).toBeVisible();
  await checkScreen(m);

  // The mail reached the SMTP server, in Spanish, with the member's first name and a single-use link.
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = sink.inbox.filter((item) => item.to === refereeEmail).at(-1);
        link = mail && /https?:\/\/[^/\s]+(\/reference\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
        return Boolean(link) && mail!.headers.subject === 'Un miembro de Sanga te pide una referencia' && mail!.text.includes(radha.firstName);
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  // The referee, not signed in, opens it: the page is in Spanish and says who reads the answers.
  const refereeContext = await browser.newContext();
  const r = await refereeContext.newPage();
  await r.goto(link!);
  await expect(r.getByRole('heading', { level: 1, name: fill(es.references.referee.title, { name: radha.firstName }) })).toBeVisible();
  await expect(r.getByTestId('referee-privacy')).toHaveText(fill(es.references.referee.privacy, { name: `${radha.firstName} D.` }));
  await checkScreen(r);
  await r.getByLabel(es.references.referee.refereeName).fill('Guru Maharaj');
  await r.getByLabel(es.references.referee.knownForYears).fill('12');
  await r.getByRole('group', { name: es.references.referee.inGoodStanding }).getByLabel(es.references.referee.standing.yes, { exact: true }).check();
  await r.getByRole('group', { name: es.references.referee.recommend }).getByLabel(es.references.referee.recommendations.yes, { exact: true }).check();
  await r.getByLabel(es.references.referee.character).fill(CHARACTER);
  await r.getByLabel(es.references.referee.mayContact).check();
  await r.getByRole('button', { name: es.references.referee.submit }).click();
  await expect(r.getByRole('status').filter({ hasText: es.references.referee.thanks })).toBeVisible();
  // Spent: the link no longer opens the form.
  await r.reload();
  await expect(r.getByText(es.references.referee.invalid)).toBeVisible();
  await refereeContext.close();

  // The member sees it was received, never what was written.
  await m.reload();
  await expect(m.getByTestId('my-references').getByText(en.references.statuses.received)).toBeVisible();
  await expect(m.getByText(CHARACTER)).toHaveCount(0);

  // The coordinator reads it on the member's page and verifies her (a video call).
  const c = coordinator.page;
  await c.goto(`/coordinator/members/${radha.id}`);
  await expect(c.getByTestId('staff-references').getByText(CHARACTER)).toBeVisible();
  await c.getByLabel(en.references.staff.method).selectOption('video-call');
  await c.getByLabel(en.references.staff.note).fill('Met her and her mother by video.');
  await c.getByRole('button', { name: en.references.staff.verify }).click();
  await expect(c.getByTestId('verification-status')).toContainText(en.references.staff.methods['video-call']);
  await checkScreen(c);

  // Govinda sees the badge (the method on tap) and the count on Radha's match page, never the content.
  const g = govinda.page;
  await g.goto(`/match/${radha.profileId}`);
  const badge = g.getByTestId('verified-badge');
  await expect(badge).toContainText(en.references.badge.verified);
  await badge.locator('summary').click();
  await expect(badge.getByText(/by video call/)).toBeVisible();
  await expect(g.getByTestId('reference-count')).toHaveText(fill(en.references.badge.references_one, { count: 1 }));
  await expect(g.getByText(CHARACTER)).toHaveCount(0);

  // Proposed to the elders, who read both members' references in the review.
  const proposed = await coordinator.context.request.post('/api/introductions', { data: { memberA: radha.id, memberB: govinda.id, note: 'Both serve on Sundays.' } });
  await expectOk(proposed, 'proposal');
  const e = elder.page;
  await e.goto('/elders');
  const card = e.locator('li', { hasText: 'Both serve on Sundays.' });
  const ofRadha = card.getByTestId('elder-references').first();
  await ofRadha.locator('summary').click();
  await expect(ofRadha.getByText(CHARACTER)).toBeVisible();
  await checkScreen(e);
});

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const language of ['es'] as Array<'en' | 'es'>) {
  const t = language === 'en' ? en : es;

  test(`[${language}] the referee's mail and page name the member by first name, last initial and city, with the first photo's thumbnail while the link is open (375 px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const radha = await person(browser, 'woman', 'Radha');
    const refereeEmail = uniqueEmail('temple');
    await expectOk(await radha.context.request.post('/api/references', { data: { name: 'Bhakti Tirtha Das', email: refereeEmail, relationship: 'temple-leader', language } }), 'ask');
    let link: string | undefined;
    let text = '';
    await expect
      .poll(
        () => {
          const mail = sink.inbox.filter((item) => item.to === refereeEmail).at(-1);
          text = mail?.text ?? '';
          link = mail && /https?:\/\/[^/\s]+(\/reference\/\S+)/.exec(mail.text)?.[1];
          return Boolean(link);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    // Greeted by the name as given; the member named so a temple leader knows whom they vouch for.
    expect(text.split('\n')[0]).toBe(language === 'en' ? 'Hi Bhakti Tirtha Das,' : 'Hola, Bhakti Tirtha Das:');
    expect(text).toContain(language === 'en' ? `“${radha.firstName} D.” from “Austin”` : `“${radha.firstName} D.” de “Austin”`);

    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(link!);
    const who = page.getByTestId('referee-member');
    await expect(who).toHaveText(`${radha.firstName} D. ${fill(t.references.referee.from, { city: 'Austin' })}`);
    const photo = who.getByRole('img', { name: fill(t.references.referee.photoAlt, { name: `${radha.firstName} D.` }) });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await checkScreen(page);

    // Declined: the thumbnail goes from the page, and its address answers nothing more.
    const photoPath = (await photo.getAttribute('src'))!;
    await page.getByRole('button', { name: t.references.referee.decline }).click();
    await expect(page.getByRole('status')).toHaveText(t.references.referee.declined);
    await expect(who.getByRole('img')).toHaveCount(0);
    expect((await page.request.get(photoPath)).status()).toBe(404);
    await context.close();
  });
}
