import { uniqueSuffix } from '#server/test/fixtures';
import { expect, test } from './fixtures';
import { checkScreen, createPersonThroughApi, uniqueFirstName } from './helpers';

/**
 * /browse narrowed (issue 49 part 2) on a 375 px phone in both languages: an age range, a country and a community,
 * kept in the address bar (a reload keeps them), with the count of what is left, and cleared in one tap; and a distance
 * from the viewer's place, in miles or kilometres as the reader sees heights.
 */
const words = {
  en: {
    filters: /^Narrow the list/,
    minAge: 'Youngest age',
    maxAge: 'Oldest age',
    country: 'Country',
    community: 'Community',
    order: 'Order',
    apply: 'Show matches',
    clear: 'Clear filters',
    found: (n: number) => (n === 1 ? 'We found 1 compatible match for you.' : `We found ${n} compatible matches for you.`),
    usa: 'USA',
    ageRange: 'Age must be between 18 and 99',
    emptyTitle: 'No matches with these filters',
    distance: 'Distance',
    // English in the United States (the browsers' en-US): miles, sent as kilometres.
    wide: { label: 'Within 250 miles', km: 402 },
    narrow: { label: 'Within 50 miles', km: 80 },
    notOnMap: /We could not find your location on the map/,
  },
  es: {
    filters: /^Acotar la lista/,
    minAge: 'Edad mínima',
    maxAge: 'Edad máxima',
    country: 'País',
    community: 'Comunidad',
    order: 'Orden',
    apply: 'Ver coincidencias',
    clear: 'Quitar filtros',
    found: (n: number) => (n === 1 ? 'Encontramos 1 coincidencia compatible para ti.' : `Encontramos ${n} coincidencias compatibles para ti.`),
    usa: 'EE. UU.',
    ageRange: 'La edad debe estar entre 18 y 99',
    emptyTitle: 'No hay coincidencias con estos filtros',
    distance: 'Distancia',
    wide: { label: 'A 500 km o menos', km: 500 },
    narrow: { label: 'A 50 km o menos', km: 50 },
    notOnMap: /No encontramos tu ubicación en el mapa/,
  },
} as const;

/** A date of birth `years` years and a few days ago. */
function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - 10);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

for (const language of ['en', 'es'] as const) {
  const t = words[language];
  test(`[${language}] at 375 px: /browse narrowed by community, ages and country, kept in the address, cleared in one tap`, async ({ browser }) => {
    test.setTimeout(90_000);
    // A community of this test's own, so the people other tests made stay out of the counts.
    const community = `Sangha ${uniqueSuffix()}`;
    const everyone = { ageFlexibility: 'flexible' as const, minAge: 18, maxAge: 99, communityAffiliation: community };
    const viewer = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Uma'), language, profile: { ...everyone, dateOfBirth: bornYearsAgo(31) } });
    const young = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Bala'), profile: { ...everyone, dateOfBirth: bornYearsAgo(30), exactLocation: 'Austin, Texas, USA' } });
    const older = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Vrinda'), profile: { ...everyone, dateOfBirth: bornYearsAgo(47), exactLocation: 'Dallas, TX, USA' } });
    const canadian = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Sanat'), profile: { ...everyone, dateOfBirth: bornYearsAgo(35), exactLocation: 'Toronto, ON, Canada' } });
    const page = viewer.page;
    await page.setViewportSize({ width: 375, height: 800 });
    const cards = page.getByTestId('match-card');
    const shown = async () => (await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-profile-id')))).sort();

    await page.goto('/browse');
    await page.getByText(t.filters).click();
    await page.getByLabel(t.community, { exact: true }).fill(community);
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page).toHaveURL(/community=Sangha/);
    await expect(page.getByTestId('matches-count')).toHaveText(t.found(3));
    expect(await shown()).toEqual([young.profileId, older.profileId, canadian.profileId].sort());

    // Newest first: the three were made in this order.
    const inOrder = () => cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-profile-id')));
    await page.getByLabel(t.order, { exact: true }).selectOption('newest');
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page).toHaveURL(/sort=newest/);
    await expect.poll(inOrder).toEqual([canadian.profileId, older.profileId, young.profileId]);
    await page.getByLabel(t.order, { exact: true }).selectOption('score');

    // An age out of range is said on the field, and nothing is asked of the server.
    await page.getByLabel(t.minAge, { exact: true }).fill('12');
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page.getByLabel(t.minAge, { exact: true })).toHaveAccessibleDescription(t.ageRange);
    await page.getByLabel(t.minAge, { exact: true }).fill('27');
    await page.getByLabel(t.maxAge, { exact: true }).fill('36');
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page).toHaveURL(/minAge=27&maxAge=36/);
    await expect(page.getByTestId('matches-count')).toHaveText(t.found(2));
    expect(await shown()).toEqual([young.profileId, canadian.profileId].sort());

    await page.getByLabel(t.country, { exact: true }).fill(t.usa);
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page.getByTestId('matches-count')).toHaveText(t.found(1));
    expect(await shown()).toEqual([young.profileId]);
    await checkScreen(page);

    // The address keeps it: reloaded, the same narrowing, its values in the form.
    await page.reload();
    await expect(page.getByTestId('matches-count')).toHaveText(t.found(1));
    await expect(page.getByLabel(t.country, { exact: true })).toHaveValue(t.usa);

    // Nobody left: said so, with the way out.
    await page.getByLabel(t.minAge, { exact: true }).fill('40');
    await page.getByLabel(t.maxAge, { exact: true }).fill('45');
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page.getByRole('heading', { name: t.emptyTitle })).toBeVisible();
    await checkScreen(page);
    await page.getByRole('button', { name: t.clear }).first().click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(cards.first()).toBeVisible();
    for (const person of [viewer, young, older, canadian]) await person.context.close();
  });
}

for (const language of ['en', 'es'] as const) {
  const t = words[language];
  test(`[${language}] at 375 px: /browse narrowed by distance, in the reader's units, sent as km; a viewer not on the map is told why`, async ({ browser }) => {
    test.setTimeout(90_000);
    const community = `Sangha ${uniqueSuffix()}`;
    const everyone = { ageFlexibility: 'flexible' as const, minAge: 18, maxAge: 99, communityAffiliation: community };
    // The viewer lives in Austin, Texas: Dallas is 293 km (182 miles) away, Toronto 2,200 km.
    const viewer = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Uma'), language, profile: { ...everyone, dateOfBirth: bornYearsAgo(31), exactLocation: 'Austin, TX, USA' } });
    const near = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Bala'), profile: { ...everyone, dateOfBirth: bornYearsAgo(30), exactLocation: 'San Marcos, TX, USA' } });
    const dallas = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Vrinda'), profile: { ...everyone, dateOfBirth: bornYearsAgo(33), exactLocation: 'Dallas, TX, USA' } });
    const far = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Sanat'), profile: { ...everyone, dateOfBirth: bornYearsAgo(35), exactLocation: 'Toronto, ON, Canada' } });
    const page = viewer.page;
    await page.setViewportSize({ width: 375, height: 800 });
    const cards = page.getByTestId('match-card');
    const shown = async () => (await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-profile-id')))).sort();

    await page.goto(`/browse?community=${encodeURIComponent(community)}`);
    await expect(page.getByTestId('matches-count')).toHaveText(t.found(3));
    await page.getByLabel(t.distance, { exact: true }).selectOption({ label: t.wide.label });
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page).toHaveURL(new RegExp(`withinKm=${t.wide.km}`));
    await expect(page.getByTestId('matches-count')).toHaveText(t.found(2));
    expect(await shown()).toEqual([near.profileId, dallas.profileId].sort());
    await page.getByLabel(t.distance, { exact: true }).selectOption({ label: t.narrow.label });
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page).toHaveURL(new RegExp(`withinKm=${t.narrow.km}`));
    await expect(page.getByTestId('matches-count')).toHaveText(t.found(1));
    expect(await shown()).toEqual([near.profileId]);
    await checkScreen(page);
    // Reloaded, the same distance in the form.
    await page.reload();
    await expect(page.getByLabel(t.distance, { exact: true })).toHaveValue(String(t.narrow.km));
    await expect(page.getByTestId('matches-count')).toHaveText(t.found(1));

    // A viewer whose own place is not on the map is told why, with the filters still there to change.
    const lost = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Radha'), language, profile: { ...everyone, dateOfBirth: bornYearsAgo(29), exactLocation: 'Mayapur, West Bengal, India' } });
    await lost.page.setViewportSize({ width: 375, height: 800 });
    await lost.page.goto(`/browse?withinKm=${t.narrow.km}`);
    await expect(lost.page.getByRole('alert').filter({ hasText: t.notOnMap })).toBeVisible();
    await expect(lost.page.getByLabel(t.distance, { exact: true })).toBeVisible();
    await checkScreen(lost.page);
    for (const person of [viewer, near, dallas, far, lost]) await person.context.close();
  });
}
