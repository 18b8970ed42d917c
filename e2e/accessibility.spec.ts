import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, signUpThroughUi } from './helpers';

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
