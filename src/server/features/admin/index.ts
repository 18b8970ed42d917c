/**
 * The admin: the server-side admin session, the paged lists, approvals and roles (admin.routes.ts,
 * admin.service.ts), and invitations to the team (team.routes.ts, team.service.ts). Admin actions are written to
 * the audit log (audit/audit-log.ts).
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { AdminService } from './admin.service';
export { adminRoutes } from './admin.routes';
export { TeamService } from './team.service';
export { teamRoutes } from './team.routes';
