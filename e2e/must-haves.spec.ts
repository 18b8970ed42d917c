import { uniqueSuffix } from '../src/server/test/fixtures';
import { expect, test } from './fixtures';
import { checkScreen, createPersonThroughApi, uniqueFirstName } from './helpers';

/**
 * Mutual must-haves (issue 49 part 2) on a 375 px phone in Spanish: a member says in her profile form whom she would
 * consider, and a man outside it leaves her /browse (and she his), while a man who fits stays.
 */
test('[es] at 375 px: a must-have set in the form takes the excluded man off /browse, both ways', async ({ browser }) => {
  test.setTimeout(120_000);
  // A community of this test's own, so the people other tests made stay out of the lists.
  const community = `Sangha ${uniqueSuffix()}`;
  const everyone = { ageFlexibility: 'flexible' as const, minAge: 18, maxAge: 99, communityAffiliation: community };
  const woman = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Lalita'), language: 'es', profile: { ...everyone, maritalHistory: 'never-married', heightCm: 160 } });
  const divorced = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Madhava'), language: 'es', profile: { ...everyone, maritalHistory: 'divorced' } });
  const single = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName('Keshava'), language: 'es', profile: { ...everyone, maritalHistory: 'never-married' } });
  const page = woman.page;
  await page.setViewportSize({ width: 375, height: 800 });
  const browse = `/browse?community=${encodeURIComponent(community)}`;
  const shown = (on = page) => on.getByTestId('match-card').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-profile-id')).sort());

  await page.goto(browse);
  await expect.poll(() => shown()).toEqual([divorced.profileId, single.profileId].sort());

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'A quién consideraría' });
  await expect(section).toContainText('Funciona en ambos sentidos');
  const maritalHistories = section.getByRole('group', { name: 'Estados civiles que consideraría' });
  // By keyboard: the checkbox takes focus and Space checks it.
  await maritalHistories.getByLabel('Soltero/a', { exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(maritalHistories.getByLabel('Soltero/a', { exact: true })).toBeChecked();
  await maritalHistories.getByLabel('Viudo/a', { exact: true }).check();
  // A height range in her units (centimetres in Spanish); he gave none, so it leaves him in.
  await section.getByLabel('Desde', { exact: true }).selectOption({ label: '165 cm' });
  await checkScreen(page);
  await page.getByRole('button', { name: 'Actualizar perfil' }).click();
  await expect(page.getByRole('region', { name: /Notificaciones/ })).toContainText('Tu perfil se ha actualizado');
  const saved = (await (await page.request.get('/api/profile')).json()) as Record<string, unknown>;
  expect(saved.mustHaves).toEqual({ maritalHistory: ['never-married', 'widowed'], heightCm: { min: 165, max: 230 } });

  await page.goto(browse);
  await expect.poll(() => shown()).toEqual([single.profileId]);
  // Both ways: she has left the divorced man's list too, and nothing tells him why.
  await divorced.page.setViewportSize({ width: 375, height: 800 });
  await divorced.page.goto(browse);
  await expect(divorced.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => shown(divorced.page)).toEqual([]);
  // The form shows her choices when she comes back.
  await page.goto('/profile');
  await expect(page.getByRole('group', { name: 'Estados civiles que consideraría' }).getByLabel('Soltero/a', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Desde', { exact: true })).toHaveValue('165');
  for (const person of [woman, divorced, single]) await person.context.close();
});
