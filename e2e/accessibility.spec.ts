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

// Every screen is scanned with every rule in both languages by every-screen.spec.ts (the public ones among them).

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
