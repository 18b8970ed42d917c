/**
 * The staff and introduction screens name themselves to the tab, the history and screen readers, in English and
 * Spanish: no "Page Not Found" on a screen that was found. Every route of the router has a title
 * (src/web/features/document-title/page-title.test.ts); this checks the four that had none, as people see them.
 */
import { expect, test } from './fixtures';
import en from '../src/web/i18n/en';
import es from '../src/web/i18n/es';
import { createPersonThroughApi, grantCoordinatorAndElder, newApiAccount, uniqueFirstName } from './helpers';

test('Introductions, Coordinator, a coordinator’s member page and Elders have their own titles in both languages', async ({ browser }) => {
  const member = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Titled') });
  const coordinator = await newApiAccount(browser);
  const elder = await newApiAccount(browser);
  await grantCoordinatorAndElder(browser, coordinator, elder);

  const screens = [
    { context: member.context, path: '/introductions', heading: (c: typeof en) => c.introductions.member.title, title: (c: typeof en) => c.common.titles.introductions },
    { context: coordinator.context, path: '/coordinator', heading: (c: typeof en) => c.introductions.coordinator.title, title: (c: typeof en) => c.common.titles.coordinator },
    { context: coordinator.context, path: `/coordinator/members/${member.id}`, heading: () => `${member.firstName} Devi`, title: (c: typeof en) => c.common.titles.coordinatorMember },
    { context: elder.context, path: '/elders', heading: (c: typeof en) => c.introductions.elders.title, title: (c: typeof en) => c.common.titles.elders },
  ];
  for (const [language, catalog] of [['en', en], ['es', es]] as const) {
    for (const screen of screens) {
      // The last init script wins: each context reads this language from here on.
      await screen.context.addInitScript((lang) => localStorage.setItem('sanga-language', lang), language);
      const page = await screen.context.newPage();
      await page.goto(screen.path);
      // The screen itself arrived (not a not-found page), then its title is its own.
      await expect(page.getByRole('heading', { level: 1, name: screen.heading(catalog) })).toBeVisible();
      await expect(page).toHaveTitle(`${screen.title(catalog)} · Sanga`);
      await expect(page).not.toHaveTitle(`${catalog.common.titles.notFound} · Sanga`);
      await page.close();
    }
  }
});
