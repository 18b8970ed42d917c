/**
 * Matches: match-keys.ts (a profile's normalised keys, computed when it is written), match-index/ (every browsable
 * profile's keys in memory, ranked per request: docs/decisions/002-match-index.md), match-profile-view.ts (another
 * member's profile as the match page and the elders' review show it), matches.service.ts and matches.routes.ts
 * (/api/matches, /api/match/:id). The score itself is domain/matching/matching.ts (docs/matching.md).
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { MatchIndex, type ListNarrowing } from './match-index';
export { readCities, type GazetteerCity } from './match-index/gazetteer';
export { matchKeys } from './match-keys';
export { matchProfileView } from './match-profile-view';
export { MatchesService, refreshMatchKeys } from './matches.service';
export { matchesRoutes } from './matches.routes';
