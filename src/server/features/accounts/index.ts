// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { AccountService } from './account.service';
export { auditHashSecret } from './audit-hash';
export { accountRoutes, unsubscribeRoutes } from './account.routes';
export { deleteObjectsJob } from './deletion-steps';
export { applyRetention, type RetentionCounts } from './retention';
