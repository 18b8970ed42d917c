// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { ProfilesService } from './profiles.service';
export { profilesRoutes } from './profiles.routes';
