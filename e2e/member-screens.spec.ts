import { expect, test } from './fixtures';
import { createPersonThroughApi, expectOk, uniqueFirstName } from './helpers';

/**
 * Issue 34 item 4: a member screen opened straight from the address bar gets its code and first answers named in
 * the page (server/web-preload.ts), the browser hands the app those answers instead of asking twice, and nothing on
 * the screen moves while it fills in (layout shift, measured as Lighthouse does, from the browser's own entries).
 */
test('each member screen opened directly uses the answers preloaded for it, and nothing on it moves while it loads', async ({ browser }) => {
  const woman = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Lalita') });
  const man = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Nitai') });
  await expectOk(await man.context.request.post('/api/messages', { data: { receiverId: woman.id, content: 'Namaste, Lalita' } }), 'message');
  const page = man.page;
  await page.setViewportSize({ width: 375, height: 800 });
  // Every layout shift of the page's life, as Lighthouse counts them (none right after an input).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Who is signed in answers late, as on a slow phone: the screen shows its frame first, and must not move after.
  await page.route('**/api/auth/user', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });

  const screens = [
    { url: '/browse', answer: '/api/matches?limit=50&offset=0', ready: page.getByTestId('match-card').first() },
    { url: `/match/${woman.profileId}`, answer: `/api/match/${woman.profileId}`, ready: page.getByRole('heading', { level: 1, name: new RegExp(woman.firstName) }) },
    { url: '/messages', answer: '/api/conversations', ready: page.getByRole('link', { name: new RegExp(woman.firstName) }) },
    { url: `/conversation/${woman.id}`, answer: `/api/messages/${woman.id}`, ready: page.getByText('Namaste, Lalita') },
    { url: '/introductions', answer: '/api/introductions', ready: page.getByText(/no introductions/i) },
    { url: '/profile', answer: '/api/profile', ready: page.getByRole('link', { name: /preview/i }) },
  ];
  for (const screen of screens) {
    const asked = new Map<string, number>();
    const count = (request: { url: () => string }) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.set(pathname + search, (asked.get(pathname + search) ?? 0) + 1);
    };
    page.on('request', count);
    const response = await page.goto(screen.url);
    expect(await response!.text(), screen.url).toContain(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${screen.answer}">`);
    await expect(screen.ready, screen.url).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /loading/i }), screen.url).toHaveCount(0);
    page.off('request', count);
    // Asked once: the preload's answer was the app's (the browser asks again when the request differs).
    expect(asked.get(screen.answer), screen.url).toBe(1);
    expect(asked.get('/api/auth/user'), screen.url).toBe(1);
    const shifted = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
    expect(shifted, `${screen.url} moved while it loaded`).toBeLessThanOrEqual(0.02);
  }
});
