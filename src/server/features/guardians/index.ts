/**
 * A member's guardians: invitations by mail, acceptance, changes and removal (/api/guardians,
 * /api/guardian-invitations), and what a guardian may read of the member they guard (/api/guarding: introductions,
 * conversations, threads). guardians.routes.ts, guardians.service.ts; the chaperone facts other features read are
 * policy/chaperones.ts.
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { GuardiansService } from './guardians.service';
export { guardiansRoutes } from './guardians.routes';
