import type { TrustFacts } from '#domain/references/references';
import { UNKNOWN } from './age';

/**
 * What a member narrowed the list to (GET /api/matches minAge, maxAge, withinKm, country, community, verified, references),
 * in the index's terms. Filters only leave candidates out: the ranking's bounds stay true, and the same predicate
 * serves the ranking and the count.
 */
export interface CandidateFilter {
  /** Both bounds included; an unknown age is out once an age bound is given. */
  minAge: number;
  maxAge: number;
  ageBounded: boolean;
  /**
   * By place id: 1 where the place lies in the country asked for and within the distance asked for (a place not on
   * the map is never within); undefined when neither was asked.
   */
  places: Uint8Array | undefined;
  /** The interned community asked for (-1: one nobody has, or none at all); undefined when none was asked. */
  community: number | undefined;
  verified: boolean;
  references: boolean;
  trust: readonly TrustFacts[];
}

/** Whether the person in `slot` (of interned `community`, `age` years old or UNKNOWN) passes the filter. */
export function passes(filter: CandidateFilter, slot: number, community: number, age: number): boolean {
  if (filter.ageBounded && (age === UNKNOWN || age < filter.minAge || age > filter.maxAge)) return false;
  if (filter.community !== undefined && community !== filter.community) return false;
  if (filter.verified || filter.references) {
    const trust = filter.trust[slot]!;
    if (filter.verified && !trust.verified) return false;
    if (filter.references && trust.references === 0) return false;
  }
  return true;
}

/** Whether a whole bucket's place is out of the filter (not in the country, or farther than the distance, asked for). */
export function placeExcluded(filter: CandidateFilter | undefined, placeId: number): boolean {
  return filter?.places !== undefined && filter.places[placeId] !== 1;
}
