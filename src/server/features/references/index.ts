/**
 * References: a member asks people who know them (/api/references), the referee answers through a mailed link
 * (/api/reference-requests/:token), coordinators read them (references.service.ts, references.routes.ts);
 * verification.service.ts: "verified by a coordinator".
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { ReferencesService } from './references.service';
export { referencesRoutes } from './references.routes';
export { VerificationService } from './verification.service';
