import { expect, test } from './fixtures';
import { axeScan, expectNoSeriousA11yViolations, signUpThroughUi } from './helpers';

test('the scan the browser tests use still finds violations: an unlabelled field, an image without text, a low contrast', async ({ page }) => {
  await page.goto('/missing-page');
  await page.evaluate(() => {
    document.querySelector('main')?.insertAdjacentHTML(
      'beforeend',
      '<input type="text"><img src="/icons/icon-192.png"><p style="color:#bbb;background:#fff">faint words</p>',
    );
  });
  const { violations } = await axeScan(page).analyze();
  expect(violations.map((violation) => violation.id)).toEqual(expect.arrayContaining(['label', 'image-alt', 'color-contrast']));
});

for (const [name, path] of [
  ['landing', '/'],
  ['sign-in', '/login'],
  ['sign-up', '/login?mode=signup'],
  ['forgot password', '/forgot-password'],
  ['donation guide', '/donation-guide'],
  ['404', '/missing-page'],
] as const) {
  test(`${name} has no serious accessibility violation, in English and Spanish`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.evaluate(() => localStorage.setItem('sanga-language', 'es'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expectNoSeriousA11yViolations(page);
  });
}

test('the signed-in shell has no serious accessibility violation, and its mobile menu works by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpThroughUi(page);
  await expectNoSeriousA11yViolations(page);
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Messages' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await nav.getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/messages$/);
});
