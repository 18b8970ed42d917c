/**
 * The member's own account: /api/account/* (password, email, preferences, sessions, export, delete) and
 * /api/unsubscribe, in account.routes.ts and account.service.ts. export-sections.ts (account.json) and
 * deletion-steps.ts hold one entry a kind of data: a feature that stores data about a member adds one of each.
 * export-summary.ts writes summary.txt (its words: mail/export-summary-texts.ts); retention.ts says how long each
 * kind of data is kept; audit-hash.ts names a deleted person in the audit log.
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { AccountService } from './account.service';
export { auditHashSecret } from './audit-hash';
export { accountRoutes, unsubscribeRoutes } from './account.routes';
export { applyRetention, type RetentionCounts } from './retention';
