/* The age component of the score (matching.ts): each person's range judges the other's age. */

// ---- Age ------------------------------------------------------------------------------------

/** One person's half of the age points: the other's age inside the sought range. */
export const AGE_SIDE_MAX = 7;
/** One person's half when the other's age is unknown (neutral). */
export const AGE_SIDE_UNKNOWN = 4;
/** flexible, outside the range: AGE_SIDE_MAX minus this per year outside, not below 0; no penalty. */
export const AGE_FLEXIBLE_POINTS_PER_YEAR = 1;
/** preferred, outside the range: 0 points for that half and this penalty per year outside... */
export const AGE_PREFERRED_PENALTY_PER_YEAR = 1;
/** ...at most this much (a positive number; the penalty is its negative). */
export const AGE_PREFERRED_PENALTY_CAP = 10;

/** Whole years an age lies outside [minAge, maxAge]; 0 inside. */
export function yearsOutsideRange(age: number, minAge: number, maxAge: number): number {
  return Math.max(0, minAge - age, age - maxAge);
}

export interface AgeSide {
  /** 0..AGE_SIDE_MAX */
  points: number;
  /** <= 0 */
  penalty: number;
  /** A strict range the age lies outside of: the whole age component is 0 (candidacy excludes such pairs). */
  excluded: boolean;
}

/**
 * How `seeker`'s sought range and flexibility judge an age (null: unknown). The one statement of the age rules:
 * the score, candidacy (a strict range excludes) and the match index's lookup tables all derive from it.
 * `ageFlexibility` is read as text so stored rows need no cast; an unknown value counts as flexible.
 */
export function ageSide(seeker: { minAge: number; maxAge: number; ageFlexibility: string }, otherAge: number | null): AgeSide {
  if (otherAge === null) return { points: AGE_SIDE_UNKNOWN, penalty: 0, excluded: false };
  const outside = yearsOutsideRange(otherAge, seeker.minAge, seeker.maxAge);
  if (outside === 0) return { points: AGE_SIDE_MAX, penalty: 0, excluded: false };
  switch (seeker.ageFlexibility) {
    case 'strict':
      return { points: 0, penalty: 0, excluded: true };
    case 'preferred':
      return { points: 0, penalty: -Math.min(AGE_PREFERRED_PENALTY_CAP, outside * AGE_PREFERRED_PENALTY_PER_YEAR), excluded: false };
    default:
      // flexible (and any unknown value): a light loss of points, no penalty.
      return { points: Math.max(0, AGE_SIDE_MAX - outside * AGE_FLEXIBLE_POINTS_PER_YEAR), penalty: 0, excluded: false };
  }
}
