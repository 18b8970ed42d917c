import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from './fixtures';
import { applicationBody } from '#server/test/fixtures';
import { resources } from '../src/web/i18n/resources';
import { adminContext, createPersonThroughApi, expectOk, setMemberLanguage, settled, trackRequests, uniqueFirstName, type ApiUser } from './helpers';

// The catalog with the words screens load with them (the admin dashboard's among them): i18n/resources.ts.
const enCatalog = resources.en.translation;
const esCatalog = resources.es.translation;

/**
 * The navigation holds at every width in both languages. Every signed-in screen, for an elder who
 * also coordinates (every screen a member and a coordinator have, under the longest navigation there is) and for
 * the admin, at 375, 768, 1024 and 1280 px in English and Spanish: nothing scrolls
 * sideways, and no control of the header (the navigation's links and buttons, the admin's Logout) leaves the
 * screen or has its label broken onto two lines. One page per role and language; each screen is loaded once
 * and checked at every width by resizing.
 *
 * NAV_SCREENSHOT_DIR=<dir> also saves the Spanish header at 375 and 1024 px for a person to look at.
 */

const WIDTHS = [375, 768, 1024, 1280] as const;
const catalogs = { en: enCatalog, es: esCatalog } as const;
type Role = 'elder' | 'admin';

let member: ApiUser;
let match: ApiUser;
let elder: ApiUser;
let admin: BrowserContext;

/** The screens a signed-in member has, and those the elder's roles add; the admin's one screen. */
function screensOf(role: Role): string[] {
  if (role === 'admin') return ['/admin'];
  const common = [
    '/',
    '/browse',
    `/match/${match.profileId}`,
    '/messages',
    `/conversation/${match.id}`,
    '/introductions',
    '/guidance',
    '/profile',
    '/profile/photos',
    '/profile/preview',
    '/profile/blocked',
    '/profile/verification',
    '/settings',
    '/volunteer-apply',
    '/volunteer-profile',
    '/donation-guide',
    '/privacy',
  ];
  return ['/elders', '/coordinator', '/coordinator/selfies', `/coordinator/members/${member.id}`, ...common];
}

/**
 * What does not fit at this width: a sideways scroll, a header control outside the screen, a header label on
 * two lines. `extraLabel` names one more button to check the same way (the admin's Logout sits in the page).
 */
async function misfits(page: Page, extraLabel: string | null): Promise<string[]> {
  return page.evaluate((extra) => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const scrolling = document.scrollingElement ?? document.documentElement;
    if (scrolling.scrollWidth > width) problems.push(`the page scrolls sideways: ${scrolling.scrollWidth} > ${width}`);
    const controls = [...document.querySelectorAll<HTMLElement>('header a, header button')];
    if (extra) controls.push(...[...document.querySelectorAll<HTMLElement>('main button')].filter((button) => button.innerText.trim() === extra));
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue; // hidden, or screen-reader-only
      const name = (control.innerText || control.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ');
      if (box.left < -0.5 || box.right > width + 0.5) problems.push(`"${name}" leaves the screen (${Math.round(box.left)}–${Math.round(box.right)} of ${width})`);
      // A label broken onto two lines: one of its words' text node laid out in fragments on different lines.
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.push(`"${name}" wraps onto ${tops.size} lines`);
      }
    }
    return problems;
  }, extraLabel);
}

test.describe('the navigation fits every width, in both languages, for every role', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    member = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Uma') });
    match = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Hari') });
    elder = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Elder') });
    await expectOk(await member.context.request.post('/api/messages', { data: { receiverId: match.id, content: 'Namaste' } }), 'message');
    await expectOk(await member.context.request.post('/api/volunteer-application', { data: applicationBody({ name: `${member.firstName} Devi`, email: member.email }) }), 'volunteer application');
    admin = await adminContext(browser);
    // The admin grants the roles through the API (introductions.spec.ts walks the admin screen).
    // The elder coordinates too: the longest navigation there is (both role links), the case most likely to overflow.
    await expectOk(await admin.request.put(`/api/admin/users/${elder.id}/roles`, { data: { coordinator: true, elder: true } }), 'elder role');
  });

  test.afterAll(async () => {
    await Promise.all([member?.context.close(), match?.context.close(), elder?.context.close(), admin?.close()]);
  });

  for (const language of ['en', 'es'] as const) {
    // A member's and a coordinator's links are a part of the elder's: walking them as well took twice the time and
    // could find nothing this pass cannot (the run's length).
    for (const role of ['elder', 'admin'] as const) {
      test(`[${language}] ${role}: every screen at ${WIDTHS.join(', ')} px`, async () => {
        test.setTimeout(180_000);
        const context = role === 'admin' ? admin : elder.context;
        // The elder's screens are in her account's language.
        if (role === 'elder') await setMemberLanguage(elder.context, language);
        const page = await context.newPage();
        trackRequests(page);
        await page.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
        const t = catalogs[language];
        const adminLogout = role === 'admin' ? t.admin.dashboard.logout : null;
        const found: string[] = [];
        let firstScreen = true;
        for (const screen of screensOf(role)) {
          await page.setViewportSize({ width: WIDTHS[0], height: 800 });
          await page.goto(screen);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await settled(page);
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 800 });
            // The signed-in navigation is there: its menu button on a phone or a tablet, its Logout from 1024 px.
            if (role !== 'admin') {
              await expect(width < 1024 ? page.getByRole('button', { name: t.common.nav.openMenu }) : page.getByRole('banner').getByRole('button', { name: t.common.nav.logout })).toBeVisible();
            }
            for (const problem of await misfits(page, adminLogout)) found.push(`${screen} at ${width} px: ${problem}`);
            // The phone menu, opened once per role and language: its links and Logout fit too.
            if (firstScreen && width < 1024 && role !== 'admin') {
              await page.getByRole('button', { name: t.common.nav.openMenu }).click();
              await expect(page.locator('#mobile-menu')).toBeVisible();
              for (const problem of await misfits(page, null)) found.push(`${screen} at ${width} px, menu open: ${problem}`);
              await page.getByRole('button', { name: t.common.nav.closeMenu }).click();
            }
            const shots = process.env.NAV_SCREENSHOT_DIR;
            if (shots && firstScreen && language === 'es' && (width === 375 || width === 1024)) {
              mkdirSync(shots, { recursive: true });
              await page.screenshot({ path: path.join(shots, `nav-${role}-${language}-${width}.png`), clip: { x: 0, y: 0, width, height: 260 } });
            }
          }
          firstScreen = false;
        }
        expect(found).toEqual([]);
        await page.close();
      });
    }
  }
});
