/**
 * The screens a visitor can open first, by path, and the file of src/web/pages/ that shows each. The server names
 * the screen's chunks in the page it sends (`<link rel="modulepreload">`), so they download beside the shell
 * instead of after it; the bundle budget (scripts/check-bundle-size.ts) holds these screens to 150 KiB. A new
 * public screen goes here as well as into app/app.tsx.
 */
export const FIRST_VISIT_PAGES: Readonly<Record<string, string>> = {
  '/': 'landing-page',
  '/about': 'landing-page',
  '/login': 'login-page',
  '/forgot-password': 'forgot-password-page',
  '/reset-password': 'reset-password-page',
  '/donation-guide': 'donation-guide-page',
  '/guidance': 'guidance-page',
  '/admin-login': 'admin-login-page',
  '/privacy': 'privacy-page',
  '/verify-email': 'verify-email-page',
  '/unsubscribe': 'unsubscribe-page',
  '/cancel-email-change': 'cancel-email-change-page',
  '/account-deleted': 'account-deleted-page',
};
