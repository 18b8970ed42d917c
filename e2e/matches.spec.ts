import { expect, test, type Browser, type BrowserContext, type Locator, type Page, type Route } from './fixtures';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import { createPersonThroughApi, expectNoHorizontalScroll, expectNoSeriousA11yViolations, newApiAccount, uniqueFirstName } from './helpers';
import en from '../src/web/i18n/en';

/*
 * /browse and /match/{id} against the real server. People are made through the API (register,
 * profile, two photos, activate) in browser contexts of their own, and found on screen by unique
 * first names: other spec files share the server and add people of their own.
 *
 * The four people are chosen so that the scores follow docs/matching.md whatever today's date is
 * (everyone's sought range is 18–99, birthdays are on 1 January):
 * - Madhav (man) and Kavya (woman, Spanish): same city, same community, neighbouring courtship,
 *   the diet clash, consultation yes + no → 25 + 15 + 15 + 0 + 14 + 0 − 10 = 59 (yellow);
 * - Madhav and Lila: the same on everything → 100 (green);
 * - Madhav and Tara: Vancouver and Austin, both local-only (2), another community (8), both clashes,
 *   yes + no → 2 + 8 + 0 + 0 + 14 + 0 − 20 = 4 (orange).
 */

interface Person {
  context: BrowserContext;
  id: string;
  profileId: string;
  firstName: string;
  age: number;
}

const yearsAgo = (years: number) => `${new Date().getFullYear() - years}-01-01`;

const baseProfile: Partial<ProfileFormValues> = {
  minAge: 18,
  maxAge: 99,
  ageFlexibility: 'flexible',
  exactLocation: 'Austin, Texas, USA',
  relocation: 'local-only',
  communityAffiliation: 'ISKCON',
  courtshipAlignment: 'one-to-one-essential',
  dietAlignment: 'strict-sattvic',
  dealBreakers: 'Smoking, gambling, dishonesty',
  dealMakers: 'Daily japa, kindness, a sense of humour',
  aboutYou: 'I cook for the Sunday feast at our temple and teach a beginners yoga class on weekday evenings.',
  marriageReadinessConsultation: 'yes',
};

/** A person with a saved profile and two photos, active unless told otherwise. */
async function createPerson(
  browser: Browser,
  options: { firstName: string; gender: 'man' | 'woman'; age: number; language?: 'en' | 'es'; profile?: Partial<ProfileFormValues>; active?: boolean },
): Promise<Person> {
  const person = await createPersonThroughApi(browser, {
    ...options,
    profile: { ...baseProfile, ...options.profile, dateOfBirth: yearsAgo(options.age) },
  });
  await person.page.close();
  return { context: person.context, id: person.id, profileId: person.profileId, firstName: options.firstName, age: options.age };
}

/** The browse card of one person, found by the name heading. */
function cardOf(page: Page, person: Person): Locator {
  return page.getByTestId('match-card').filter({ has: page.getByRole('heading', { level: 2, name: `${person.firstName}, ${person.age}` }) });
}

async function expectImageLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

test.describe('matches', () => {
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

  let madhav: Person;
  let kavya: Person;
  let lila: Person;
  let tara: Person;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    madhav = await createPerson(browser, {
      firstName: uniqueFirstName('Madhav'),
      gender: 'man',
      age: 34,
      profile: { languagesSpoken: 'English, Hindi' },
    });
    kavya = await createPerson(browser, {
      firstName: uniqueFirstName('Kavya'),
      gender: 'woman',
      age: 29,
      language: 'es',
      profile: {
        communityAffiliation: ' iskcon ',
        courtshipAlignment: 'one-to-one-preferred',
        dietAlignment: 'open-and-learning',
        marriageReadinessConsultation: 'no',
        languagesSpoken: 'Spanish, English',
      },
    });
    lila = await createPerson(browser, { firstName: uniqueFirstName('Lila'), gender: 'woman', age: 31 });
    tara = await createPerson(browser, {
      firstName: uniqueFirstName('Tara'),
      gender: 'woman',
      age: 33,
      profile: {
        exactLocation: 'Vancouver, BC, Canada',
        communityAffiliation: 'Art of Living',
        courtshipAlignment: 'rotational-essential',
        dietAlignment: 'open-and-learning',
        marriageReadinessConsultation: 'no',
      },
    });
  });

  test.afterAll(async () => {
    for (const person of [madhav, kavya, lila, tara]) await person?.context.close();
  });

  test('two active people of opposite gender see each other in /browse with the same score (English and Spanish)', async () => {
    const page = await madhav.context.newPage();
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover Your Matches');
    const total = Number((await madhav.context.request.get('/api/matches?limit=1')).headers()['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('matches-count')).toHaveText(`We found ${total} compatible matches for you.`);

    // Kavya's card: photo, name and age, score in yellow, bar, breakdown, link.
    const card = cardOf(page, kavya);
    await expect(card).toHaveCount(1);
    await expectImageLoaded(card.getByRole('img', { name: `Photo of ${kavya.firstName}` }));
    await expect(card.getByTestId('match-score')).toHaveText('59%');
    await expect(card.getByTestId('match-score')).toHaveAttribute('data-tone', 'medium');
    const meter = card.getByRole('meter', { name: 'Compatibility score' });
    await expect(meter).toHaveAttribute('aria-valuenow', '59');
    await expect(meter).toHaveAttribute('aria-valuemin', '0');
    await expect(meter).toHaveAttribute('aria-valuemax', '100');
    for (const [component, label, value] of [
      ['location', 'Location', '25/25'],
      ['community', 'Community', '15/15'],
      ['courtship', 'Courtship', '15/20'],
      ['diet', 'Diet', '0/20'],
      ['age', 'Age', '14/14'],
      ['marriageReadiness', 'Marriage readiness', '0/6'],
    ] as const) {
      const row = card.getByTestId(`breakdown-${component}`);
      await expect(row).toContainText(label);
      await expect(row).toContainText(value);
    }
    await expect(card.getByTestId('breakdown-penalties')).toContainText('-10');
    await expect(card.getByRole('link', { name: 'View Full Profile' })).toHaveAttribute('href', `/match/${kavya.profileId}`);

    // The colours follow the score, and the best come first.
    await expect(cardOf(page, lila).getByTestId('match-score')).toHaveText('100%');
    await expect(cardOf(page, lila).getByTestId('match-score')).toHaveAttribute('data-tone', 'high');
    await expect(cardOf(page, lila).getByTestId('breakdown-penalties')).toHaveCount(0);
    await expect(cardOf(page, tara).getByTestId('match-score')).toHaveText('4%');
    await expect(cardOf(page, tara).getByTestId('match-score')).toHaveAttribute('data-tone', 'low');
    await expect(cardOf(page, tara).getByTestId('breakdown-penalties')).toContainText('-20');
    const order = await page.getByTestId('match-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-profile-id')));
    expect(order.indexOf(lila.profileId)).toBeLessThan(order.indexOf(kavya.profileId));
    expect(order.indexOf(kavya.profileId)).toBeLessThan(order.indexOf(tara.profileId));
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(total > 50 ? 1 : 0);

    // Kavya, in Spanish, sees Madhav with the same score.
    const hers = await kavya.context.newPage();
    await hers.goto('/browse');
    await expect(hers.locator('html')).toHaveAttribute('lang', 'es');
    await expect(hers.getByRole('heading', { level: 1 })).toHaveText('Descubre tus coincidencias');
    const herTotal = Number((await kavya.context.request.get('/api/matches?limit=1')).headers()['x-total-count']);
    await expect(hers.getByTestId('matches-count')).toHaveText(
      herTotal === 1 ? 'Encontramos 1 coincidencia compatible para ti.' : `Encontramos ${herTotal} coincidencias compatibles para ti.`,
    );
    const his = cardOf(hers, madhav);
    await expect(his.getByTestId('match-score')).toHaveText('59\u00a0%');
    await expect(his.getByRole('meter', { name: 'Puntuación de compatibilidad' })).toHaveAttribute('aria-valuenow', '59');
    await expect(his.getByTestId('breakdown-courtship')).toContainText('Noviazgo');
    await expect(his.getByTestId('breakdown-courtship')).toContainText('15/20');
    await expect(his.getByTestId('breakdown-penalties')).toContainText('Penalizaciones');
    await expectImageLoaded(his.getByRole('img', { name: `Foto de ${madhav.firstName}` }));
    await expect(his.getByRole('link', { name: 'Ver perfil completo' })).toHaveAttribute('href', `/match/${madhav.profileId}`);
    await page.close();
    await hers.close();
  });

  test('View Full Profile shows the match: photos, the score card rules, the details, Send Message', async () => {
    const page = await madhav.context.newPage();
    await page.goto('/browse');
    // Keyboard: the link is reached and followed with Enter.
    const link = cardOf(page, kavya).getByRole('link', { name: 'View Full Profile' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/match/${kavya.profileId}$`));

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${kavya.firstName}, 29`);
    await expect(page.getByText('Austin, Texas, USA').first()).toBeVisible();
    const photos = page.getByRole('list', { name: 'Photos' }).getByRole('img');
    await expect(photos).toHaveCount(2);
    await expectImageLoaded(page.getByRole('img', { name: `Photo 1 of ${kavya.firstName}` }));
    await expectImageLoaded(page.getByRole('img', { name: `Photo 2 of ${kavya.firstName}` }));

    // Score card: +N only above zero, penalties only when negative.
    const score = page.getByRole('region', { name: 'Compatibility Score' });
    await expect(score.getByTestId('match-score')).toHaveText('59%');
    await expect(score.getByTestId('match-score')).toHaveAttribute('data-tone', 'medium');
    await expect(score.getByRole('meter', { name: 'Compatibility score' })).toHaveAttribute('aria-valuenow', '59');
    for (const [component, label, points] of [
      ['location', 'Location', '+25'],
      ['community', 'Community', '+15'],
      ['courtship', 'Courtship', '+15'],
      ['age', 'Age', '+14'],
    ] as const) {
      const row = score.getByTestId(`breakdown-${component}`);
      await expect(row).toContainText(label);
      await expect(row.getByTestId('breakdown-points')).toHaveText(points);
    }
    await expect(score.getByTestId('breakdown-diet')).toHaveCount(0);
    await expect(score.getByTestId('breakdown-marriageReadiness')).toHaveCount(0);
    await expect(score.getByTestId('breakdown-penalties').getByTestId('breakdown-points')).toHaveText('-10');

    // Details card: enum values as words, the consultation badge.
    const details = page.getByRole('region', { name: 'Profile Details' });
    const detail = (term: string) => details.locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');
    await expect(detail('Age')).toHaveText('29 years');
    await expect(detail('Location')).toHaveText('Austin, Texas, USA');
    await expect(detail('Relocation')).toHaveText('Local only');
    await expect(detail('Community')).toHaveText('iskcon');
    await expect(detail('Courtship approach')).toHaveText('One-to-one preferred');
    await expect(detail('Diet and lifestyle')).toHaveText('Open and learning');
    await expect(detail('Languages spoken')).toHaveText('Spanish, English');
    await expect(detail('About')).toHaveText(String(baseProfile.aboutYou));
    await expect(detail('Deal-makers')).toHaveText(String(baseProfile.dealMakers));
    await expect(detail('Deal-breakers')).toHaveText(String(baseProfile.dealBreakers));
    await expect(details.getByTestId('consultation-badge')).toHaveText('Not interested');

    // Back to Matches goes to /browse; Send Message to the conversation with her account.
    await page.getByRole('link', { name: 'Back to Matches' }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(cardOf(page, kavya)).toBeVisible();
    await cardOf(page, kavya).getByRole('link', { name: 'View Full Profile' }).click();
    await page.getByRole('link', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(new RegExp(`/conversation/${kavya.id}$`));
    await page.close();

    // In Spanish: the same rules, enum words in Spanish, Interested badge.
    const hers = await kavya.context.newPage();
    await hers.goto(`/match/${madhav.profileId}`);
    await expect(hers.getByRole('heading', { level: 1 })).toHaveText(`${madhav.firstName}, 34`);
    const herScore = hers.getByRole('region', { name: 'Puntuación de compatibilidad' });
    await expect(herScore.getByTestId('match-score')).toHaveText('59\u00a0%');
    await expect(herScore.getByTestId('breakdown-location').getByTestId('breakdown-points')).toHaveText('+25');
    await expect(herScore.getByTestId('breakdown-diet')).toHaveCount(0);
    const herDetails = hers.getByRole('region', { name: 'Detalles del perfil' });
    await expect(herDetails).toContainText('Solo local');
    await expect(herDetails).toContainText('Uno a uno, esencial');
    await expect(herDetails).toContainText('Sátvica estricta');
    await expect(herDetails).toContainText('English, Hindi');
    await expect(herDetails.getByTestId('consultation-badge')).toHaveText('Con interés');
    await expect(hers.getByRole('link', { name: 'Enviar mensaje' })).toHaveAttribute('href', `/conversation/${madhav.id}`);
    await expect(hers.getByRole('link', { name: 'Volver a las coincidencias' })).toHaveAttribute('href', '/browse');
    await hers.close();
  });

  test('without an active profile: Profile Not Active, with Get Started to /profile', async ({ browser }) => {
    const noProfile = await newApiAccount(browser);
    const inactive = await createPerson(browser, { firstName: uniqueFirstName('Gopi'), gender: 'woman', age: 30, active: false });
    for (const context of [noProfile.context, inactive.context]) {
      const page = await context.newPage();
      await page.goto('/browse');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover Your Matches');
      await expect(page.getByRole('heading', { level: 2, name: 'Profile Not Active' })).toBeVisible();
      await expect(page.getByText('activate it', { exact: false })).toBeVisible();
      await expect(page.getByText(/2 photos/)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('link', { name: 'Get Started' }).click();
      await expect(page).toHaveURL(/\/profile$/);
    }
    // An inactive person is nobody's match: Madhav gets Profile Not Found for her.
    const page = await madhav.context.newPage();
    await page.goto(`/match/${inactive.profileId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile Not Found');
    await page.close();
    await noProfile.context.close();
    await inactive.context.close();
  });

  test('an unknown, own or malformed id shows Profile Not Found with a way back', async () => {
    const page = await madhav.context.newPage();
    for (const id of ['00000000-0000-4000-8000-000000000000', madhav.profileId, 'not-a-uuid']) {
      await page.goto(`/match/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile Not Found');
      await expect(page.getByRole('alert')).toHaveText('This profile could not be loaded');
    }
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to Matches' }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await page.close();
  });

  test('signed out: /browse and /match ask to sign in and come back', async ({ page }) => {
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover Your Matches');
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/api/login?returnTo=%2Fbrowse');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/login\?mode=signup&returnTo=%2Fbrowse$/);
    await page.goto(`/match/${kavya.profileId}`);
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', `/api/login?returnTo=${encodeURIComponent(`/match/${kavya.profileId}`)}`);
  });

  // One test per viewer (each loads /browse, 50 cards, and a match at two widths, with axe on each): as one test the
  // two viewers came within a few seconds of its 60 s budget on a quiet machine, and past it once.
  for (const viewer of ['madhav', 'kavya'] as const) {
    test(`/browse and /match have no serious accessibility violation and fit a 375 px phone, in English and Spanish (${viewer} viewing)`, async () => {
      const [person, other] = viewer === 'madhav' ? [madhav, kavya] : [kavya, madhav];
      const page = await person.context.newPage();
      for (const viewport of [
        { width: 375, height: 740 },
        { width: 1280, height: 900 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto('/browse');
        await expect(cardOf(page, other)).toBeVisible();
        await expectNoHorizontalScroll(page);
        await expectNoSeriousA11yViolations(page);
        await page.goto(`/match/${other.profileId}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${other.firstName}, ${other.age}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expectNoHorizontalScroll(page);
        await expectNoSeriousA11yViolations(page);
      }
      await page.close();
    });
  }
});

test.describe('the browse screen states (answers of GET /api/matches replaced in the browser)', () => {
  /** A synthetic candidate: no photos, so the placeholder shows; every fifth without a name or age. */
  const synthetic = (index: number) => ({
    profileId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    firstName: index % 5 === 4 ? null : `Person${index}`,
    age: index % 5 === 4 ? null : 20 + (index % 40),
    photos: [],
    score: 90 - Math.floor(index / 2),
    breakdown: { location: 25, community: 15, courtship: 15, diet: 15, age: 14, marriageReadiness: 6, penalties: 0 },
  });

  async function serveMatches(page: Page, handler: (url: URL, route: Route) => Promise<void>) {
    await page.route(/\/api\/matches(\?|$)/, (route) => handler(new URL(route.request().url()), route));
  }

  test('Load more fetches the next 50 until all are shown, and moves focus to the first new card', async ({ browser }) => {
    const { context } = await newApiAccount(browser);
    const page = await context.newPage();
    const total = 53;
    const asked: string[] = [];
    await serveMatches(page, async (url, route) => {
      asked.push(url.search);
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => synthetic(offset + i));
      await route.fulfill({ json: items, headers: { 'X-Total-Count': String(total) } });
    });
    await page.goto('/browse');
    await expect(page.getByTestId('matches-count')).toHaveText('We found 53 compatible matches for you.');
    await expect(page.getByTestId('match-card')).toHaveCount(50);
    await expect(page.getByText('Showing 50 of 53 matches.')).toBeVisible();
    // No photo: the placeholder carries the text; no name: Anonymous.
    await expect(page.getByRole('img', { name: 'No photo of Person0 yet' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Anonymous', exact: true }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(page.getByTestId('match-card')).toHaveCount(53);
    await expect(page.getByText('Showing 53 of 53 matches.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Person50, 30' })).toBeFocused();
    expect(asked).toEqual(['?limit=50&offset=0', '?limit=50&offset=50']);
    await context.close();
  });

  test('one match: the sentence is singular in English and Spanish', async ({ browser }) => {
    const { context } = await newApiAccount(browser);
    const page = await context.newPage();
    await serveMatches(page, (_url, route) => route.fulfill({ json: [synthetic(0)], headers: { 'X-Total-Count': '1' } }));
    await page.goto('/browse');
    await expect(page.getByTestId('matches-count')).toHaveText('We found 1 compatible match for you.');
    // Switched in the navigation bar: the sentence follows at once.
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByTestId('matches-count')).toHaveText('Encontramos 1 coincidencia compatible para ti.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Descubre tus coincidencias');
    await context.close();
  });

  test('no candidates: No Other Profiles Yet, with Edit Your Profile', async ({ browser }) => {
    const { context } = await newApiAccount(browser);
    const page = await context.newPage();
    await serveMatches(page, (_url, route) => route.fulfill({ json: [], headers: { 'X-Total-Count': '0' } }));
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 2, name: 'No Other Profiles Yet' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Edit Your Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await context.close();
  });

  test('another failure: Error Loading Matches with the reason its code gives (never the server sentence), or Failed to load matches', async ({ browser }) => {
    const { context } = await newApiAccount(browser);
    const page = await context.newPage();
    let body = JSON.stringify({ code: 'database-unavailable', message: 'The matches service is unavailable', errors: [] });
    await serveMatches(page, (_url, route) => route.fulfill({ status: 503, contentType: 'application/json', body }));
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 2, name: 'Error Loading Matches' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(en.errors['database-unavailable']);
    await expectNoSeriousA11yViolations(page);
    // A sentence without a code of ours is not shown: the screen's own line is.
    body = JSON.stringify({ message: 'The matches service is unavailable', errors: [] });
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('Failed to load matches');
    body = '';
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('Failed to load matches');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await context.close();
  });
});
