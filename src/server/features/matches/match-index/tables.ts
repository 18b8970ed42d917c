import {
  ageSide,
  communityPoints,
  COURTSHIP_PENALTIES,
  COURTSHIP_POINTS,
  DIET_PENALTIES,
  DIET_POINTS,
  LOCATION_POINTS,
  MARRIAGE_READINESS_POINTS,
  pairMobility,
  proximities,
  type Proximity,
} from '#domain/matching/matching';
import { ageFlexibilities, courtshipAlignments, dietAlignments, relocations, storedConsultations, type Relocation } from '#domain/profile/profile';

/*
 * The index's lookup tables, each made by calling the domain's own rule (domain/matching/matching.ts) over every
 * input it can take, so no scoring rule is written twice: change a rule there and these follow.
 * Enum answers are stored as codes: position in the domain's list + 1, with 0 for a value the list does
 * not know (the domain gives such a value what it gives the empty string).
 */

/** A code for each value of `values` (0: unknown). */
export function codeOf(values: readonly string[], value: string): number {
  return values.indexOf(value) + 1;
}
/** The value a code stands for ('' for 0, which the domain's rules treat as an unknown value). */
function valueOf<T extends string>(values: readonly T[], code: number): T {
  return (code === 0 ? '' : values[code - 1]) as T;
}

export const COURTSHIP_CODES = courtshipAlignments.length + 1;
export const DIET_CODES = dietAlignments.length + 1;
export const READINESS_CODES = storedConsultations.length + 1;
export const RELOCATION_CODES = relocations.length + 1;
export const FLEX_CODES = ageFlexibilities.length + 1;

/** The domain's pair tables as [a][b] by code; 0 for an unknown value, as the domain's pairValue gives. */
function pairTable(table: Readonly<Record<string, Readonly<Record<string, number>>>>, values: readonly string[]): Int16Array[] {
  const known = ['', ...values];
  return known.map((a) => Int16Array.from(known.map((b) => (Object.hasOwn(table, a) && Object.hasOwn(table[a]!, b) ? table[a]![b]! : 0))));
}
export const COURTSHIP = pairTable(COURTSHIP_POINTS, courtshipAlignments);
export const COURTSHIP_PENALTY = pairTable(COURTSHIP_PENALTIES, courtshipAlignments);
export const DIET = pairTable(DIET_POINTS, dietAlignments);
export const DIET_PENALTY = pairTable(DIET_PENALTIES, dietAlignments);
export const READINESS = pairTable(MARRIAGE_READINESS_POINTS, storedConsultations);

/** One code for a profile's courtship, diet and readiness answers: a single lookup scores all three. */
export const COMBO_CODES = COURTSHIP_CODES * DIET_CODES * READINESS_CODES;
export const comboOf = (courtship: number, diet: number, readiness: number) => (courtship * DIET_CODES + diet) * READINESS_CODES + readiness;

/** COMBO_POINTS[viewer combo][candidate combo]: courtship, diet and readiness points with their penalties. */
export const COMBO_POINTS: Int16Array[] = Array.from({ length: COMBO_CODES }, () => new Int16Array(COMBO_CODES));
for (let vc = 0; vc < COURTSHIP_CODES; vc++)
  for (let vd = 0; vd < DIET_CODES; vd++)
    for (let vr = 0; vr < READINESS_CODES; vr++) {
      const row = COMBO_POINTS[comboOf(vc, vd, vr)]!;
      for (let c = 0; c < COURTSHIP_CODES; c++)
        for (let d = 0; d < DIET_CODES; d++)
          for (let r = 0; r < READINESS_CODES; r++)
            row[comboOf(c, d, r)] = COURTSHIP[vc]![c]! + COURTSHIP_PENALTY[vc]![c]! + DIET[vd]![d]! + DIET_PENALTY[vd]![d]! + READINESS[vr]![r]!;
    }

// ---- Location ---------------------------------------------------------------------------------

export const PROXIMITY_CODES = proximities.length;
const proximityCodes = Object.fromEntries(proximities.map((p, i) => [p, i])) as Record<Proximity, number>;
/** A proximity's code: its position in the domain's list (nearest first). */
export const proximityCode = (proximity: Proximity): number => proximityCodes[proximity];

/**
 * LOCATION[(a * RELOCATION_CODES + b) * PROXIMITY_CODES + proximity]: the location points of two people
 * with relocation codes a and b at that proximity (domain pairMobility and LOCATION_POINTS).
 */
export const LOCATION = new Int8Array(RELOCATION_CODES * RELOCATION_CODES * PROXIMITY_CODES);
for (let a = 0; a < RELOCATION_CODES; a++)
  for (let b = 0; b < RELOCATION_CODES; b++) {
    const mobility = pairMobility(valueOf<Relocation>(relocations, a), valueOf<Relocation>(relocations, b));
    for (let p = 0; p < PROXIMITY_CODES; p++) LOCATION[(a * RELOCATION_CODES + b) * PROXIMITY_CODES + p] = LOCATION_POINTS[mobility][proximities[p]!];
  }

/** Sets of relocation codes present in a bucket, as bit masks. */
export const RELOCATION_MASKS = 1 << RELOCATION_CODES;
/**
 * BEST_LOCATION[(viewer relocation * RELOCATION_MASKS + mask) * PROXIMITY_CODES + proximity]: the most
 * location points the viewer can get with anyone whose relocation is in the mask (a bucket's bound).
 */
export const BEST_LOCATION = new Int8Array(RELOCATION_CODES * RELOCATION_MASKS * PROXIMITY_CODES);
for (let v = 0; v < RELOCATION_CODES; v++)
  for (let mask = 0; mask < RELOCATION_MASKS; mask++)
    for (let p = 0; p < PROXIMITY_CODES; p++) {
      let best = 0;
      for (let r = 0; r < RELOCATION_CODES; r++) if (mask & (1 << r)) best = Math.max(best, LOCATION[(v * RELOCATION_CODES + r) * PROXIMITY_CODES + p]!);
      BEST_LOCATION[(v * RELOCATION_MASKS + mask) * PROXIMITY_CODES + p] = best;
    }

// ---- Community --------------------------------------------------------------------------------

/** The domain's community points for a shared and for a different (normalised) affiliation. */
export const SAME_COMMUNITY = communityPoints('community', 'community');
export const OTHER_COMMUNITY = communityPoints('community', 'another');

// ---- Age --------------------------------------------------------------------------------------

/**
 * Years outside a range are looked up up to this many; beyond it the domain's rule no longer changes
 * (a test checks every flexibility up to the largest difference the columns can hold).
 */
export const AGE_OUTSIDE_CAP = 255;
/** An age side marking the pair as no candidates (a strict range the other's age lies outside of). */
export const AGE_EXCLUDED = -128;
/**
 * AGE_SIDE[flex * (AGE_OUTSIDE_CAP + 1) + min(outside, AGE_OUTSIDE_CAP)]: one side's age points plus its
 * penalty when the other's age lies `outside` years outside the range, or AGE_EXCLUDED (domain ageSide).
 */
export const AGE_SIDE = new Int8Array(FLEX_CODES * (AGE_OUTSIDE_CAP + 1));
for (let flex = 0; flex < FLEX_CODES; flex++)
  for (let outside = 0; outside <= AGE_OUTSIDE_CAP; outside++) {
    // A range [0, 0] puts an age of `outside` exactly that many years outside it.
    const side = ageSide({ minAge: 0, maxAge: 0, ageFlexibility: valueOf(ageFlexibilities, flex) }, outside);
    AGE_SIDE[flex * (AGE_OUTSIDE_CAP + 1) + outside] = side.excluded ? AGE_EXCLUDED : side.points + side.penalty;
  }
/** One side's age points when the other's age is unknown. */
export const AGE_SIDE_OF_UNKNOWN = (() => {
  const side = ageSide({ minAge: 0, maxAge: 0, ageFlexibility: 'flexible' }, null);
  return side.points + side.penalty;
})();
/** The most the age component can add (a bucket's bound): both sides at their best. */
export const BEST_AGE_POINTS = 2 * Math.max(AGE_SIDE_OF_UNKNOWN, ...AGE_SIDE);

/** A flexibility code's value, for the domain's ageSide (the breakdown of a shown card). */
export const flexValue = (flex: number) => valueOf(ageFlexibilities, flex);
