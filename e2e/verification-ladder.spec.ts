import { expect, test, type Browser, type Page } from './fixtures';
import { resources } from '../src/web/i18n/resources';
import { chromiumArgs, resolveChromiumPath } from './chromium-path';
import { checkScreen, createPersonThroughApi, expectOk, uniqueFirstName, type ApiUser } from './helpers';
import { e2ePort, E2E_ADMIN_PASSWORD } from './smtp-port';

/**
 * The ladder of verification (issue 50 part 2) in a real browser at 375 px, in each language: the member opens her
 * ladder, asks for a gesture (and a hands-free one), takes the selfie with Chromium's fake camera (a moving test
 * pattern, granted without a prompt), sends it; a coordinator compares it with her photos on the review page and
 * approves; the "Selfie matched" tick with its date shows on her match page for a match, and her ladder says done.
 */
test.use({
  launchOptions: {
    executablePath: await resolveChromiumPath(),
    args: [...chromiumArgs, `--explicitly-allowed-ports=${e2ePort}`, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

const PHONE = { width: 375, height: 800 };

let opened: ApiUser[] = [];
test.afterEach(async () => {
  for (const user of opened) await user.context.close();
  opened = [];
});

async function person(browser: Browser, gender: 'man' | 'woman', base: string, language: 'en' | 'es'): Promise<ApiUser> {
  const user = await createPersonThroughApi(browser, { gender, firstName: uniqueFirstName(base), language, profile: { courtshipAlignment: 'either-with-guidance' } });
  opened.push(user);
  await user.page.setViewportSize(PHONE);
  return user;
}

async function makeCoordinator(browser: Browser, user: ApiUser) {
  const admin = await browser.newContext();
  await expectOk(await admin.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } }), 'admin sign-in');
  await expectOk(await admin.request.put(`/api/admin/users/${user.id}/roles`, { data: { coordinator: true, elder: false } }), 'roles');
  await admin.close();
}

/** The gesture's words now on the step. */
const gestureText = (page: Page) => page.getByTestId('selfie-gesture-text').innerText();

// The catalogs with the verification screens' words, which the app loads with those screens.
for (const [language, words] of [
  ['en', resources.en.translation],
  ['es', resources.es.translation],
] as const) {
  test(`[${language}] a selfie with the fake camera, approved by a coordinator, shows as a tick on the match page`, async ({ browser }) => {
    test.setTimeout(180_000);
    const radha = await person(browser, 'woman', 'Radha', language);
    const govinda = await person(browser, 'man', 'Govinda', language);
    const coordinator = await person(browser, 'man', 'Coord', language);
    await makeCoordinator(browser, coordinator);
    const v = words.verification;

    // Her ladder, from her profile: nothing done yet, each rung says how.
    const m = radha.page;
    await m.goto('/profile');
    await m.getByTestId('verification-link').click();
    await expect(m.getByRole('heading', { level: 1, name: v.mine.title })).toBeVisible();
    await expect(m.getByTestId('my-rung-selfie')).toHaveAttribute('data-done', 'false');
    await expect(m.getByTestId('my-rung-selfie')).toContainText(v.mine.how.selfie);
    await expect(m.getByTestId('my-rung-references').getByRole('link', { name: v.mine.askReferences })).toBeVisible();
    await checkScreen(m);

    // A gesture drawn at random, its picture named by its words; "I can't make this gesture" offers a hands-free one.
    await m.getByRole('button', { name: v.selfie.start }).click();
    await expect(m.getByTestId('selfie-gesture')).toBeVisible();
    const first = await gestureText(m);
    expect(Object.values(v.gestures)).toContain(first);
    await expect(m.getByRole('img', { name: first })).toBeVisible();
    await m.getByText(v.selfie.cantMake).click();
    await m.getByRole('button', { name: v.selfie.handsFree }).click();
    const handsFree = [v.gestures['turn-head-left'], v.gestures['eyes-closed'], v.gestures['look-up'], v.gestures['tilt-head']];
    await expect.poll(() => gestureText(m)).not.toBe(first);
    expect(handsFree).toContain(await gestureText(m));
    await checkScreen(m);

    // The fake camera: open it, wait for a frame, take the photo, look at it, send it.
    await m.getByRole('button', { name: v.selfie.startCamera }).click();
    const video = m.getByLabel(v.selfie.cameraLabel);
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBeGreaterThan(0);
    await m.getByRole('button', { name: v.selfie.takePhoto }).click();
    const preview = m.getByTestId('selfie-preview');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await m.getByRole('button', { name: v.selfie.send }).click();
    await expect(m.getByTestId('selfie-status')).toContainText(v.selfie.pending.split('{{date}}')[0]!.trim());
    // The camera is let go once the photo is taken.
    expect(await m.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
    await checkScreen(m);

    // The coordinator's review: the selfie beside her profile photos and the gesture asked; she approves.
    const c = coordinator.page;
    await c.goto('/coordinator');
    await c.getByTestId('selfie-review-link').click();
    await expect(c.getByRole('heading', { level: 1, name: v.review.title })).toBeVisible();
    const card = c.getByTestId('queued-selfie').filter({ hasText: radha.firstName });
    await expect(card).toBeVisible();
    const selfie = card.getByTestId('selfie-image');
    await expect.poll(() => selfie.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await expect(card.getByTestId('gesture-picture')).toBeVisible();
    await checkScreen(c);
    await card.getByRole('button', { name: v.review.approve }).click();
    await expect(c.getByText(v.review.approved, { exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);

    // Her match sees the tick with its date on her page, never the selfie.
    const g = govinda.page;
    await g.goto(`/match/${radha.profileId}`);
    const tick = g.getByTestId('rung-selfie');
    await expect(tick).toContainText(v.rungs.selfie);
    await expect(tick.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(g.locator('img[src*="/objects/selfies/"]')).toHaveCount(0);
    await checkScreen(g);

    // And her ladder says it is done.
    await m.reload();
    await expect(m.getByTestId('my-rung-selfie')).toHaveAttribute('data-done', 'true');
    await expect(m.getByTestId('selfie-status')).toBeVisible();
  });
}
