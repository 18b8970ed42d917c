// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { AuthService, hashPassword } from './auth.service';
export { authRoutes, SIGNED_OUT_CLEAR_SITE_DATA } from './auth.routes';
export { cancelEmailChange, issueEmailTokenRow, sha256, signEmailChangeCancel, spendAllEmailTokens, verifyEmailChangeCancel } from './email-tokens';
export { acceptanceProvesAddress } from './invited-address';
export { SessionStore } from './sessions';
export { holdSignups, signupHeld } from './signup-hold';
