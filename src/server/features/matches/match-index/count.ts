import { ageOn, ageSideOf } from './age';
import { R_COMMUNITY, R_DOB, R_FLEX, R_HEIGHTS, R_MAX_AGE, R_MIN_AGE, R_REJECTS, R_SLOT, R_STATED_AGE, R_TRAITS, RECORD_FIELDS, type Bucket } from './buckets';
import { passes, placeExcluded, type CandidateFilter } from './filter';
import { keptApart, wantedGender, type Viewer } from './rank';
import { AGE_EXCLUDED } from './tables';

/** How long a viewer's candidate count is reused when nothing changed (the ranking itself is never cached). */
const TOTAL_CACHE_MS = 60_000;
/** The narrowings whose counts a viewer keeps at once (the latest ones: "Load more" asks the same one again). */
const NARROWED_COUNTS_KEPT = 4;
/** The key of the whole list's count (a narrowing's key is never empty). */
const WHOLE_LIST = '';

/**
 * How many candidates each viewer has (X-Total-Count): counted again after any profile change, and at
 * least every minute (ages move with the date).
 */
export class CandidateCounts {
  /** By viewer, then by list (WHOLE_LIST, or a narrowing's key), in the order they were counted. */
  private readonly counts = new Map<string, Map<string, { total: number; until: number }>>();

  /** Forget every count (a profile changed). */
  clear(): void {
    this.counts.clear();
  }

  /** Forget one viewer's counts (a block of theirs changed). */
  forget(userId: string): void {
    this.counts.delete(userId);
  }

  /**
   * The viewer's count of the whole list, or of a narrowed one (`narrowing`: its filter and key). Each is kept a
   * minute at most; beside the whole list's, a viewer keeps the latest NARROWED_COUNTS_KEPT narrowings.
   */
  countFor(
    userId: string,
    byGender: readonly Bucket[][],
    viewer: Viewer,
    todayKey: number,
    excluded?: ReadonlySet<number>,
    narrowing?: { filter: CandidateFilter; key: string },
  ): number {
    const key = narrowing?.key ?? WHOLE_LIST;
    let counts = this.counts.get(userId);
    const cached = counts?.get(key);
    if (cached && cached.until > Date.now()) return cached.total;
    const total = countCandidates(byGender[wantedGender(viewer)]!, viewer, todayKey, excluded, narrowing?.filter);
    if (!counts) this.counts.set(userId, (counts = new Map()));
    counts.delete(key);
    counts.set(key, { total, until: Date.now() + TOTAL_CACHE_MS });
    // The oldest narrowing goes first (a Map keeps the order things were set in); the whole list's count stays.
    if (counts.size > NARROWED_COUNTS_KEPT + 1) {
      for (const counted of counts.keys()) {
        if (counted === WHOLE_LIST) continue;
        counts.delete(counted);
        break;
      }
    }
    return total;
  }
}

/**
 * Everyone in the buckets who is a candidate of the viewer: not the viewer, not blocked with the viewer
 * (`excluded`), no must-have of either keeps them apart (rank.ts keptApart), no strict range excludes the pair, and within what the viewer narrowed the list to (`filter`).
 */
function countCandidates(buckets: readonly Bucket[], viewer: Viewer, todayKey: number, excluded?: ReadonlySet<number>, filter?: CandidateFilter): number {
  let total = 0;
  for (const bucket of buckets) {
    if (placeExcluded(filter, bucket.placeId)) continue;
    const records = bucket.records;
    const end = bucket.size * RECORD_FIELDS;
    for (let at = 0; at < end; at += RECORD_FIELDS) {
      if (keptApart(viewer, records[at + R_SLOT]!, records[at + R_TRAITS]!, records[at + R_REJECTS]!, records[at + R_HEIGHTS]!, excluded)) continue;
      const age = ageOn(todayKey, records[at + R_DOB]!, records[at + R_STATED_AGE]!);
      if (ageSideOf(viewer.flex, viewer.minAge, viewer.maxAge, age) === AGE_EXCLUDED) continue;
      if (ageSideOf(records[at + R_FLEX]!, records[at + R_MIN_AGE]!, records[at + R_MAX_AGE]!, viewer.age) === AGE_EXCLUDED) continue;
      if (filter !== undefined && !passes(filter, records[at + R_SLOT]!, records[at + R_COMMUNITY]!, age)) continue;
      total += 1;
    }
  }
  return total;
}
