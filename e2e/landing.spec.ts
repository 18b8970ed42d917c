import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll } from './helpers';

test('the landing page is complete in English, and Spanish is kept across a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a life partner who shares your path');
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/api/login');
  for (const card of ['Respectful Introductions', 'Donation-Based', 'Private & Personal']) {
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
  }
  await expect(page.getByText('Introductions are never automated swipes.').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Meet the Mentors' })).toHaveAttribute('href', '/guidance');
  await expect(page.locator('a[href="/donation-guide"]').first()).toBeVisible();
  await expect(page.locator('a[href^="mailto:"]')).toBeVisible();

  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encuentra a una pareja de vida que comparta tu camino');
  await expect(page.getByRole('link', { name: 'Comenzar' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sanga-language'))).toBe('es');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encuentra a una pareja de vida que comparta tu camino');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a life partner who shares your path');
  expect(await page.evaluate(() => localStorage.getItem('sanga-language'))).toBe('en');
});

test('the footer shows the configured ministry link and contact address (playwright.config.ts sets them), in both languages', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: /^Visit E2E Temple/ })).toHaveAttribute('href', 'https://ministry.e2e.example.org/');
  await expect(footer.getByRole('link', { name: 'Contact: care@e2e.example.org' })).toHaveAttribute('href', 'mailto:care@e2e.example.org');
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(footer.getByRole('link', { name: /^Visita E2E Temple/ })).toHaveAttribute('href', 'https://ministry.e2e.example.org/');
  await expect(footer.getByRole('link', { name: 'Contacto: care@e2e.example.org' })).toBeVisible();
});

test('an unknown stored language falls back to English', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('sanga-language', 'klingon'));
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a life partner who shares your path');
});

test('the donation guide shows three levels and no amounts, in both languages', async ({ page }) => {
  await page.goto('/donation-guide');
  const main = page.getByRole('main');
  for (const level of ['Provided-For', 'Equal Exchange', 'Provider']) {
    await expect(main.getByRole('heading', { name: level, exact: true })).toBeVisible();
  }
  await expect(main).not.toContainText(/[$€]\s?\d/);
  await page.evaluate(() => localStorage.setItem('sanga-language', 'es'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(main).not.toContainText('Equal Exchange');
});

test('the 404 screen shows for an unknown path', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  for (const path of ['/', '/donation-guide', '/login', '/no-such-page']) {
    test(`${path} fits the screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoHorizontalScroll(page);
    });
  }
});
