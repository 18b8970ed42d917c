import { ageOn, ageSideOf } from './age';
import { R_COMMUNITY, R_DOB, R_FLEX, R_MAX_AGE, R_MIN_AGE, R_SLOT, R_STATED_AGE, RECORD_FIELDS, type Bucket } from './buckets';
import { passes, placeExcluded, type CandidateFilter } from './filter';
import { wantedGender, type Viewer } from './rank';
import { AGE_EXCLUDED } from './tables';

/** How long a viewer's candidate count is reused when nothing changed (the ranking itself is never cached). */
const TOTAL_CACHE_MS = 60_000;
/** The narrowings whose counts a viewer keeps at once (the latest ones: "Load more" asks the same one again). */
const NARROWED_COUNTS_KEPT = 4;

/**
 * How many candidates each viewer has (X-Total-Count): counted again after any profile change, and at
 * least every minute (ages move with the date).
 */
export class CandidateCounts {
  private readonly totals = new Map<string, { total: number; until: number }>();
  /** By viewer, then by narrowing (its key): counted lists the viewer narrowed, the latest last. */
  private readonly narrowed = new Map<string, Map<string, { total: number; until: number }>>();

  /** Forget every count (a profile changed). */
  clear(): void {
    this.totals.clear();
    this.narrowed.clear();
  }

  /** Forget one viewer's count (a block of theirs changed). */
  forget(userId: string): void {
    this.totals.delete(userId);
    this.narrowed.delete(userId);
  }

  /** `filter` with its `filterKey`: a narrowed list, whose count is kept as the whole list's is (a few a viewer). */
  countFor(
    userId: string,
    byGender: readonly Bucket[][],
    viewer: Viewer,
    todayKey: number,
    excluded?: ReadonlySet<number>,
    narrowing?: { filter: CandidateFilter; key: string },
  ): number {
    if (narrowing !== undefined) return this.narrowedCount(userId, byGender, viewer, todayKey, excluded, narrowing);
    const cached = this.totals.get(userId);
    if (cached && cached.until > Date.now()) return cached.total;
    const total = countCandidates(byGender[wantedGender(viewer)]!, viewer, todayKey, excluded);
    this.totals.set(userId, { total, until: Date.now() + TOTAL_CACHE_MS });
    return total;
  }

  private narrowedCount(
    userId: string,
    byGender: readonly Bucket[][],
    viewer: Viewer,
    todayKey: number,
    excluded: ReadonlySet<number> | undefined,
    narrowing: { filter: CandidateFilter; key: string },
  ): number {
    let counts = this.narrowed.get(userId);
    const cached = counts?.get(narrowing.key);
    if (cached && cached.until > Date.now()) return cached.total;
    const total = countCandidates(byGender[wantedGender(viewer)]!, viewer, todayKey, excluded, narrowing.filter);
    if (!counts) this.narrowed.set(userId, (counts = new Map()));
    counts.delete(narrowing.key);
    counts.set(narrowing.key, { total, until: Date.now() + TOTAL_CACHE_MS });
    // The oldest narrowing goes first (a Map keeps the order things were set in).
    if (counts.size > NARROWED_COUNTS_KEPT) counts.delete(counts.keys().next().value!);
    return total;
  }
}

/**
 * Everyone in the buckets who is a candidate of the viewer: not the viewer, not blocked with the viewer
 * (`excluded`), no strict range excludes the pair, and within what the viewer narrowed the list to (`filter`).
 */
function countCandidates(buckets: readonly Bucket[], viewer: Viewer, todayKey: number, excluded?: ReadonlySet<number>, filter?: CandidateFilter): number {
  let total = 0;
  for (const bucket of buckets) {
    if (placeExcluded(filter, bucket.placeId)) continue;
    const records = bucket.records;
    const end = bucket.size * RECORD_FIELDS;
    for (let at = 0; at < end; at += RECORD_FIELDS) {
      if (records[at + R_SLOT] === viewer.slot) continue;
      if (excluded?.has(records[at + R_SLOT]!)) continue;
      const age = ageOn(todayKey, records[at + R_DOB]!, records[at + R_STATED_AGE]!);
      if (ageSideOf(viewer.flex, viewer.minAge, viewer.maxAge, age) === AGE_EXCLUDED) continue;
      if (ageSideOf(records[at + R_FLEX]!, records[at + R_MIN_AGE]!, records[at + R_MAX_AGE]!, viewer.age) === AGE_EXCLUDED) continue;
      if (filter !== undefined && !passes(filter, records[at + R_SLOT]!, records[at + R_COMMUNITY]!, age)) continue;
      total += 1;
    }
  }
  return total;
}
