/**
 * The staff and introduction screens name themselves to the tab, the history and screen readers, in English and
 * Spanish: no "Page Not Found" on a screen that was found. Every route of the router has a title
 * (src/web/app/page-titles.test.ts); this checks the four that had none, as people see them.
 */
import { expect, test } from './fixtures';
import en from '../src/web/i18n/en';
import es from '../src/web/i18n/es';
import { resources } from '../src/web/i18n/resources';
import { createPersonThroughApi, grantCoordinatorAndElder, newApiAccount, setMemberLanguage, uniqueFirstName } from './helpers';


/** The verification screens' words, which the app loads with those screens (i18n/screen-texts.ts). */
const screens = (catalog: typeof en | typeof es) => (catalog === en ? resources.en : resources.es).translation.verification;

test('Introductions, Coordinator, a coordinator’s member page and Elders have their own titles in both languages', async ({ browser }) => {
  // Six screens in two languages (the ladder of verification's two added four loads).
  test.setTimeout(120_000);
  const member = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Titled') });
  const coordinator = await newApiAccount(browser);
  const elder = await newApiAccount(browser);
  await grantCoordinatorAndElder(browser, coordinator, elder);

  // Each screen's heading and title in one language, read from that language's catalog.
  const screensIn = (catalog: typeof en | typeof es) => [
    { context: member.context, path: '/introductions', heading: catalog.introductions.member.title, title: catalog.common.titles.introductions },
    { context: coordinator.context, path: '/coordinator', heading: catalog.introductions.coordinator.title, title: catalog.common.titles.coordinator },
    { context: coordinator.context, path: `/coordinator/members/${member.id}`, heading: `${member.firstName} Devi`, title: catalog.common.titles.coordinatorMember },
    { context: elder.context, path: '/elders', heading: catalog.introductions.elders.title, title: catalog.common.titles.elders },
    { context: coordinator.context, path: '/coordinator/selfies', heading: screens(catalog).review.title, title: catalog.common.titles.selfieReview },
    { context: member.context, path: '/profile/verification', heading: screens(catalog).mine.title, title: catalog.common.titles.verification },
  ];
  for (const [language, catalog] of [['en', en], ['es', es]] as const) {
    for (const screen of screensIn(catalog)) {
      // Each person's screens are in their account's language.
      await setMemberLanguage(screen.context, language);
      const page = await screen.context.newPage();
      await page.goto(screen.path);
      // The screen itself arrived (not a not-found page), then its title is its own.
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expect(page).toHaveTitle(`${screen.title} · Sanga`);
      await expect(page).not.toHaveTitle(`${catalog.common.titles.notFound} · Sanga`);
      await page.close();
    }
  }
});
