/**
 * The member's own profile: /api/profile (save, preview, toggle-active) and its activation rules, in
 * profiles.service.ts and profiles.routes.ts; the rules themselves are domain/profile/profile.ts and domain/profile/profile-input.ts.
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { ProfilesService } from './profiles.service';
export { profilesRoutes } from './profiles.routes';
