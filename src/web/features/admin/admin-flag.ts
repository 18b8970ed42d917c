/**
 * The browser's admin flag (spec §6): it only chooses between /admin-login and /admin. The rights
 * themselves live in the server session; every admin call without them answers 401.
 */
export const ADMIN_AUTH_KEY = 'sanga-admin-auth';

export function hasAdminFlag(): boolean {
  try {
    return window.sessionStorage.getItem(ADMIN_AUTH_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setAdminFlag(): void {
  try {
    window.sessionStorage.setItem(ADMIN_AUTH_KEY, 'true');
  } catch {
    // Storage disabled: the dashboard will send the admin back to sign in.
  }
}

export function clearAdminFlag(): void {
  try {
    window.sessionStorage.removeItem(ADMIN_AUTH_KEY);
  } catch {
    // Nothing stored.
  }
}
