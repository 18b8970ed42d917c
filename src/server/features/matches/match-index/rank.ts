import { ageSide, locationProximity, type Breakdown } from '#domain/matching/matching';
import { ageOn, ageSideOf, UNKNOWN } from './age';
import { BestOf } from './best-of';
import { R_COMMUNITY, R_DOB, R_FLEX, R_HEIGHTS, R_MAX_AGE, R_MIN_AGE, R_REJECTS, R_RELOCATION, R_SLOT, R_STATED_AGE, R_TRAITS, RECORD_FIELDS, type Buckets } from './buckets';
import { mustHavesApart } from './must-haves';
import type { Columns } from './columns';
import type { CreationOrder } from './creation-order';
import { passes, placeExcluded, type CandidateFilter } from './filter';
import {
  AGE_EXCLUDED,
  BEST_AGE_POINTS,
  BEST_LOCATION,
  COMBO_POINTS,
  COURTSHIP,
  COURTSHIP_PENALTY,
  DIET,
  DIET_PENALTY,
  flexValue,
  LOCATION,
  OTHER_COMMUNITY,
  PROXIMITY_CODES,
  proximityCode,
  READINESS,
  RELOCATION_CODES,
  RELOCATION_MASKS,
  SAME_COMMUNITY,
} from './tables';

/** A list's order: best score first (ties by profile id), or the most recently made profiles first. */
export type MatchOrder = 'score' | 'newest';

/** A candidate's score from its breakdown (the components and the penalties, 0–100): what rankBest sums. */
export function scoreOfBreakdown(breakdown: Breakdown): number {
  const sum = breakdown.location + breakdown.community + breakdown.courtship + breakdown.diet + breakdown.age + breakdown.marriageReadiness + breakdown.penalties;
  return sum < 0 ? 0 : sum > 100 ? 100 : sum;
}

/** Ages below this get the viewer's side from a per-request table (older or unknown ones are worked out). */
const AGES_LOOKED_UP = 256;

/** What a viewer is compared with: a slot's columns, and the age on the day of the request. */
export interface Viewer {
  slot: number;
  gender: number;
  place: number;
  relocation: number;
  community: number;
  courtship: number;
  diet: number;
  readiness: number;
  combo: number;
  flex: number;
  minAge: number;
  maxAge: number;
  age: number;
  /** The viewer's must-haves' bits (must-haves.ts). */
  traits: number;
  rejects: number;
  heights: number;
}

export function viewerAt(c: Columns, slot: number, todayKey: number): Viewer {
  return {
    slot,
    gender: c.gender[slot]!,
    place: c.place[slot]!,
    relocation: c.relocation[slot]!,
    community: c.community[slot]!,
    courtship: c.courtship[slot]!,
    diet: c.diet[slot]!,
    readiness: c.readiness[slot]!,
    combo: c.combo[slot]!,
    flex: c.flex[slot]!,
    minAge: c.minAge[slot]!,
    maxAge: c.maxAge[slot]!,
    age: ageOn(todayKey, c.dobKey[slot]!, c.statedAge[slot]!),
    traits: c.traits[slot]!,
    rejects: c.rejects[slot]!,
    heights: c.heights[slot]!,
  };
}

/**
 * Whether a candidate of the wanted gender is kept from the viewer by a rule other than the strict age ranges (which
 * every loop works out itself: the ranking scores with the same numbers): the viewer themself, a block either way
 * (`excluded`), or either side's must-haves. The one check of rankBest, rankNewest and count.ts's countCandidates.
 */
export function keptApart(viewer: Viewer, slot: number, traits: number, rejects: number, heights: number, excluded: ReadonlySet<number> | undefined): boolean {
  return slot === viewer.slot || (excluded !== undefined && excluded.has(slot)) || mustHavesApart(viewer.traits, viewer.rejects, viewer.heights, traits, rejects, heights);
}

/** The candidates' gender for a viewer (a man and a woman). */
export const wantedGender = (viewer: Viewer) => (viewer.gender === 0 ? 1 : 0);

/**
 * The best `count` candidates of a viewer (higher score first, ties by profile id): the candidacy rules
 * and scoreMatch's score, through the lookup tables of tables.ts. Buckets are visited best bound first,
 * and the scan stops once no remaining bucket can reach the page (docs/decisions/002-match-index.md).
 * `excluded` are the slots of people blocked with the viewer; undefined for most viewers. `filter` is what the
 * viewer narrowed the list to (undefined: nothing), checked only after the candidacy rules.
 */
export function rankBest(
  c: Columns,
  buckets: Buckets,
  viewer: Viewer,
  count: number,
  todayKey: number,
  excluded?: ReadonlySet<number>,
  filter?: CandidateFilter,
): { slot: number; score: number }[] {
  const best = new BestOf(count, c.id, c.idKey);
  const wanted = wantedGender(viewer);
  const candidates = buckets.byGender[wanted]!;
  const comboPoints = COMBO_POINTS[viewer.combo]!;
  const viewerPlace = buckets.places[viewer.place]!;
  // Interned community ids are >= 0, and an empty one (0) shares nothing: -1 matches no one.
  const viewerCommunity = viewer.community === 0 ? -1 : viewer.community;
  const locationBase = viewer.relocation * RELOCATION_CODES * PROXIMITY_CODES;
  const bestLocationBase = viewer.relocation * RELOCATION_MASKS * PROXIMITY_CODES;

  // Each bucket's best possible score (0–100), then the buckets ordered best first by a counting sort
  // over those scores: typed arrays only, no per-bucket allocation.
  const bounds = new Int8Array(candidates.length);
  const bucketsWithBound = new Int32Array(101);
  const proximityByPlace = new Int8Array(buckets.places.length).fill(-1);
  const sharesCommunity = new Uint8Array(candidates.length);
  for (const bucket of buckets.withCommunity.get(viewerCommunity) ?? []) if (bucket.gender === wanted) sharesCommunity[bucket.position] = 1;
  for (let i = 0; i < candidates.length; i++) {
    const bucket = candidates[i]!;
    if (bucket.size === 0 || placeExcluded(filter, bucket.placeId)) {
      bounds[i] = -1;
      continue;
    }
    let proximity = proximityByPlace[bucket.placeId]!;
    if (proximity < 0) proximityByPlace[bucket.placeId] = proximity = proximityCode(locationProximity(viewerPlace, buckets.places[bucket.placeId]!));
    const bound =
      comboPoints[bucket.combo]! +
      BEST_LOCATION[bestLocationBase + bucket.relocationMask * PROXIMITY_CODES + proximity]! +
      (sharesCommunity[i] === 1 ? SAME_COMMUNITY : OTHER_COMMUNITY) +
      BEST_AGE_POINTS;
    const binned = bound < 0 ? 0 : bound > 100 ? 100 : bound;
    bounds[i] = binned;
    bucketsWithBound[binned]! += 1;
  }
  const nextAt = new Int32Array(101);
  let filled = 0;
  for (let bound = 100; bound >= 0; bound--) {
    nextAt[bound] = filled;
    filled += bucketsWithBound[bound]!;
  }
  const bestFirst = new Int32Array(filled);
  for (let i = 0; i < candidates.length; i++) {
    const bound = bounds[i]!;
    if (bound >= 0) bestFirst[nextAt[bound]!++] = i;
  }

  // The scan: locals and typed arrays only, no allocation per candidate.
  const { flex: viewerFlex, minAge: viewerMin, maxAge: viewerMax, age: viewerAge } = viewer;
  // The viewer's side of the age points by the candidate's age, looked up for the ages people have.
  const viewerSideByAge = new Int8Array(AGES_LOOKED_UP);
  for (let age = 0; age < AGES_LOOKED_UP; age++) viewerSideByAge[age] = ageSideOf(viewerFlex, viewerMin, viewerMax, age);
  for (const bucketAt of bestFirst) {
    // A kept score equal to the bound could still lose its place to a lower profile id: stop only below it.
    if (best.full && best.worstScore > bounds[bucketAt]!) break;
    const bucket = candidates[bucketAt]!;
    const locationRow = locationBase + proximityByPlace[bucket.placeId]!;
    const answerPoints = comboPoints[bucket.combo]!;
    const records = bucket.records;
    const end = bucket.size * RECORD_FIELDS;
    for (let at = 0; at < end; at += RECORD_FIELDS) {
      // Each side's age points plus penalty, or AGE_EXCLUDED: not candidates (a strict range either way).
      const age = ageOn(todayKey, records[at + R_DOB]!, records[at + R_STATED_AGE]!);
      const viewerSide = age >= 0 && age < AGES_LOOKED_UP ? viewerSideByAge[age]! : ageSideOf(viewerFlex, viewerMin, viewerMax, age);
      if (viewerSide === AGE_EXCLUDED) continue;
      const candidateSide = ageSideOf(records[at + R_FLEX]!, records[at + R_MIN_AGE]!, records[at + R_MAX_AGE]!, viewerAge);
      if (candidateSide === AGE_EXCLUDED) continue;
      const slot = records[at + R_SLOT]!;
      if (keptApart(viewer, slot, records[at + R_TRAITS]!, records[at + R_REJECTS]!, records[at + R_HEIGHTS]!, excluded)) continue;
      if (filter !== undefined && !passes(filter, slot, records[at + R_COMMUNITY]!, age)) continue;
      const sum =
        LOCATION[locationRow + records[at + R_RELOCATION]! * PROXIMITY_CODES]! +
        (viewerCommunity === records[at + R_COMMUNITY] ? SAME_COMMUNITY : OTHER_COMMUNITY) +
        answerPoints +
        viewerSide +
        candidateSide;
      best.offer(slot, sum < 0 ? 0 : sum > 100 ? 100 : sum);
    }
  }
  return best.sorted();
}

/**
 * The newest `count` candidates (most recently made first, ties by profile id): read from the end of the creation
 * order with the candidacy rules and the filter, until the page is full. Their scores come from their breakdowns.
 */
export function rankNewest(
  c: Columns,
  order: CreationOrder,
  viewer: Viewer,
  count: number,
  todayKey: number,
  excluded?: ReadonlySet<number>,
  filter?: CandidateFilter,
): number[] {
  const slots = order.byGender[wantedGender(viewer)]!;
  const found: number[] = [];
  for (let i = slots.length - 1; i >= 0 && found.length < count; i--) {
    const slot = slots[i]!;
    if (!order.isListed(slot) || placeExcluded(filter, c.place[slot]!)) continue;
    if (keptApart(viewer, slot, c.traits[slot]!, c.rejects[slot]!, c.heights[slot]!, excluded)) continue;
    const age = ageOn(todayKey, c.dobKey[slot]!, c.statedAge[slot]!);
    if (ageSideOf(viewer.flex, viewer.minAge, viewer.maxAge, age) === AGE_EXCLUDED) continue;
    if (ageSideOf(c.flex[slot]!, c.minAge[slot]!, c.maxAge[slot]!, viewer.age) === AGE_EXCLUDED) continue;
    if (filter !== undefined && !passes(filter, slot, c.community[slot]!, age)) continue;
    found.push(slot);
  }
  return found;
}

/**
 * The breakdown of one candidate's score, component by component (for the cards shown). Few per page,
 * so the age halves come from the domain's ageSide itself.
 */
export function breakdownOf(c: Columns, buckets: Buckets, viewer: Viewer, slot: number, age: number): Breakdown {
  const viewerSide = ageSide({ minAge: viewer.minAge, maxAge: viewer.maxAge, ageFlexibility: flexValue(viewer.flex) }, age === UNKNOWN ? null : age);
  const candidateSide = ageSide(
    { minAge: c.minAge[slot]!, maxAge: c.maxAge[slot]!, ageFlexibility: flexValue(c.flex[slot]!) },
    viewer.age === UNKNOWN ? null : viewer.age,
  );
  const proximity = proximityCode(locationProximity(buckets.places[viewer.place]!, buckets.places[c.place[slot]!]!));
  const penalties = COURTSHIP_PENALTY[viewer.courtship]![c.courtship[slot]!]! + DIET_PENALTY[viewer.diet]![c.diet[slot]!]! + viewerSide.penalty + candidateSide.penalty;
  return {
    location: LOCATION[(viewer.relocation * RELOCATION_CODES + c.relocation[slot]!) * PROXIMITY_CODES + proximity]!,
    community: viewer.community !== 0 && viewer.community === c.community[slot] ? SAME_COMMUNITY : OTHER_COMMUNITY,
    courtship: COURTSHIP[viewer.courtship]![c.courtship[slot]!]!,
    diet: DIET[viewer.diet]![c.diet[slot]!]!,
    age: viewerSide.excluded || candidateSide.excluded ? 0 : viewerSide.points + candidateSide.points,
    marriageReadiness: READINESS[viewer.readiness]![c.readiness[slot]!]!,
    penalties: penalties === 0 ? 0 : penalties,
  };
}
