/**
 * The IANA time zone of a place, from its coordinates, for the places feature: a birth place is stored with its zone
 * (birth-instant.ts reads the zone's history from it). @photostructure/tz-lookup is a maintained fork of tz-lookup
 * (CC0): an offline lookup table of about 70 KB, no I/O, so it runs on the server and in the browser alike. Near a
 * border it may name the neighbouring zone; the place's own zone, when the gazetteer has one, should be preferred.
 */
import tzLookup from '@photostructure/tz-lookup';

export function timeZoneOfPlace(latitude: number, longitude: number): string {
  return tzLookup(latitude, longitude);
}
