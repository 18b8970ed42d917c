import { displayAge } from '#domain/profile/age';
import { ageSide } from './matching-age';
import { communityPoints, COURTSHIP_PENALTIES, COURTSHIP_POINTS, DIET_PENALTIES, DIET_POINTS, MARRIAGE_READINESS_POINTS, pairValue } from './matching-factors';
import { locationPoints } from './matching-location';
import { SCORE_MAX, SCORE_MIN, type Breakdown, type MatchProfile, type MatchScore } from './matching-shapes';
import { storedConsultation } from '#domain/profile/profile';

/*
 * The compatibility score (design and worked examples in docs/matching.md).
 *
 * Pure and symmetric: scoreMatch(a, b) and scoreMatch(b, a) give the same score and breakdown.
 * Every rule is a lookup on enum values, integer arithmetic on ages, or string equality of
 * normalised text, so the server's in-memory match index (features/matches/match-index/, decision 002)
 * can compute the same numbers from packed columns. This function is the reference: where the index
 * and this function disagree, the index is wrong (its equivalence test compares the two).
 *
 * The tables are exported as plain objects so the index derives its lookup tables from them
 * instead of copying numbers by hand.
 *
 * The parts, one file each: the shapes and maxima (matching-shapes.ts), location (matching-location.ts, reading
 * text with location-text.ts), the pair tables of community, courtship, diet and the consultation
 * (matching-factors.ts), and age (matching-age.ts). This file adds them up and re-exports them all.
 */

export * from './location-text';
export * from './matching-age';
export * from './matching-factors';
export * from './matching-location';
export * from './matching-shapes';

// ---- The score ------------------------------------------------------------------------------

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The compatibility of two profiles: integer components (each within its maximum), integer
 * penalties <= 0, and score = clamp(sum, 0, 100). Symmetric in a and b. `today` fixes the day ages
 * are computed on (local calendar day, as displayAge).
 */
export function scoreMatch(a: MatchProfile, b: MatchProfile, today: Date = new Date()): MatchScore {
  const ageA = displayAge(a, today);
  const ageB = displayAge(b, today);
  const sideA = ageSide(a, ageB);
  const sideB = ageSide(b, ageA);

  const breakdown: Breakdown = {
    location: locationPoints(a, b),
    community: communityPoints(a.communityAffiliation, b.communityAffiliation),
    courtship: pairValue(COURTSHIP_POINTS, a.courtshipAlignment, b.courtshipAlignment),
    diet: pairValue(DIET_POINTS, a.dietAlignment, b.dietAlignment),
    age: sideA.excluded || sideB.excluded ? 0 : sideA.points + sideB.points,
    marriageReadiness: pairValue(
      MARRIAGE_READINESS_POINTS,
      storedConsultation(a.marriageReadinessConsultation),
      storedConsultation(b.marriageReadinessConsultation),
    ),
    penalties:
      pairValue(COURTSHIP_PENALTIES, a.courtshipAlignment, b.courtshipAlignment) +
      pairValue(DIET_PENALTIES, a.dietAlignment, b.dietAlignment) +
      sideA.penalty +
      sideB.penalty,
  };
  // Normalise -0 to 0 so the breakdown serialises and compares cleanly.
  if (breakdown.penalties === 0) breakdown.penalties = 0;
  const sum =
    breakdown.location +
    breakdown.community +
    breakdown.courtship +
    breakdown.diet +
    breakdown.age +
    breakdown.marriageReadiness +
    breakdown.penalties;
  return { score: clamp(sum, SCORE_MIN, SCORE_MAX), breakdown };
}
