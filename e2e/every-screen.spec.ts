import { expect, test, type BrowserContext, type Page } from './fixtures';
import { applicationBody } from '#server/test/fixtures';
import enCatalog from '../src/web/i18n/en';
import esCatalog from '../src/web/i18n/es';
import { adminContext, createPersonThroughApi, expectNoHorizontalScroll, expectNoSeriousA11yViolations, expectOk, setMemberLanguage, settled, trackRequests, uniqueFirstName, type ApiUser } from './helpers';

/**
 * Every screen (public, member, volunteer, admin), in each language at 375 px: nothing
 * sticks out sideways, no text of the other language (or a raw key) on the page, and axe with all rules finds no
 * serious or critical violation. One sign-in per role, reused by every pass.
 */

type Language = 'en' | 'es';

/** Catalog leaves by dotted key. */
function leaves(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}
const en = leaves(enCatalog);
const es = leaves(esCatalog);
// The offerings' labels go into the background a volunteer sends (spec §7 note): user content, in the sender's language.
const userContentKeys = new Set(['volunteer.apply.payloadLabels.freeOfferings', 'volunteer.apply.payloadLabels.paidServices']);

/** Whole texts of the other language that must not show: sentences and phrases, not single words shared by both. */
function foreignTexts(language: Language): string[] {
  const [own, other] = language === 'es' ? [es, en] : [en, es];
  const out: string[] = [];
  for (const [key, text] of other) {
    if (userContentKeys.has(key) || text === own.get(key) || text.includes('{{') || !text.includes(' ') || text.length < 10) continue;
    out.push(text);
  }
  return out;
}
const RAW_KEY = /\b(common|auth|landing|donation|notFound|profile|volunteer|guidance|admin|messages|matches)\.[a-z][A-Za-z]*\.[A-Za-z.]+/;

async function expectOnlyLanguage(page: Page, language: Language) {
  const text = await page.locator('body').innerText();
  expect(foreignTexts(language).filter((foreign) => text.includes(foreign))).toEqual([]);
  expect(text).not.toMatch(RAW_KEY);
  expect(text).not.toContain('{{');
}

/** Nothing visible reaches past the screen's edges (a horizontal scroll or a clipped control). */
async function expectNothingOffScreen(page: Page) {
  await expectNoHorizontalScroll(page);
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const bad: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('a, button, h1, h2, h3, p, label, input, textarea, select, img')) {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue; // screen-reader-only text
      if (rect.left < -1 || rect.right > width + 1) bad.push(`${element.tagName.toLowerCase()} "${(element.innerText || element.getAttribute('aria-label') || '').slice(0, 40)}" ${Math.round(rect.left)}–${Math.round(rect.right)}`);
    }
    return bad;
  });
  expect(outside).toEqual([]);
}

interface Screen {
  path: string;
  who: 'visitor' | 'member' | 'admin';
  /** Extra checks for this screen, after the page has its heading. */
  check?: (page: Page, language: Language) => Promise<void>;
}

let visitor: BrowserContext;
let member: ApiUser;
let match: ApiUser;
let admin: BrowserContext;
let screens: Screen[];

test.describe('every screen, both languages, phone and desktop', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    visitor = await browser.newContext();
    member = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Uma') });
    match = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Hari') });
    await expectOk(await member.context.request.post('/api/messages', { data: { receiverId: match.id, content: 'Namaste' } }), 'message');
    // The member is also a volunteer, so /volunteer-profile and the admin list have an application.
    await expectOk(await member.context.request.post('/api/volunteer-application', { data: applicationBody({ name: `${member.firstName} Devi`, email: member.email }) }), 'volunteer application');
    admin = await adminContext(browser);
    screens = [
      { path: '/', who: 'visitor' },
      { path: '/login', who: 'visitor' },
      { path: '/login?mode=signup', who: 'visitor' },
      { path: '/forgot-password', who: 'visitor' },
      { path: '/reset-password?token=not-a-real-token', who: 'visitor' },
      { path: '/donation-guide', who: 'visitor' },
      { path: '/guidance', who: 'visitor' },
      { path: '/admin-login', who: 'visitor' },
      { path: '/privacy', who: 'visitor' },
      { path: '/no-such-page', who: 'visitor' },
      // A guardian's invitation link, and the guardian's screen (this member accompanies nobody).
      { path: '/guardian-invitation?token=not-a-real-token', who: 'visitor' },
      { path: '/guarding', who: 'member' },
      { path: '/reference/not-a-real-token', who: 'visitor' },
      {
        path: '/profile',
        who: 'member',
        // The birth date picker follows the page language.
        check: async (page, language) => expect(page.locator('input[type="date"]')).toHaveAttribute('lang', language),
      },
      { path: '/profile/photos', who: 'member' },
      { path: '/profile/preview', who: 'member' },
      { path: '/profile/blocked', who: 'member' },
      // The member's references (the confidentiality line) and a referee's page for a link that is not valid.
      { path: '/profile/references', who: 'member', check: async (page) => expect(page.getByTestId('references-confidential')).toBeVisible() },
      // Her ladder of verification, with the selfie step (issue 50).
      { path: '/profile/verification', who: 'member', check: async (page) => expect(page.getByTestId('my-ladder')).toBeVisible() },
      { path: '/browse', who: 'member', check: async (page) => expect(page.locator(`a[href="/match/${match.profileId}"]`)).toBeVisible() },
      { path: `/match/${match.profileId}`, who: 'member' },
      { path: '/messages', who: 'member' },
      { path: '/messages/hidden', who: 'member' },
      // Outcomes: a member without the coordinator role is told the page is not hers (outcomes.spec.ts has the figures).
      { path: '/coordinator/outcomes', who: 'member' },
      { path: `/conversation/${match.id}`, who: 'member', check: async (page) => expect(page.getByRole('log').getByTestId('message')).toHaveCount(1) },
      { path: '/guidance', who: 'member' },
      { path: '/volunteer-apply', who: 'member' },
      { path: '/volunteer-profile', who: 'member', check: async (page) => expect(page.getByTestId('volunteer-agreement')).toBeVisible() },
      // Signed in: the dashboard itself, with the member's application on it.
      { path: '/admin', who: 'admin', check: async (page) => expect(page.getByTestId('volunteer-application').first()).toBeVisible() },
    ];
  });

  test('the language scan knows the other language (a guard against an empty word list)', () => {
    expect(foreignTexts('es')).toContain(enCatalog.landing.hero.title);
    expect(foreignTexts('en')).toContain(esCatalog.landing.hero.title);
  });

  test.afterAll(async () => {
    await Promise.all([visitor?.close(), member?.context.close(), match?.context.close(), admin?.close()]);
  });

  // Both languages on a phone (mobile first: the narrowest screen is where words overflow). The desktop adds nothing
  // a screen's words could break: nav-fit.spec.ts walks every screen at 375, 768, 1024 and 1280 px in both languages.
  for (const [language, width] of [['en', 375], ['es', 375]] as const) {
    test(`[${language}] at ${width} px`, async () => {
      // 26 screens, each scanned by axe with every rule; /privacy and /profile/blocked added two.
      test.setTimeout(240_000);
      const pages: Record<Screen['who'], Page> = {
        visitor: await visitor.newPage(),
        member: await member.context.newPage(),
        admin: await admin.newPage(),
      };
      // The member's screens are in her account's language.
      await setMemberLanguage(member.context, language);
      for (const page of Object.values(pages)) {
        trackRequests(page);
        await page.setViewportSize({ width, height: 740 });
        await page.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
      }
      for (const screen of screens) {
        const page = pages[screen.who];
        await test.step(`${screen.who} ${screen.path}`, async () => {
          await page.goto(screen.path);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          // Whatever loads after the heading (lists, photos) has settled.
          await settled(page);
          await screen.check?.(page, language);
          await expectNothingOffScreen(page);
          await expectOnlyLanguage(page, language);
          await expectNoSeriousA11yViolations(page);
        });
      }
      await Promise.all(Object.values(pages).map((page) => page.close()));
    });
  }
});
