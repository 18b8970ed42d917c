/**
 * Volunteers: applications (/api/volunteer-application), a volunteer's own profile (/api/volunteer-profile), and the
 * public Guidance list (/api/volunteers), in volunteers.service.ts and volunteers.routes.ts.
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { toVolunteerProfile, VolunteersService } from './volunteers.service';
export { volunteersRoutes } from './volunteers.routes';
