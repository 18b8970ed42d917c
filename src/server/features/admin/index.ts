// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { AdminService } from './admin.service';
export { adminRoutes } from './admin.routes';
export { TeamService } from './team.service';
export { teamRoutes } from './team.routes';
