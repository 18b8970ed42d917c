import { LIBRARIES_CHUNK } from '#server/libraries-chunk';
import { expect, test } from './fixtures';
import { createPersonThroughApi, expectOk, uniqueFirstName } from './helpers';
import { e2ePort } from './smtp-port';

/**
 * A member screen opened straight from the address bar arrives rendered for that member, with their
 * own answers (server/member-page-html.ts, decision 012): it paints from the HTML, the app takes it over without
 * asking for any of those answers again and without rendering it afresh (a hydration mismatch is a page error), and
 * nothing on the screen moves while it loads (layout shift, measured as Lighthouse does, from the browser's entries).
 */
test('each member screen opened directly arrives rendered for that member, is taken over as it is, and nothing on it moves', async ({ browser }) => {
  const woman = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Lalita') });
  const man = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Nitai') });
  await expectOk(await man.context.request.post('/api/messages', { data: { receiverId: woman.id, content: 'Namaste, Lalita' } }), 'message');
  const page = man.page;
  await page.setViewportSize({ width: 375, height: 800 });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
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

  const screens = [
    // /browse refreshes its list once in the background, as it does on every visit (features/matches/api/matches.ts).
    { url: '/browse', answers: [], inHtml: 'data-testid="match-card"', ready: page.getByTestId('match-card').first() },
    { url: `/match/${woman.profileId}`, answers: [`/api/match/${woman.profileId}`, `/api/user/${woman.id}/info`], inHtml: woman.firstName, ready: page.getByRole('heading', { level: 1, name: new RegExp(woman.firstName) }) },
    { url: '/messages', answers: ['/api/conversations'], inHtml: woman.firstName, ready: page.getByRole('link', { name: new RegExp(woman.firstName) }) },
    { url: `/conversation/${woman.id}`, answers: [`/api/messages/${woman.id}`, `/api/user/${woman.id}/info`], inHtml: 'Namaste, Lalita', ready: page.getByText('Namaste, Lalita') },
    { url: '/introductions', answers: ['/api/introductions', '/api/introduction-requests'], inHtml: 'data-member="1"', ready: page.getByText(/no introductions/i) },
    { url: '/profile', answers: ['/api/profile'], inHtml: man.firstName, ready: page.getByRole('link', { name: /preview/i }) },
  ];
  for (const screen of screens) {
    const asked = new Map<string, number>();
    const count = (request: { url: () => string }) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.set(pathname + search, (asked.get(pathname + search) ?? 0) + 1);
    };
    page.on('request', count);
    const response = await page.goto(screen.url);
    const html = await response!.text();
    // Rendered for him, in the page itself, and for nobody else to keep.
    expect(html, screen.url).toContain('data-member="1"');
    expect(html, screen.url).toContain(screen.inHtml);
    expect(response!.headers()['cache-control'], screen.url).toBe('private, no-store');
    await expect(screen.ready, screen.url).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /loading/i }), screen.url).toHaveCount(0);
    await page.waitForLoadState('load');
    page.off('request', count);
    // The app started from the answers the page carried: asked for none of them again.
    for (const answer of [...screen.answers, '/api/auth/user', '/api/notices']) expect(asked.get(answer), `${screen.url} asked ${answer}`).toBeUndefined();
    const shifted = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
    expect(shifted, `${screen.url} moved while it loaded`).toBeLessThanOrEqual(0.02);
  }
  expect(pageErrors).toEqual([]);

  // Her /messages is hers: his name, and none of his own page.
  const hers = await woman.page.goto('/messages');
  const herHtml = await hers!.text();
  expect(herHtml).toContain(man.firstName);
  expect(herHtml).not.toContain(`"email":"${man.email}"`);
});

test('a signed-in hint without a session gets the page as for anyone: no render for a member, the sign-in prompt', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await context.addCookies([{ name: 'sanga_signed_in', value: '1', url: `http://127.0.0.1:${e2ePort}` }]);
  const response = await page.goto('/messages');
  const html = await response!.text();
  expect(html).not.toContain('data-member="1"');
  expect(response!.headers()['cache-control']).not.toContain('private');
  await expect(page.getByRole('heading', { name: 'Sign in to see your messages' })).toBeVisible();
  await context.close();
});

/**
 * A screen whose largest paint is a photo (/match) starts its scripts only once that photo is shown
 * (server/scripts-after-first-paint.ts): the photo is held back here, and no script is asked for until it has
 * arrived; then the app starts and takes the screen over.
 */
test('a match opened directly asks for its scripts only once its photo has arrived', async ({ browser }) => {
  const woman = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Radha') });
  const man = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Gopal') });
  const page = man.page;
  const events: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/assets/') && request.resourceType() === 'script') events.push('script');
  });
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname.startsWith('/objects/photos/')) events.push('photo');
  });
  // The photo arrives 400 ms late: well after the first paint, well before the starter's one-second limit.
  await page.route('**/objects/photos/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const response = await page.goto(`/match/${woman.profileId}`);
  const html = await response!.text();
  expect(html).toMatch(/fetchpriority="high"/i);
  await expect(page.locator('html[data-app]')).toHaveCount(1);
  const firstScript = events.indexOf('script');
  expect(firstScript, events.join(' ')).toBeGreaterThan(0);
  expect(events.slice(0, firstScript), events.join(' ')).toContain('photo');
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(woman.firstName) })).toBeVisible();
});

test('a member screen opened directly runs the libraries as a script of their own, and the app only after them', async ({ browser }) => {
  const member = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Sita') });
  const page = member.page;
  // What happens to the page's module scripts, in order: each added to the page, and each loaded (run).
  await page.addInitScript((librariesChunk) => {
    const events: string[] = [];
    (window as unknown as { scriptEvents: string[] }).scriptEvents = events;
    const name = (node: Node) => ((node as HTMLScriptElement).src.includes(`/assets/${librariesChunk}-`) ? 'libraries' : 'app');
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof HTMLScriptElement && node.type === 'module') events.push(`${name(node)} added`);
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('load', (event) => {
      if (event.target instanceof HTMLScriptElement && event.target.type === 'module') events.push(`${name(event.target)} ran`);
    }, true);
  }, LIBRARIES_CHUNK);
  await page.goto('/messages');
  await expect(page.locator('html[data-app]')).toHaveCount(1);
  const events = await page.evaluate(() => (window as unknown as { scriptEvents: string[] }).scriptEvents);
  expect(events).toEqual(['libraries added', 'libraries ran', 'app added', 'app ran']);
});
