import { parseCalendarDate } from '#domain/profile/age';
import { normalizeCommunity, parseLocation } from '#domain/matching/matching';

/** Bump when parseLocation or normalizeCommunity change: rows with an older version are recomputed at start. */
export const MATCH_KEYS_VERSION = 1;

/** The normalised columns the match index loads, computed once when a profile is written. */
export function matchKeys(profile: { exactLocation: string; communityAffiliation: string; dateOfBirth: string | null; age: string | null }) {
  const location = parseLocation(profile.exactLocation);
  const birth = profile.dateOfBirth ? parseCalendarDate(profile.dateOfBirth) : null;
  const stated = /^\d+/.exec(profile.age?.trim() ?? '');
  return {
    locCity: location.city,
    locRegion: location.region,
    locCountry: location.country,
    communityKey: normalizeCommunity(profile.communityAffiliation),
    dobKey: birth ? birth.year * 10000 + birth.month * 100 + birth.day : null,
    statedAge: stated ? Math.min(Number(stated[0]), 1000) : null,
    matchKeysVersion: MATCH_KEYS_VERSION,
  };
}

/** Today's local calendar day as YYYYMMDD, the day ages are counted on (as displayAge does). */
export function todayKey(today: Date = new Date()): number {
  return today.getFullYear() * 10000 + (today.getMonth() + 1) * 100 + today.getDate();
}
