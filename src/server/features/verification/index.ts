/**
 * The ladder of verification (issue 50 part 2): GET /api/verification (the member's rungs, computed by
 * policy/trust.ts, the one loader every answer about a member uses), the selfie check (selfie.service.ts: the gesture,
 * the photo, the coordinators' review, the deletion when decided or after 14 days) and the admin's "verify again".
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { SelfieService, selfieExpiryJob } from './selfie.service';
export { verificationRoutes } from './verification.routes';
