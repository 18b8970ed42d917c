import { expect, test } from './fixtures';
import { signUpThroughUi, uniqueEmail } from './helpers';

test('sign up, see the email in the navigation, log out, and sign back in', async ({ page }) => {
  const { email, password } = await signUpThroughUi(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Browse Matches' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page');
  // In the header (the profile's verification notice names the address too).
  await expect(page.getByRole('banner').getByText(email, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);

  await page.goto('/api/login?returnTo=/guidance');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fguidance/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/guidance$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Guidance' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a wrong password shows an error and does not sign in', async ({ page }) => {
  const { email } = await signUpThroughUi(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
  await expect(page).toHaveURL(/\/login/);
});

test('the sign-in form checks fields in Spanish before calling the server', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('sanga-language', 'es'));
  await page.goto('/login?mode=signup');
  await page.getByLabel('Correo electrónico').fill('no-es-un-correo');
  await page.getByLabel('Contraseña').fill('corta');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('Correo electrónico no válido')).toBeVisible();
  await expect(page.getByText('La contraseña debe tener entre 8 y 128 caracteres')).toBeVisible();
});

test('a forgotten password can be reset through the emailed link', async ({ page, request }) => {
  const { email } = await signUpThroughUi(page, uniqueEmail('reset'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that email');
  // The link itself is tested at the API level with a real SMTP server; here a bad link is refused.
  await page.goto('/reset-password?token=this-token-does-not-exist-anywhere');
  await page.getByLabel('New password').fill('a new password');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is not valid or has expired');
  expect((await request.get('/api/auth/user')).status()).toBe(401);
});

test('an empty email says it is required, in English and in Spanish', async ({ page }) => {
  await page.goto('/login?mode=signup');
  await page.getByLabel('Password').fill('long enough password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();

  await page.evaluate(() => localStorage.setItem('sanga-language', 'es'));
  await page.reload();
  await page.getByLabel('Contraseña').fill('contraseña bastante larga');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('El correo electrónico es obligatorio')).toBeVisible();
});
