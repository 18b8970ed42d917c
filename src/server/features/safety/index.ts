// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { BlocksService } from './blocks.service';
export { ModerationService } from './moderation.service';
export { moderationRoutes } from './moderation.routes';
export { reportContext } from './report-context';
export { ReportsService } from './reports.service';
export { safetyRoutes } from './safety.routes';
