import { and, eq, sql } from 'drizzle-orm';
import {
  AGE_FLEXIBLE_POINTS_PER_YEAR,
  AGE_PREFERRED_PENALTY_CAP,
  AGE_PREFERRED_PENALTY_PER_YEAR,
  AGE_SIDE_MAX,
  AGE_SIDE_UNKNOWN,
  COMMUNITY_POINTS,
  COURTSHIP_PENALTIES,
  COURTSHIP_POINTS,
  DIET_PENALTIES,
  DIET_POINTS,
  LOCATION_POINTS,
  MARRIAGE_READINESS_POINTS,
  MOBILITY_RANK,
  mobilities,
  NORTH_AMERICA_COUNTRIES,
  proximities,
  RELOCATION_MOBILITY,
  storedConsultation,
  type Breakdown,
} from '../../../domain/matching';
import { ageFlexibilities, courtshipAlignments, dietAlignments, MIN_PHOTOS_TO_ACTIVATE, storedConsultations } from '../../../domain/profile';
import type { Database, Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { todayKey as computeTodayKey } from './match-keys';

/**
 * Every browsable profile's match keys, held in this process's memory as small integers, so a
 * request scores tens of thousands of candidates in a few milliseconds without reading them from
 * the database. The index is loaded once at start and kept current by a NOTIFY that every profile
 * write sends when it commits, so all server processes follow the same changes.
 * docs/decisions/002-match-index.md says why; a test checks it against scoreMatch.
 */

export const PROFILE_CHANNEL = 'sanga_profiles';

const FLEX_STRICT = ageFlexibilities.indexOf('strict');
const FLEX_PREFERRED = ageFlexibilities.indexOf('preferred');
const UNKNOWN = -1;

interface Entry {
  id: string;
  userId: string;
  /** 0 man, 1 woman */
  gender: number;
  city: number;
  region: number;
  country: number;
  inNorthAmerica: boolean;
  mobility: number;
  community: number;
  courtship: number;
  diet: number;
  readiness: number;
  flex: number;
  minAge: number;
  maxAge: number;
  /** YYYYMMDD or -1 */
  dobKey: number;
  /** -1 when unknown */
  statedAge: number;
}

type KeyRow = Pick<
  typeof profiles.$inferSelect,
  | 'id'
  | 'userId'
  | 'gender'
  | 'locCity'
  | 'locRegion'
  | 'locCountry'
  | 'relocation'
  | 'communityKey'
  | 'courtshipAlignment'
  | 'dietAlignment'
  | 'marriageReadinessConsultation'
  | 'ageFlexibility'
  | 'minAge'
  | 'maxAge'
  | 'dobKey'
  | 'statedAge'
>;

export interface ScoredCandidate {
  profileId: string;
  userId: string;
  age: number | null;
  score: number;
  breakdown: Breakdown;
}

/** Points tables as arrays indexed by enum position, for the hot loop. */
function pairArray(table: Readonly<Record<string, Readonly<Record<string, number>>>>, values: readonly string[]): Int16Array[] {
  return values.map((a) => Int16Array.from(values.map((b) => table[a]?.[b] ?? 0)));
}
const COURTSHIP = pairArray(COURTSHIP_POINTS, courtshipAlignments);
const COURTSHIP_PEN = pairArray(COURTSHIP_PENALTIES, courtshipAlignments);
const DIET = pairArray(DIET_POINTS, dietAlignments);
const DIET_PEN = pairArray(DIET_PENALTIES, dietAlignments);
const READINESS = pairArray(MARRIAGE_READINESS_POINTS, storedConsultations);
const LOCATION = mobilities.map((m) => Int16Array.from(proximities.map((p) => LOCATION_POINTS[m][p])));
const ZERO_ROW = new Int16Array(5);

export class MatchIndex {
  private readonly byId = new Map<string, Entry>();
  /** Candidates by gender, rebuilt lazily after changes. */
  private lists: [Entry[], Entry[]] | null = null;
  private readonly strings = new Map<string, number>([['', 0]]);
  private stopListening: (() => Promise<void>) | undefined;

  constructor(private readonly db: Db) {}

  get size(): number {
    return this.byId.size;
  }

  /** Loads every browsable profile and follows changes from any process. */
  async start(database: Database): Promise<void> {
    this.stopListening = await database.listen(PROFILE_CHANNEL, (profileId) => void this.refresh(profileId).catch(() => undefined));
    const rows = await this.db.select(keyColumns).from(profiles).where(browsable);
    for (const row of rows) this.byId.set(row.id, this.toEntry(row));
    this.lists = null;
  }

  async close(): Promise<void> {
    await this.stopListening?.();
  }

  /** Re-reads one profile (after a write committed anywhere); a profile no longer browsable leaves. */
  async refresh(profileId: string): Promise<void> {
    const [row] = await this.db.select(keyColumns).from(profiles).where(and(eq(profiles.id, profileId), browsable)).limit(1);
    if (row) this.byId.set(row.id, this.toEntry(row));
    else this.byId.delete(profileId);
    this.lists = null;
  }

  private intern(value: string): number {
    let id = this.strings.get(value);
    if (id === undefined) {
      id = this.strings.size;
      this.strings.set(value, id);
    }
    return id;
  }

  private toEntry(row: KeyRow): Entry {
    return {
      id: row.id,
      userId: row.userId,
      gender: row.gender === 'woman' ? 1 : 0,
      city: this.intern(row.locCity),
      region: this.intern(row.locRegion),
      country: this.intern(row.locCountry),
      inNorthAmerica: (NORTH_AMERICA_COUNTRIES as readonly string[]).includes(row.locCountry),
      mobility: MOBILITY_RANK[RELOCATION_MOBILITY[row.relocation as keyof typeof RELOCATION_MOBILITY] ?? 'none'],
      community: this.intern(row.communityKey),
      courtship: courtshipAlignments.indexOf(row.courtshipAlignment as never),
      diet: dietAlignments.indexOf(row.dietAlignment as never),
      readiness: storedConsultations.indexOf(storedConsultation(row.marriageReadinessConsultation)),
      flex: ageFlexibilities.indexOf(row.ageFlexibility as never),
      minAge: row.minAge,
      maxAge: row.maxAge,
      dobKey: row.dobKey ?? UNKNOWN,
      statedAge: row.statedAge ?? UNKNOWN,
    };
  }

  private candidatesOfGender(gender: number): Entry[] {
    if (!this.lists) {
      const lists: [Entry[], Entry[]] = [[], []];
      for (const entry of this.byId.values()) lists[entry.gender]!.push(entry);
      this.lists = lists;
    }
    return this.lists[gender]!;
  }

  /**
   * The viewer's candidates, best first (ties by profile id), and how many there are in all.
   * The same rules as domain/candidacy.ts and domain/matching.ts's scoreMatch.
   */
  rank(viewerRow: KeyRow, page: { limit: number; offset: number }, today: Date = new Date()): { items: ScoredCandidate[]; total: number } {
    const scorer = new ViewerScorer(this.toEntry(viewerRow), computeTodayKey(today));
    const best = new BestOf(page.offset + page.limit);
    let total = 0;
    for (const candidate of this.candidatesOfGender(scorer.viewer.gender === 0 ? 1 : 0)) {
      const score = scorer.score(candidate);
      if (score === null) continue;
      total += 1;
      best.offer(candidate, score);
    }
    const items = best.sorted().slice(page.offset).map(({ entry, score }) => {
      scorer.score(entry);
      const age = scorer.ageOf(entry);
      return { profileId: entry.id, userId: entry.userId, age: age === UNKNOWN ? null : age, score, breakdown: { ...scorer.last } };
    });
    return { items, total };
  }
}

/** Scores candidates for one viewer: the viewer's rows of every table looked up once. */
class ViewerScorer {
  /** The breakdown of the candidate scored last (a scratch object: copy it to keep it). */
  readonly last: Breakdown = { location: 0, community: 0, courtship: 0, diet: 0, age: 0, marriageReadiness: 0, penalties: 0 };
  private readonly viewerAge: number;
  private readonly courtshipRow: Int16Array;
  private readonly courtshipPen: Int16Array;
  private readonly dietRow: Int16Array;
  private readonly dietPen: Int16Array;
  private readonly readinessRow: Int16Array;

  constructor(
    readonly viewer: Entry,
    private readonly todayKey: number,
  ) {
    this.viewerAge = this.ageOf(viewer);
    this.courtshipRow = COURTSHIP[viewer.courtship] ?? ZERO_ROW;
    this.courtshipPen = COURTSHIP_PEN[viewer.courtship] ?? ZERO_ROW;
    this.dietRow = DIET[viewer.diet] ?? ZERO_ROW;
    this.dietPen = DIET_PEN[viewer.diet] ?? ZERO_ROW;
    this.readinessRow = READINESS[viewer.readiness] ?? ZERO_ROW;
  }

  /** displayAge on precomputed keys: full years from the birth date, else the stated age, else -1. */
  ageOf(e: Entry): number {
    return e.dobKey !== UNKNOWN && e.dobKey <= this.todayKey ? Math.trunc((this.todayKey - e.dobKey) / 10000) : e.statedAge;
  }

  /** The score, or null when the pair is not a candidate (the viewer, or a strict age range either way). */
  score(c: Entry): number | null {
    const v = this.viewer;
    if (c.userId === v.userId) return null;
    const age = this.ageOf(c);
    const viewerOutside = age === UNKNOWN ? 0 : Math.max(0, v.minAge - age, age - v.maxAge);
    const candidateOutside = this.viewerAge === UNKNOWN ? 0 : Math.max(0, c.minAge - this.viewerAge, this.viewerAge - c.maxAge);
    if (v.flex === FLEX_STRICT && viewerOutside > 0) return null;
    if (c.flex === FLEX_STRICT && candidateOutside > 0) return null;

    let proximity: number;
    if (v.country !== 0 && v.country === c.country) {
      if (v.city !== 0 && v.city === c.city && (v.region === c.region || v.region === 0 || c.region === 0)) proximity = 0;
      else if (v.region !== 0 && v.region === c.region) proximity = 1;
      else proximity = 2;
    } else if (v.inNorthAmerica && c.inNorthAmerica) proximity = 3;
    else proximity = 4;

    const b = this.last;
    b.location = LOCATION[Math.max(v.mobility, c.mobility)]![proximity]!;
    b.community = v.community !== 0 && v.community === c.community ? COMMUNITY_POINTS.same : COMMUNITY_POINTS.different;
    b.courtship = c.courtship >= 0 ? this.courtshipRow[c.courtship]! : 0;
    b.diet = c.diet >= 0 ? this.dietRow[c.diet]! : 0;
    b.marriageReadiness = c.readiness >= 0 ? this.readinessRow[c.readiness]! : 0;
    b.age = agePoints(v.flex, age === UNKNOWN, viewerOutside) + agePoints(c.flex, this.viewerAge === UNKNOWN, candidateOutside);
    const penalties =
      (c.courtship >= 0 ? this.courtshipPen[c.courtship]! : 0) +
      (c.diet >= 0 ? this.dietPen[c.diet]! : 0) +
      agePenalty(v.flex, age === UNKNOWN, viewerOutside) +
      agePenalty(c.flex, this.viewerAge === UNKNOWN, candidateOutside);
    b.penalties = penalties === 0 ? 0 : penalties;
    const sum = b.location + b.community + b.courtship + b.diet + b.age + b.marriageReadiness + b.penalties;
    return Math.min(100, Math.max(0, sum));
  }
}

/** Keeps the best `capacity` candidates seen (higher score, then lower id) in a min-heap. */
class BestOf {
  private readonly heap: { entry: Entry; score: number }[] = [];

  constructor(private readonly capacity: number) {}

  /** a ranks below b */
  private static worse(a: { entry: Entry; score: number }, b: { entry: Entry; score: number }): boolean {
    return a.score < b.score || (a.score === b.score && a.entry.id > b.entry.id);
  }

  offer(entry: Entry, score: number): void {
    const heap = this.heap;
    if (heap.length < this.capacity) {
      heap.push({ entry, score });
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!BestOf.worse(heap[i]!, heap[parent]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
      return;
    }
    const top = heap[0];
    if (this.capacity === 0 || !top) return;
    // Most candidates rank below the current worst kept one: reject them without allocating.
    if (score < top.score || (score === top.score && entry.id > top.entry.id)) return;
    heap[0] = { entry, score };
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && BestOf.worse(heap[left]!, heap[smallest]!)) smallest = left;
      if (right < heap.length && BestOf.worse(heap[right]!, heap[smallest]!)) smallest = right;
      if (smallest === i) break;
      [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
      i = smallest;
    }
  }

  /** Best first. */
  sorted(): { entry: Entry; score: number }[] {
    return [...this.heap].sort((a, b) => (BestOf.worse(a, b) ? 1 : BestOf.worse(b, a) ? -1 : 0));
  }
}

/** One side's age points (domain/matching.ts ageSide, on precomputed numbers; no allocation in the hot loop). */
function agePoints(flex: number, unknown: boolean, outside: number): number {
  if (unknown) return AGE_SIDE_UNKNOWN;
  if (outside === 0) return AGE_SIDE_MAX;
  if (flex === FLEX_STRICT || flex === FLEX_PREFERRED) return 0;
  return Math.max(0, AGE_SIDE_MAX - outside * AGE_FLEXIBLE_POINTS_PER_YEAR);
}

/** One side's age penalty (<= 0): only a preferred range the age lies outside of. */
function agePenalty(flex: number, unknown: boolean, outside: number): number {
  if (unknown || outside === 0 || flex !== FLEX_PREFERRED) return 0;
  return -Math.min(AGE_PREFERRED_PENALTY_CAP, outside * AGE_PREFERRED_PENALTY_PER_YEAR);
}

const keyColumns = {
  id: profiles.id,
  userId: profiles.userId,
  gender: profiles.gender,
  locCity: profiles.locCity,
  locRegion: profiles.locRegion,
  locCountry: profiles.locCountry,
  relocation: profiles.relocation,
  communityKey: profiles.communityKey,
  courtshipAlignment: profiles.courtshipAlignment,
  dietAlignment: profiles.dietAlignment,
  marriageReadinessConsultation: profiles.marriageReadinessConsultation,
  ageFlexibility: profiles.ageFlexibility,
  minAge: profiles.minAge,
  maxAge: profiles.maxAge,
  dobKey: profiles.dobKey,
  statedAge: profiles.statedAge,
};

const browsable = and(eq(profiles.profileActive, true), sql`cardinality(${profiles.photos}) >= ${MIN_PHOTOS_TO_ACTIVATE}`);

/** Announces a profile write; delivered to every process's index when the transaction commits. */
export function notifyProfileChanged(tx: Db, profileId: string) {
  return tx.execute(sql`select pg_notify(${PROFILE_CHANNEL}, ${profileId})`);
}
