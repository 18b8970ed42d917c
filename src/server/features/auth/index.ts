/**
 * Getting in: /api/login, /api/auth/* (register, sign-in, who is signed in, password reset, email verification) and
 * /api/logout (auth.routes.ts, auth.service.ts: argon2id). sessions.ts: server-side sessions (load with the member's
 * roles, rotate, update, destroy, purge, forgetUser), ended and changed ids announced to every process.
 * email-tokens.ts: single-use mailed links (only their SHA-256 stored); signup-hold.ts: a deleted, reported address
 * held from signing up again; invited-address.ts: an accepted invitation proves its address.
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { AuthService, hashPassword } from './auth.service';
export { authRoutes, SIGNED_OUT_CLEAR_SITE_DATA } from './auth.routes';
export { cancelEmailChange, issueEmailTokenRow, sha256, signEmailChangeCancel, spendAllEmailTokens, verifyEmailChangeCancel } from './email-tokens';
export { acceptanceProvesAddress } from './invited-address';
export { SessionStore } from './session-store';
export { holdSignups, signupHeld } from './signup-hold';
