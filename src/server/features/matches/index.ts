// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { MatchIndex } from './match-index';
export { matchKeys } from './match-keys';
export { matchProfileView } from './match-profile-view';
export { MatchesService, refreshMatchKeys } from './matches.service';
export { matchesRoutes } from './matches.routes';
