import type { Relocation } from '#domain/profile/profile';
import { parseLocation, type ParsedLocation } from './location-text';
import type { MatchProfile } from './matching-shapes';

/* The location component of the score (matching.ts): how near two places are × how freely the pair can move. */

// ---- Location -------------------------------------------------------------------------------

/** How near two parsed locations are, nearest first. */
export const proximities = ['same-city', 'same-region', 'same-country', 'north-america', 'elsewhere'] as const;
export type Proximity = (typeof proximities)[number];

/** How freely a pair can close a distance: nobody moves, someone might, someone will. */
export const mobilities = ['none', 'partial', 'full'] as const;
export type Mobility = (typeof mobilities)[number];

/**
 * One person's willingness to move. 'partner-relocates' means the OTHER should move, so it adds no
 * mobility of its own (two partner-relocates people both wait for the other, like two local-only).
 */
export const RELOCATION_MOBILITY = {
  'local-only': 'none',
  'i-will-relocate': 'full',
  'partner-relocates': 'none',
  'either-relocates': 'full',
  'open-to-discuss': 'partial',
} as const satisfies Record<Relocation, Mobility>;

/** Rank for combining two people: the pair's mobility is the greater of the two. */
export const MOBILITY_RANK = { none: 0, partial: 1, full: 2 } as const satisfies Record<Mobility, number>;

/**
 * Location points by the pair's mobility and proximity. Every row falls from left to right. For a
 * pair that can move, a move between the USA, Canada and Mexico counts as near as one within a country.
 */
export const LOCATION_POINTS = {
  none: { 'same-city': 25, 'same-region': 12, 'same-country': 5, 'north-america': 2, elsewhere: 0 },
  partial: { 'same-city': 25, 'same-region': 17, 'same-country': 13, 'north-america': 13, elsewhere: 5 },
  full: { 'same-city': 25, 'same-region': 21, 'same-country': 18, 'north-america': 18, elsewhere: 8 },
} as const satisfies Record<Mobility, Record<Proximity, number>>;

/** The pair's mobility from both relocation answers (symmetric). */
export function pairMobility(a: Relocation, b: Relocation): Mobility {
  const ma: Mobility = RELOCATION_MOBILITY[a] ?? 'none';
  const mb: Mobility = RELOCATION_MOBILITY[b] ?? 'none';
  return MOBILITY_RANK[ma] >= MOBILITY_RANK[mb] ? ma : mb;
}

/** RELOCATION_PAIR_MOBILITY[a][b]: pairMobility written out as a 5 × 5 table. */
export const RELOCATION_PAIR_MOBILITY = Object.fromEntries(
  Object.keys(RELOCATION_MOBILITY).map((a) => [
    a,
    Object.fromEntries(Object.keys(RELOCATION_MOBILITY).map((b) => [b, pairMobility(a as Relocation, b as Relocation)])),
  ]),
) as Record<Relocation, Record<Relocation, Mobility>>;

/** The countries that form one region for relocation (normalised names, as parseLocation gives). */
export const NORTH_AMERICA_COUNTRIES = ['usa', 'canada', 'mexico'] as const;

/**
 * How near two parsed locations are. An empty part is unknown and never equals anything.
 * - same-city: same country, same city, and the same region or a region missing on one side;
 * - same-region: same country and same region (a different city);
 * - same-country: same country, anything else different;
 * - north-america: different countries, both among the USA, Canada and Mexico;
 * - elsewhere: anything else, including an unknown country.
 */
export function locationProximity(a: ParsedLocation, b: ParsedLocation): Proximity {
  if (a.country !== '' && a.country === b.country) {
    if (a.city !== '' && a.city === b.city && (a.region === b.region || a.region === '' || b.region === '')) {
      return 'same-city';
    }
    if (a.region !== '' && a.region === b.region) return 'same-region';
    return 'same-country';
  }
  const northAmerica: readonly string[] = NORTH_AMERICA_COUNTRIES;
  if (northAmerica.includes(a.country) && northAmerica.includes(b.country)) return 'north-america';
  return 'elsewhere';
}

/** Location points for two people: proximity of their parsed locations × the pair's mobility. */
export function locationPoints(a: Pick<MatchProfile, 'exactLocation' | 'relocation'>, b: Pick<MatchProfile, 'exactLocation' | 'relocation'>): number {
  const proximity = locationProximity(parseLocation(a.exactLocation), parseLocation(b.exactLocation));
  return LOCATION_POINTS[pairMobility(a.relocation, b.relocation)][proximity];
}
