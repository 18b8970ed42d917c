/**
 * Safety: blocks.service.ts (/api/blocks), reports.service.ts (/api/reports, the notices a decision leaves, the hold
 * for review), report-context.ts (the messages around a reported one), hidden-words.service.ts (a member's hidden words and folder), moderation.service.ts (the admin's reports
 * queue, resolve, suspend and unsuspend); safety.routes.ts (members), moderation.routes.ts (admin, audited).
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { BlocksService } from './blocks.service';
export { HiddenWordsService } from './hidden-words.service';
export { ModerationService } from './moderation.service';
export { moderationRoutes } from './moderation.routes';
export { reportContext } from './report-context';
export { ReportsService } from './reports.service';
export { safetyRoutes } from './safety.routes';
