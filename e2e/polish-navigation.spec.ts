import { expect, test } from './fixtures';
import { makeJpeg } from '#server/test/fixtures';
import { createPersonThroughApi, uniqueFirstName } from './helpers';

// What leaving a screen keeps. (The profile form's leave warning is in polish.spec.ts.)

test('Back to Matches returns to where the list was scrolled, on a 375 px phone', async ({ browser }) => {
  test.setTimeout(60_000);
  const viewer = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Sita') });
  // Enough matches for the one-column phone list to scroll well past the first screen.
  for (const name of ['Arjun', 'Bhima', 'Nakula', 'Sahadeva']) {
    const man = await createPersonThroughApi(browser, { gender: 'man', firstName: uniqueFirstName(name) });
    await man.context.close();
  }
  const page = viewer.page;
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/browse');
  const cards = page.getByRole('link', { name: 'View Full Profile' });
  await expect(cards.nth(3)).toBeVisible();
  // A card past the first screen (the list renders its first cards at once and the rest just after: `last()` could
  // name another card by the time it is clicked).
  const last = cards.nth(3);
  await last.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(700);

  await last.click();
  await expect(page).toHaveURL(/\/match\//);
  await page.getByRole('link', { name: 'Back to Matches' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled - 2);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(scrolled + 2);

  // Arriving at /browse another way (the navigation) starts at the top, as a fresh list should.
  await page.goto('/profile');
  await page.goto('/browse');
  await expect(cards.first()).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await viewer.context.close();
});

// One language: the journey is the same in both, and every screen is checked in both (docs/testing.md, "One language per journey").
for (const [language, t] of [
  ['en', { remove: 'Remove Photo 2', upload: 'Upload Photo 2', back: 'Back to Profile', unsaved: 'You have changes that are not saved yet.', ask: 'Your new photos are not saved yet. Leave this page and lose them?' }],
] as const) {
  test(`[${language}] photos uploaded but not saved: reloading or leaving asks first, and staying keeps them`, async ({ browser }) => {
    const person = await createPersonThroughApi(browser, { gender: 'woman', firstName: uniqueFirstName('Gita'), language });
    const page = person.page;
    await page.goto('/profile/photos');
    await page.getByRole('button', { name: t.remove }).click();
    await page.getByLabel(t.upload, { exact: true }).setInputFiles({ name: 'new.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 300, height: 400, color: '#0f766e' }) });
    const uploaded = page.locator('img[src^="/objects/"]');
    await expect(uploaded).toHaveCount(2);
    const newPhoto = await uploaded.nth(1).getAttribute('src');
    if (t.unsaved) await expect(page.getByText(t.unsaved)).toBeVisible();

    // Reload: the browser's own question (beforeunload); staying keeps the upload on screen.
    const reloadAsked = page.waitForEvent('dialog');
    void page.reload().catch(() => undefined);
    const question = await reloadAsked;
    expect(question.type()).toBe('beforeunload');
    await question.dismiss();
    await expect(uploaded.nth(1)).toHaveAttribute('src', newPhoto!);

    // A link inside the app: the app's question, in the page language.
    let asked: string | null = null;
    page.on('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: t.back }).click();
    await expect.poll(() => asked).toBe(t.ask);
    await expect(page).toHaveURL(/\/profile\/photos$/);
    await expect(uploaded.nth(1)).toHaveAttribute('src', newPhoto!);
    await person.context.close();
  });
}
