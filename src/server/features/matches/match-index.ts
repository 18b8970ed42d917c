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
import { ageFlexibilities, courtshipAlignments, dietAlignments, firstName, MIN_PHOTOS_TO_ACTIVATE, storedConsultations } from '../../../domain/profile';
import type { Database, Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { todayKey as computeTodayKey } from './match-keys';

/**
 * Every browsable profile's match keys, held in this process's memory as columns of small integers,
 * so a request ranks tens of thousands of candidates in a few milliseconds without reading them from
 * the database. Loaded once at start and kept current by a NOTIFY that every profile write sends when
 * it commits, so all server processes follow the same changes. It also keeps what a match card shows
 * (first name, first two photos), so a page needs no further query.
 * docs/decisions/002-match-index.md says why; a test checks it against scoreMatch and candidacy.
 */

export const PROFILE_CHANNEL = 'sanga_profiles';

const FLEX_STRICT = ageFlexibilities.indexOf('strict');
const FLEX_PREFERRED = ageFlexibilities.indexOf('preferred');
const UNKNOWN = -1;
const EMPTY_SLOT = -1;
/** Photos a match card shows (spec §9: first 2). */
const SHOWN_PHOTOS = 2;

type KeyRow = Pick<
  typeof profiles.$inferSelect,
  | 'id'
  | 'userId'
  | 'name'
  | 'photos'
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

export interface RankedMatch {
  profileId: string;
  userId: string;
  firstName: string | null;
  photos: string[];
  age: number | null;
  score: number;
  breakdown: Breakdown;
}

/** Points tables as arrays by enum position; position 0 stands for a value the tables do not know. */
function pairArray(table: Readonly<Record<string, Readonly<Record<string, number>>>>, values: readonly string[]): Int16Array[] {
  const known = ['', ...values];
  return known.map((a) => Int16Array.from(known.map((b) => table[a]?.[b] ?? 0)));
}
const COURTSHIP = pairArray(COURTSHIP_POINTS, courtshipAlignments);
const COURTSHIP_PEN = pairArray(COURTSHIP_PENALTIES, courtshipAlignments);
const DIET = pairArray(DIET_POINTS, dietAlignments);
const DIET_PEN = pairArray(DIET_PENALTIES, dietAlignments);
const READINESS = pairArray(MARRIAGE_READINESS_POINTS, storedConsultations);
const LOCATION = mobilities.map((m) => Int16Array.from(proximities.map((p) => LOCATION_POINTS[m][p])));
const COURTSHIP_CODES = courtshipAlignments.length + 1;
const DIET_CODES = dietAlignments.length + 1;
const READINESS_CODES = storedConsultations.length + 1;
/** One code for a profile's courtship, diet and readiness answers: a single table lookup scores all three. */
const COMBO_CODES = COURTSHIP_CODES * DIET_CODES * READINESS_CODES;
/** The most age can add: both inside each other's ranges. */
const BEST_AGE_POINTS = 2 * AGE_SIDE_MAX;
const MOBILITY_LEVELS = mobilities.length;
/** How long a viewer's candidate count is reused when nothing changed (the ranking itself is never cached). */
const TOTAL_CACHE_MS = 60_000;
const comboOf = (courtship: number, diet: number, readiness: number) => (courtship * DIET_CODES + diet) * READINESS_CODES + readiness;

function agePoints(flex: number, unknown: boolean, outside: number): number {
  if (unknown) return AGE_SIDE_UNKNOWN;
  if (outside === 0) return AGE_SIDE_MAX;
  if (flex === FLEX_STRICT || flex === FLEX_PREFERRED) return 0;
  return Math.max(0, AGE_SIDE_MAX - outside * AGE_FLEXIBLE_POINTS_PER_YEAR);
}

function agePenalty(flex: number, unknown: boolean, outside: number): number {
  if (unknown || outside === 0 || flex !== FLEX_PREFERRED) return 0;
  return -Math.min(AGE_PREFERRED_PENALTY_CAP, outside * AGE_PREFERRED_PENALTY_PER_YEAR);
}

/** Columns, one slot per profile; a freed slot is reused. */
class Columns {
  capacity = 0;
  /** Slots in use are below this. */
  end = 0;
  private readonly free: number[] = [];
  id: string[] = [];
  userId: string[] = [];
  firstName: (string | null)[] = [];
  photos: string[][] = [];
  gender = new Int8Array(0);
  city = new Int32Array(0);
  region = new Int32Array(0);
  country = new Int32Array(0);
  northAmerica = new Uint8Array(0);
  mobility = new Uint8Array(0);
  community = new Int32Array(0);
  courtship = new Uint8Array(0);
  diet = new Uint8Array(0);
  readiness = new Uint8Array(0);
  combo = new Uint16Array(0);
  flex = new Int8Array(0);
  minAge = new Int16Array(0);
  maxAge = new Int16Array(0);
  dobKey = new Int32Array(0);
  statedAge = new Int16Array(0);
  /** The profile id's first 8 hex digits: orders ties like the ids themselves, without comparing strings. */
  idKey: Uint32Array<ArrayBuffer> = new Uint32Array(0);

  allocate(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.end === this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    return this.end++;
  }

  release(slot: number): void {
    this.gender[slot] = EMPTY_SLOT;
    this.free.push(slot);
  }

  private grow(capacity: number): void {
    const resize = <T extends Int8Array | Uint8Array | Uint16Array | Int16Array | Int32Array | Uint32Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.gender = resize(this.gender, (n) => new Int8Array(n).fill(EMPTY_SLOT));
    this.gender.fill(EMPTY_SLOT, this.capacity);
    this.city = resize(this.city, (n) => new Int32Array(n));
    this.region = resize(this.region, (n) => new Int32Array(n));
    this.country = resize(this.country, (n) => new Int32Array(n));
    this.northAmerica = resize(this.northAmerica, (n) => new Uint8Array(n));
    this.mobility = resize(this.mobility, (n) => new Uint8Array(n));
    this.community = resize(this.community, (n) => new Int32Array(n));
    this.courtship = resize(this.courtship, (n) => new Uint8Array(n));
    this.diet = resize(this.diet, (n) => new Uint8Array(n));
    this.readiness = resize(this.readiness, (n) => new Uint8Array(n));
    this.combo = resize(this.combo, (n) => new Uint16Array(n));
    this.flex = resize(this.flex, (n) => new Int8Array(n));
    this.minAge = resize(this.minAge, (n) => new Int16Array(n));
    this.maxAge = resize(this.maxAge, (n) => new Int16Array(n));
    this.dobKey = resize(this.dobKey, (n) => new Int32Array(n));
    this.statedAge = resize(this.statedAge, (n) => new Int16Array(n));
    this.idKey = resize(this.idKey, (n) => new Uint32Array(n)) as Uint32Array<ArrayBuffer>;
    this.capacity = capacity;
  }
}

/** Where a profile lives, as parsed: every profile of a bucket shares one. */
interface Place {
  city: number;
  region: number;
  country: number;
  northAmerica: boolean;
}

/**
 * The candidates of one gender who gave the same courtship, diet and readiness answers and live in the
 * same place. For a viewer, all of them are worth the same answer points and lie at the same distance, so
 * one bound covers the bucket: those points, the location points at the bucket's highest mobility, the
 * community points if anyone in it shares the viewer's community, and full age points.
 */
interface Bucket {
  gender: number;
  /** Its position in bucketsByGender[gender] (buckets are never taken out). */
  position: number;
  combo: number;
  /** The place's position in `places`: a request works out each place's distance once. */
  placeId: number;
  /**
   * Its members as records of RECORD_FIELDS integers each, side by side, so a scan reads memory in
   * order instead of hopping between columns (slot, birth date key, stated age, range, flexibility,
   * mobility, community). `size` records are in use.
   */
  records: Int32Array;
  size: number;
  /** How many of its slots have each mobility; the highest present bounds the location points. */
  mobilityCounts: Int32Array;
  highestMobility: number;
  /** How many of its slots belong to each community (interned id). */
  communityCounts: Map<number, number>;
}

const RECORD_FIELDS = 8;
const [R_SLOT, R_DOB, R_STATED_AGE, R_MIN_AGE, R_MAX_AGE, R_FLEX, R_MOBILITY, R_COMMUNITY] = [0, 1, 2, 3, 4, 5, 6, 7] as const;

/** 0 same city, 1 same region, 2 same country, 3 both in North America, 4 elsewhere (domain locationProximity). */
function proximityOf(viewer: Place, place: Place): number {
  if (viewer.country !== 0 && viewer.country === place.country) {
    if (viewer.city !== 0 && viewer.city === place.city && (viewer.region === place.region || viewer.region === 0 || place.region === 0)) return 0;
    return viewer.region !== 0 && viewer.region === place.region ? 1 : 2;
  }
  return viewer.northAmerica && place.northAmerica ? 3 : 4;
}

/** What a viewer is compared with: the same fields as a slot. */
interface ViewerKeys {
  userId: string;
  gender: number;
  city: number;
  region: number;
  country: number;
  northAmerica: boolean;
  mobility: number;
  community: number;
  courtship: number;
  diet: number;
  readiness: number;
  flex: number;
  minAge: number;
  maxAge: number;
  age: number;
}

export class MatchIndex {
  private readonly columns = new Columns();
  private readonly slotById = new Map<string, number>();
  private readonly slotByUser = new Map<string, number>();
  /**
   * Slots by gender, answer combination and place (see Bucket): buckets whose best possible score
   * cannot reach the page are never scanned. Buckets stay once made (a place and answers come back).
   */
  private readonly bucketsByGender: Bucket[][] = [[], []];
  private readonly bucketByKey = new Map<string, Bucket>();
  private readonly bucketOfSlot: (Bucket | undefined)[] = [];
  /**
   * The buckets holding anyone of each community: a request marks the viewer's community's buckets
   * from here, instead of asking every bucket's counts (a Map lookup per bucket was half the ranking).
   */
  private readonly bucketsWithCommunity = new Map<number, Set<Bucket>>();
  private readonly placeIds = new Map<string, number>();
  private readonly places: Place[] = [];
  private readonly positionInBucket: number[] = [];
  /**
   * How many candidates each viewer has: counted again after any profile change, and at least every
   * minute (ages move with the date). The list itself is always ranked fresh.
   */
  private readonly totals = new Map<string, { total: number; until: number }>();
  private readonly strings = new Map<string, number>([['', 0]]);
  private stopListening: (() => Promise<void>) | undefined;

  constructor(private readonly db: Db) {}

  get size(): number {
    return this.slotById.size;
  }

  /** Loads every browsable profile and follows changes from any process. */
  async start(database: Database): Promise<void> {
    this.stopListening = await database.listen(PROFILE_CHANNEL, (profileId) => void this.refresh(profileId).catch(() => undefined));
    const rows = await this.db.select(keyColumns).from(profiles).where(browsable);
    for (const row of rows) this.put(row);
  }

  async close(): Promise<void> {
    await this.stopListening?.();
  }

  /** Re-reads one profile (after a write committed anywhere); a profile no longer browsable leaves. */
  async refresh(profileId: string): Promise<void> {
    const [row] = await this.db.select(keyColumns).from(profiles).where(and(eq(profiles.id, profileId), browsable)).limit(1);
    if (row) this.put(row);
    else this.remove(profileId);
  }

  /** Whether the profile is in the index, i.e. active with two photos as of the last change seen. */
  has(profileId: string): boolean {
    return this.slotById.has(profileId);
  }

  private remove(profileId: string): void {
    const slot = this.slotById.get(profileId);
    if (slot === undefined) return;
    this.slotById.delete(profileId);
    this.slotByUser.delete(this.columns.userId[slot]!);
    this.totals.clear();
    this.leaveBucket(slot);
    this.columns.release(slot);
  }

  /** Takes a slot out of its bucket; call before the slot's columns change (they say what to uncount). */
  private leaveBucket(slot: number): void {
    const bucket = this.bucketOfSlot[slot];
    if (!bucket) return;
    const position = this.positionInBucket[slot]!;
    const lastPosition = --bucket.size;
    if (position !== lastPosition) {
      // The last record fills the gap.
      const records = bucket.records;
      records.copyWithin(position * RECORD_FIELDS, lastPosition * RECORD_FIELDS, (lastPosition + 1) * RECORD_FIELDS);
      this.positionInBucket[records[position * RECORD_FIELDS + R_SLOT]!] = position;
    }
    bucket.mobilityCounts[this.columns.mobility[slot]!]! -= 1;
    while (bucket.highestMobility > 0 && bucket.mobilityCounts[bucket.highestMobility] === 0) bucket.highestMobility--;
    const community = this.columns.community[slot]!;
    const left = (bucket.communityCounts.get(community) ?? 1) - 1;
    if (left === 0) {
      bucket.communityCounts.delete(community);
      this.bucketsWithCommunity.get(community)?.delete(bucket);
    } else bucket.communityCounts.set(community, left);
    this.bucketOfSlot[slot] = undefined;
  }

  /** Puts a slot, whose columns are current, into the bucket of its gender, answers and place. */
  private joinBucket(slot: number): void {
    const c = this.columns;
    const gender = c.gender[slot]!;
    const combo = c.combo[slot]!;
    const placeKey = `${c.city[slot]}:${c.region[slot]}:${c.country[slot]}`;
    const key = `${gender}:${combo}:${placeKey}`;
    let bucket = this.bucketByKey.get(key);
    if (!bucket) {
      let placeId = this.placeIds.get(placeKey);
      if (placeId === undefined) {
        placeId = this.places.push({ city: c.city[slot]!, region: c.region[slot]!, country: c.country[slot]!, northAmerica: c.northAmerica[slot] === 1 }) - 1;
        this.placeIds.set(placeKey, placeId);
      }
      const position = this.bucketsByGender[gender]!.length;
      bucket = { gender, position, combo, placeId, records: new Int32Array(4 * RECORD_FIELDS), size: 0, mobilityCounts: new Int32Array(MOBILITY_LEVELS), highestMobility: 0, communityCounts: new Map() };
      this.bucketByKey.set(key, bucket);
      this.bucketsByGender[gender]!.push(bucket);
    }
    if ((bucket.size + 1) * RECORD_FIELDS > bucket.records.length) {
      const grown = new Int32Array(bucket.records.length * 2);
      grown.set(bucket.records);
      bucket.records = grown;
    }
    const at = bucket.size * RECORD_FIELDS;
    const r = bucket.records;
    r[at + R_SLOT] = slot;
    r[at + R_DOB] = c.dobKey[slot]!;
    r[at + R_STATED_AGE] = c.statedAge[slot]!;
    r[at + R_MIN_AGE] = c.minAge[slot]!;
    r[at + R_MAX_AGE] = c.maxAge[slot]!;
    r[at + R_FLEX] = c.flex[slot]!;
    r[at + R_MOBILITY] = c.mobility[slot]!;
    r[at + R_COMMUNITY] = c.community[slot]!;
    this.positionInBucket[slot] = bucket.size;
    bucket.size += 1;
    bucket.mobilityCounts[c.mobility[slot]!]! += 1;
    if (c.mobility[slot]! > bucket.highestMobility) bucket.highestMobility = c.mobility[slot]!;
    const community = c.community[slot]!;
    const members = (bucket.communityCounts.get(community) ?? 0) + 1;
    bucket.communityCounts.set(community, members);
    if (members === 1) {
      let withCommunity = this.bucketsWithCommunity.get(community);
      if (!withCommunity) this.bucketsWithCommunity.set(community, (withCommunity = new Set()));
      withCommunity.add(bucket);
    }
    this.bucketOfSlot[slot] = bucket;
  }

  private intern(value: string): number {
    let id = this.strings.get(value);
    if (id === undefined) {
      id = this.strings.size;
      this.strings.set(value, id);
    }
    return id;
  }

  private keysOf(row: KeyRow) {
    const courtship = courtshipAlignments.indexOf(row.courtshipAlignment as never) + 1;
    const diet = dietAlignments.indexOf(row.dietAlignment as never) + 1;
    const readiness = storedConsultations.indexOf(storedConsultation(row.marriageReadinessConsultation)) + 1;
    return {
      gender: row.gender === 'woman' ? 1 : 0,
      city: this.intern(row.locCity),
      region: this.intern(row.locRegion),
      country: this.intern(row.locCountry),
      northAmerica: (NORTH_AMERICA_COUNTRIES as readonly string[]).includes(row.locCountry),
      mobility: MOBILITY_RANK[RELOCATION_MOBILITY[row.relocation as keyof typeof RELOCATION_MOBILITY] ?? 'none'],
      community: this.intern(row.communityKey),
      courtship,
      diet,
      readiness,
      flex: ageFlexibilities.indexOf(row.ageFlexibility as never),
      minAge: row.minAge,
      maxAge: row.maxAge,
    };
  }

  private put(row: KeyRow): void {
    const c = this.columns;
    let slot = this.slotById.get(row.id);
    if (slot === undefined) {
      slot = c.allocate();
      this.slotById.set(row.id, slot);
    } else this.leaveBucket(slot);
    this.slotByUser.set(row.userId, slot);
    const k = this.keysOf(row);
    c.id[slot] = row.id;
    c.idKey[slot] = Number.parseInt(row.id.slice(0, 8), 16) >>> 0;
    c.userId[slot] = row.userId;
    c.firstName[slot] = firstName(row.name);
    c.photos[slot] = row.photos.slice(0, SHOWN_PHOTOS);
    c.gender[slot] = k.gender;
    c.city[slot] = k.city;
    c.region[slot] = k.region;
    c.country[slot] = k.country;
    c.northAmerica[slot] = k.northAmerica ? 1 : 0;
    c.mobility[slot] = k.mobility;
    c.community[slot] = k.community;
    c.courtship[slot] = k.courtship;
    c.diet[slot] = k.diet;
    c.readiness[slot] = k.readiness;
    c.combo[slot] = comboOf(k.courtship, k.diet, k.readiness);
    c.flex[slot] = k.flex;
    c.minAge[slot] = k.minAge;
    c.maxAge[slot] = k.maxAge;
    c.dobKey[slot] = row.dobKey ?? UNKNOWN;
    c.statedAge[slot] = row.statedAge === null ? UNKNOWN : Math.min(row.statedAge, 32_000);
    this.joinBucket(slot);
    this.totals.clear();
  }

  /**
   * A browsable viewer's candidates, best first (ties by profile id), and how many there are in all:
   * the rules of domain/candidacy.ts and domain/matching.ts's scoreMatch, on the columns. Null when the
   * user has no browsable profile in the index.
   */
  rankForUser(userId: string, page: { limit: number; offset: number }, today: Date = new Date()): { items: RankedMatch[]; total: number } | null {
    const viewerSlot = this.slotByUser.get(userId);
    if (viewerSlot === undefined) return null;
    const c = this.columns;
    const todayKey = computeTodayKey(today);
    const ageOf = (dobKey: number, statedAge: number) => (dobKey !== UNKNOWN && dobKey <= todayKey ? Math.trunc((todayKey - dobKey) / 10000) : statedAge);
    const viewer: ViewerKeys = {
      userId,
      gender: c.gender[viewerSlot]!,
      city: c.city[viewerSlot]!,
      region: c.region[viewerSlot]!,
      country: c.country[viewerSlot]!,
      northAmerica: c.northAmerica[viewerSlot] === 1,
      mobility: c.mobility[viewerSlot]!,
      community: c.community[viewerSlot]!,
      courtship: c.courtship[viewerSlot]!,
      diet: c.diet[viewerSlot]!,
      readiness: c.readiness[viewerSlot]!,
      flex: c.flex[viewerSlot]!,
      minAge: c.minAge[viewerSlot]!,
      maxAge: c.maxAge[viewerSlot]!,
      age: ageOf(c.dobKey[viewerSlot]!, c.statedAge[viewerSlot]!),
    };
    const wantedGender = viewer.gender === 0 ? 1 : 0;

    // Courtship, diet and readiness points plus their penalties, for every answer combination.
    const comboPoints = new Int16Array(COMBO_CODES);
    for (let courtship = 0; courtship < COURTSHIP_CODES; courtship++) {
      for (let diet = 0; diet < DIET_CODES; diet++) {
        for (let readiness = 0; readiness < READINESS_CODES; readiness++) {
          comboPoints[comboOf(courtship, diet, readiness)] =
            COURTSHIP[viewer.courtship]![courtship]! +
            COURTSHIP_PEN[viewer.courtship]![courtship]! +
            DIET[viewer.diet]![diet]! +
            DIET_PEN[viewer.diet]![diet]! +
            READINESS[viewer.readiness]![readiness]!;
        }
      }
    }

    const best = new BestOf(page.offset + page.limit, c.id, c.idKey);
    // Columns in locals; no calls but the heap's and no allocation per candidate.
    const viewerAgeKnown = viewer.age !== UNKNOWN;
    const viewerStrict = viewer.flex === FLEX_STRICT;
    const viewerPreferred = viewer.flex === FLEX_PREFERRED;
    const sameCommunity = COMMUNITY_POINTS.same;
    const otherCommunity = COMMUNITY_POINTS.different;

    // Each bucket's best possible score (0–100), then the buckets ordered best first by a counting sort
    // over those scores: typed arrays only, no per-bucket allocation.
    const buckets = this.bucketsByGender[wantedGender]!;
    const bounds = new Int8Array(buckets.length);
    const bucketsWithBound = new Int32Array(101);
    const proximityByPlace = new Int8Array(this.places.length).fill(-1);
    const sharesCommunity = new Uint8Array(buckets.length);
    if (viewer.community !== 0) {
      for (const bucket of this.bucketsWithCommunity.get(viewer.community) ?? []) if (bucket.gender === wantedGender) sharesCommunity[bucket.position] = 1;
    }
    for (let i = 0; i < buckets.length; i++) {
      const bucket = buckets[i]!;
      if (bucket.size === 0) {
        bounds[i] = -1;
        continue;
      }
      let proximity = proximityByPlace[bucket.placeId]!;
      if (proximity < 0) proximityByPlace[bucket.placeId] = proximity = proximityOf(viewer, this.places[bucket.placeId]!);
      const bound =
        comboPoints[bucket.combo]! +
        LOCATION[viewer.mobility > bucket.highestMobility ? viewer.mobility : bucket.highestMobility]![proximity]! +
        (sharesCommunity[i] === 1 ? sameCommunity : otherCommunity) +
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
    for (let i = 0; i < buckets.length; i++) {
      const bound = bounds[i]!;
      if (bound >= 0) bestFirst[nextAt[bound]!++] = i;
    }
    for (const bucketAt of bestFirst) {
      // A kept score equal to the bound could still lose its place to a lower profile id: stop only below it.
      if (best.full && best.worstScore > bounds[bucketAt]!) break;
      const bucket = buckets[bucketAt]!;
      const proximity = proximityByPlace[bucket.placeId]!;
      const answerPoints = comboPoints[bucket.combo]!;
      const records = bucket.records;
      const end = bucket.size * RECORD_FIELDS;
      for (let at = 0; at < end; at += RECORD_FIELDS) {
        const slot = records[at + R_SLOT]!;
        const dob = records[at + R_DOB]!;
        const age = dob !== UNKNOWN && dob <= todayKey ? Math.trunc((todayKey - dob) / 10000) : records[at + R_STATED_AGE]!;
        const ageKnown = age !== UNKNOWN;
        let viewerOutside = 0;
        if (ageKnown) viewerOutside = age < viewer.minAge ? viewer.minAge - age : age > viewer.maxAge ? age - viewer.maxAge : 0;
        let candidateOutside = 0;
        if (viewerAgeKnown) {
          const low = records[at + R_MIN_AGE]!;
          const high = records[at + R_MAX_AGE]!;
          candidateOutside = viewer.age < low ? low - viewer.age : viewer.age > high ? viewer.age - high : 0;
        }
        const candidateFlex = records[at + R_FLEX]!;
        if (viewerStrict && viewerOutside > 0) continue;
        if (candidateFlex === FLEX_STRICT && candidateOutside > 0) continue;
        if (slot === viewerSlot) continue;
        const m = records[at + R_MOBILITY]!;

        // Age: each side's points, and a penalty for a preferred range the other lies outside of.
        let agePart: number;
        if (!ageKnown) agePart = AGE_SIDE_UNKNOWN;
        else if (viewerOutside === 0) agePart = AGE_SIDE_MAX;
        else if (viewerStrict) agePart = 0;
        else if (viewerPreferred) agePart = -Math.min(AGE_PREFERRED_PENALTY_CAP, viewerOutside * AGE_PREFERRED_PENALTY_PER_YEAR);
        else agePart = Math.max(0, AGE_SIDE_MAX - viewerOutside * AGE_FLEXIBLE_POINTS_PER_YEAR);
        if (!viewerAgeKnown) agePart += AGE_SIDE_UNKNOWN;
        else if (candidateOutside === 0) agePart += AGE_SIDE_MAX;
        else if (candidateFlex === FLEX_PREFERRED) agePart -= Math.min(AGE_PREFERRED_PENALTY_CAP, candidateOutside * AGE_PREFERRED_PENALTY_PER_YEAR);
        else if (candidateFlex !== FLEX_STRICT) agePart += Math.max(0, AGE_SIDE_MAX - candidateOutside * AGE_FLEXIBLE_POINTS_PER_YEAR);

        const sum =
          LOCATION[viewer.mobility > m ? viewer.mobility : m]![proximity]! +
          (viewer.community !== 0 && viewer.community === records[at + R_COMMUNITY] ? sameCommunity : otherCommunity) +
          answerPoints +
          agePart;
        best.offer(slot, sum < 0 ? 0 : sum > 100 ? 100 : sum);
      }
    }
    const total = this.totalFor(viewer, wantedGender, todayKey);
    const items = best.sorted().slice(page.offset).map(({ slot, score }) => {
      const age = ageOf(c.dobKey[slot]!, c.statedAge[slot]!);
      return {
        profileId: c.id[slot]!,
        userId: c.userId[slot]!,
        firstName: c.firstName[slot] ?? null,
        photos: c.photos[slot]!,
        age: age === UNKNOWN ? null : age,
        score,
        breakdown: this.breakdown(viewer, slot, age),
      };
    });
    return { items, total };
  }

  /** Every candidate counted (strict ranges either way); see `totals`. */
  private totalFor(viewer: ViewerKeys, wantedGender: number, todayKey: number): number {
    const cached = this.totals.get(viewer.userId);
    if (cached && cached.until > Date.now()) return cached.total;
    const viewerSlot = this.slotByUser.get(viewer.userId);
    let total = 0;
    for (const bucket of this.bucketsByGender[wantedGender]!) {
      const records = bucket.records;
      const end = bucket.size * RECORD_FIELDS;
      for (let at = 0; at < end; at += RECORD_FIELDS) {
        if (records[at + R_SLOT] === viewerSlot) continue;
        if (viewer.flex === FLEX_STRICT) {
          const dob = records[at + R_DOB]!;
          const age = dob !== UNKNOWN && dob <= todayKey ? Math.trunc((todayKey - dob) / 10000) : records[at + R_STATED_AGE]!;
          if (age !== UNKNOWN && (age < viewer.minAge || age > viewer.maxAge)) continue;
        }
        if (records[at + R_FLEX] === FLEX_STRICT && viewer.age !== UNKNOWN && (viewer.age < records[at + R_MIN_AGE]! || viewer.age > records[at + R_MAX_AGE]!)) continue;
        total += 1;
      }
    }
    this.totals.set(viewer.userId, { total, until: Date.now() + TOTAL_CACHE_MS });
    return total;
  }

  /** The breakdown of one candidate's score, component by component (for the page shown). */
  private breakdown(v: ViewerKeys, slot: number, age: number): Breakdown {
    const c = this.columns;
    const viewerOutside = age === UNKNOWN ? 0 : Math.max(0, v.minAge - age, age - v.maxAge);
    const candidateOutside = v.age === UNKNOWN ? 0 : Math.max(0, c.minAge[slot]! - v.age, v.age - c.maxAge[slot]!);
    const flex = c.flex[slot]!;
    const penalties =
      COURTSHIP_PEN[v.courtship]![c.courtship[slot]!]! +
      DIET_PEN[v.diet]![c.diet[slot]!]! +
      agePenalty(v.flex, age === UNKNOWN, viewerOutside) +
      agePenalty(flex, v.age === UNKNOWN, candidateOutside);
    return {
      location: LOCATION[Math.max(v.mobility, c.mobility[slot]!)]![proximityOf(v, this.places[this.bucketOfSlot[slot]!.placeId]!)]!,
      community: v.community !== 0 && v.community === c.community[slot] ? COMMUNITY_POINTS.same : COMMUNITY_POINTS.different,
      courtship: COURTSHIP[v.courtship]![c.courtship[slot]!]!,
      diet: DIET[v.diet]![c.diet[slot]!]!,
      age: agePoints(v.flex, age === UNKNOWN, viewerOutside) + agePoints(flex, v.age === UNKNOWN, candidateOutside),
      marriageReadiness: READINESS[v.readiness]![c.readiness[slot]!]!,
      penalties: penalties === 0 ? 0 : penalties,
    };
  }
}

/** Keeps the best `capacity` slots seen (higher score, then lower profile id) in a min-heap. */
class BestOf {
  private readonly slots: number[] = [];
  private readonly scores: number[] = [];

  constructor(
    private readonly capacity: number,
    private readonly ids: string[],
    private readonly idKeys: Uint32Array,
  ) {}

  get full(): boolean {
    return this.slots.length >= this.capacity;
  }

  /** The lowest score kept (meaningful once full). */
  get worstScore(): number {
    return this.scores[0] ?? -Infinity;
  }

  /** Whether (scoreA, slotA) ranks below (scoreB, slotB): a lower score, or the same and a later id. */
  private worse(scoreA: number, slotA: number, scoreB: number, slotB: number): boolean {
    if (scoreA !== scoreB) return scoreA < scoreB;
    const keyA = this.idKeys[slotA]!;
    const keyB = this.idKeys[slotB]!;
    return keyA !== keyB ? keyA > keyB : this.ids[slotA]! > this.ids[slotB]!;
  }

  private swap(i: number, j: number): void {
    [this.slots[i], this.slots[j]] = [this.slots[j]!, this.slots[i]!];
    [this.scores[i], this.scores[j]] = [this.scores[j]!, this.scores[i]!];
  }

  private below(i: number, j: number): boolean {
    return this.worse(this.scores[i]!, this.slots[i]!, this.scores[j]!, this.slots[j]!);
  }

  offer(slot: number, score: number): void {
    const n = this.slots.length;
    if (n < this.capacity) {
      this.slots.push(slot);
      this.scores.push(score);
      for (let i = n; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!this.below(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    // Most candidates rank below the worst one kept: rejected at once.
    if (n === 0 || this.worse(score, slot, this.scores[0]!, this.slots[0]!)) return;
    this.slots[0] = slot;
    this.scores[0] = score;
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let lowest = i;
      if (left < n && this.below(left, lowest)) lowest = left;
      if (right < n && this.below(right, lowest)) lowest = right;
      if (lowest === i) break;
      this.swap(i, lowest);
      i = lowest;
    }
  }

  /** Best first. */
  sorted(): { slot: number; score: number }[] {
    return this.slots
      .map((slot, i) => ({ slot, score: this.scores[i]! }))
      .sort((a, b) => (this.worse(a.score, a.slot, b.score, b.slot) ? 1 : this.worse(b.score, b.slot, a.score, a.slot) ? -1 : 0));
  }
}

const keyColumns = {
  id: profiles.id,
  userId: profiles.userId,
  name: profiles.name,
  photos: profiles.photos,
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
