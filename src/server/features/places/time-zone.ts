import tzLookup from '@photostructure/tz-lookup';

/**
 * The IANA time zone at a spot on the globe, from the zone boundaries shipped in @photostructure/tz-lookup (no
 * outside service; docs/decisions/017-birth-places.md). Used for every place the search answers, and again by the
 * server when a member saves her place of birth, so the zone stored is never one a client chose.
 */
export function timeZoneAt(latitude: number, longitude: number): string {
  return tzLookup(latitude, longitude);
}
