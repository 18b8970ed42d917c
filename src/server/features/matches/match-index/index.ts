import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Breakdown } from '#domain/matching/matching';
import type { TrustFacts } from '#domain/references/references';
import { matchTrustOf, matchTrustWithEmail } from '#server/policy/trust';
import { ageFlexibilities, courtshipAlignments, dietAlignments, firstName, MATCH_PHOTOS_SHOWN, relocations, storedConsultation, storedConsultations } from '#domain/profile/profile';
import type { Database, Db } from '#server/db/client';
import { profiles } from '#server/db/schema';
import { todayKey as computeTodayKey } from '../match-keys';
import { ageOn, UNKNOWN } from './age';
import { listen, notifyMarker, type ChannelKey } from '#server/events/channels';
import { BlockedPairs } from './blocked-pairs';
import { Buckets } from './buckets';
import { browsable } from '#server/policy/sql-facts';
import { Columns, keyColumns, type KeyRow } from './columns';
import { CandidateCounts } from './count';
import type { CandidateFilter } from './filter';
import { greatCircleKm, loadGazetteer, type Gazetteer, type Spot } from './gazetteer';
import { fieldError, HttpError } from '#server/errors';
import { normalizeCommunity, normalizeCountry } from '#domain/matching/matching';
import { parseLocation } from '#domain/matching/location-text';
import { breakdownOf, rankBest, rankNewest, scoreOfBreakdown, viewerAt, type MatchOrder } from './rank';
import { CreationOrder } from './creation-order';
import { codeOf, comboOf } from './tables';
import { heightsOf, rejectsOf, traitsOf } from './must-haves';

/** Profiles read per statement at start. */
const LOAD_PAGE_ROWS = 10_000;

/** The channels whose changes the index follows. */
const FOLLOWED: readonly ChannelKey[] = ['profiles', 'blocks'];

/** How long `caughtUp` waits for its markers: longer only when the listening connection is lost. */
const CAUGHT_UP_WAIT_MS = 2_000;

/**
 * Every browsable profile's match keys, held in this process's memory as columns of small integers,
 * so a request ranks tens of thousands of candidates in a few milliseconds without reading them from
 * the database. Loaded once at start and kept current by the NOTIFY that every change sends when it commits
 * (events/changes.ts), the one path for every process, the writer's own included: a write awaits `caughtUp` before
 * it answers, so the member's next request reads what they wrote. It also keeps what a match card shows
 * (first name, first two photos), so a page needs no further query.
 * docs/decisions/002-match-index.md says why; a test checks it against scoreMatch and candidacy.
 *
 * One concern a file: columns.ts the storage, buckets.ts the grouping, tables.ts the scoring tables
 * (made from the domain's rules), age.ts ages, rank.ts the ranking, count.ts the candidate count.
 */

export interface RankedMatch {
  profileId: string;
  userId: string;
  firstName: string | null;
  photos: string[];
  /** The person shows her photos only to people introduced to her: the service decides what this viewer gets. */
  photosPrivate: boolean;
  age: number | null;
  score: number;
  breakdown: Breakdown;
  trust: TrustFacts;
  /** The age is known and outside the viewer's sought range. */
  outsideViewerRange: boolean;
}

/** What a member narrowed the list to, as GET /api/matches reads it (each left out: no narrowing). */
export interface ListNarrowing {
  minAge?: number | undefined;
  maxAge?: number | undefined;
  /** At most this many kilometres from the viewer's place (call `placesOnMap` first). */
  withinKm?: number | undefined;
  country?: string | undefined;
  community?: string | undefined;
  verified?: boolean | undefined;
  references?: boolean | undefined;
  /** Best score first (the default), or the most recently made profiles first. */
  sort?: MatchOrder | undefined;
}

export class MatchIndex {
  private readonly columns = new Columns();
  private readonly buckets = new Buckets(this.columns);
  private readonly counts = new CandidateCounts();
  private readonly newest = new CreationOrder(this.columns);
  private readonly slotById = new Map<string, number>();
  private readonly slotByUser = new Map<string, number>();
  private readonly strings = new Map<string, number>([['', 0]]);
  private readonly blocked: BlockedPairs;
  private readonly stopListening: (() => Promise<void>)[] = [];
  /** The work on delivered changes, one after another (see `caughtUp`). */
  private applying: Promise<void> = Promise.resolve();
  /** `caughtUp`'s markers still on their way, by token: how many channels have yet to deliver theirs. */
  private readonly markers = new Map<string, { remaining: number; resolve: () => void }>();
  /** The places on the map, once a distance was asked; each place's spot by place id (null: not on the map). */
  private gazetteer: Gazetteer | undefined;
  private readonly spots: (Spot | null)[] = [];

  /** `loadPageRows`: profiles read per statement at start (a test makes it small to read several pages). */
  constructor(
    private readonly db: Db,
    private readonly loadPageRows = LOAD_PAGE_ROWS,
  ) {
    this.blocked = new BlockedPairs(db);
  }

  get size(): number {
    return this.slotById.size;
  }

  /** Loads every browsable profile and follows changes from any process. */
  async start(database: Database): Promise<void> {
    const onMarker = (token: string) => this.inTurn(async () => this.markerArrived(token));
    // Changes committed while the listening connection was lost never arrive: read everything again.
    const onResumed = () => this.inTurn(() => this.load());
    this.stopListening.push(await listen(database, 'profiles', (profileId) => this.inTurn(() => this.refresh(profileId)), { onMarker, onResumed }));
    this.stopListening.push(
      await listen(database, 'blocks', ({ blockerId, blockedId }) => this.inTurn(() => this.refreshBlock(blockerId, blockedId)), { onMarker, onResumed }),
    );
    // In turn too: a change delivered while the profiles are read is applied after them, never undone by the load.
    await this.turn(() => this.load());
  }

  /** Reads every browsable profile and every blocked pair; a profile held that is no longer browsable leaves. */
  private async load(): Promise<void> {
    await this.blocked.load();
    this.counts.clear();
    this.newest.startBuilding();
    // In pages by id: one statement for the whole table held every row twice (the driver's and drizzle's) until the
    // last was put, and the process kept that much memory afterwards (docs/benchmarks.md, "GET /api/matches against adbcfa2").
    const seen = new Set<string>();
    let after: string | undefined;
    for (;;) {
      const page = await this.db
        .select(keyColumns)
        .from(profiles)
        .where(after === undefined ? browsable : and(browsable, gt(profiles.id, after)))
        .orderBy(asc(profiles.id))
        .limit(this.loadPageRows);
      for (const row of page) {
        this.put(row);
        seen.add(row.id);
      }
      if (page.length < this.loadPageRows) break;
      after = page[page.length - 1]!.id;
    }
    for (const profileId of [...this.slotById.keys()]) if (!seen.has(profileId)) this.remove(profileId);
    this.newest.finishBuilding();
  }

  async close(): Promise<void> {
    for (const stop of this.stopListening.splice(0)) await stop();
  }

  /**
   * Resolves when every change committed (anywhere) before this call is applied here, or after CAUGHT_UP_WAIT_MS
   * when the changes are not arriving. A marker goes out on each followed channel; the changes are applied one after
   * another in the order they arrive, so once both markers have had their turn, everything before them has.
   */
  async caughtUp(): Promise<void> {
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve) => {
      this.markers.set(token, { remaining: FOLLOWED.length, resolve });
      timer = setTimeout(resolve, CAUGHT_UP_WAIT_MS);
    });
    try {
      await notifyMarker(this.db, FOLLOWED, token);
      await arrived;
    } finally {
      clearTimeout(timer);
      this.markers.delete(token);
    }
  }

  /** Runs `work` after the work queued before it; answers its own outcome, while the queue goes on whatever it is. */
  private turn(work: () => Promise<void>): Promise<void> {
    const done = this.applying.then(work);
    this.applying = done.catch(() => undefined);
    return done;
  }

  /** Queues work on a delivered change (a failed re-read leaves the slot as it was until the next change). */
  private inTurn(work: () => Promise<void>): void {
    void this.turn(work).catch(() => undefined);
  }

  private markerArrived(token: string): void {
    const marker = this.markers.get(token);
    if (marker && --marker.remaining === 0) marker.resolve();
  }

  /** Re-reads whether two people are blocked either way (after a block or unblock committed anywhere). */
  private async refreshBlock(a: string, b: string): Promise<void> {
    await this.blocked.refresh(a, b);
    this.counts.forget(a);
    this.counts.forget(b);
  }

  /** Re-reads one profile (after a write committed anywhere); a profile no longer browsable leaves. */
  private async refresh(profileId: string): Promise<void> {
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
    this.counts.clear();
    this.buckets.leave(slot);
    this.newest.remove(slot);
    this.columns.release(slot);
  }

  private intern(value: string): number {
    let id = this.strings.get(value);
    if (id === undefined) {
      id = this.strings.size;
      this.strings.set(value, id);
    }
    return id;
  }

  private put(row: KeyRow): void {
    const c = this.columns;
    let slot = this.slotById.get(row.id);
    if (slot === undefined) {
      slot = c.allocate();
      this.slotById.set(row.id, slot);
    } else {
      this.buckets.leave(slot);
      this.newest.remove(slot);
    }
    this.slotByUser.set(row.userId, slot);
    c.id[slot] = row.id;
    c.idKey[slot] = Number.parseInt(row.id.slice(0, 8), 16) >>> 0;
    c.createdAt[slot] = row.createdAt.getTime();
    c.userId[slot] = row.userId;
    c.firstName[slot] = firstName(row.name);
    c.photos[slot] = row.photos.slice(0, MATCH_PHOTOS_SHOWN);
    c.photosPrivate[slot] = row.photosPrivate ? 1 : 0;
    const trust = matchTrustOf(row);
    c.trust[slot] = trust.facts;
    c.emailVerifiedAt[slot] = trust.emailVerifiedAt;
    c.gender[slot] = row.gender === 'woman' ? 1 : 0;
    c.place[slot] = this.buckets.placeId({ city: row.locCity, region: row.locRegion, country: row.locCountry });
    c.relocation[slot] = codeOf(relocations, row.relocation);
    c.community[slot] = this.intern(row.communityKey);
    c.courtship[slot] = codeOf(courtshipAlignments, row.courtshipAlignment);
    c.diet[slot] = codeOf(dietAlignments, row.dietAlignment);
    c.readiness[slot] = codeOf(storedConsultations, storedConsultation(row.marriageReadinessConsultation));
    c.combo[slot] = comboOf(c.courtship[slot]!, c.diet[slot]!, c.readiness[slot]!);
    c.flex[slot] = codeOf(ageFlexibilities, row.ageFlexibility);
    c.minAge[slot] = row.minAge;
    c.maxAge[slot] = row.maxAge;
    c.dobKey[slot] = row.dobKey ?? UNKNOWN;
    c.statedAge[slot] = row.statedAge === null ? UNKNOWN : Math.min(row.statedAge, 32_000);
    c.traits[slot] = traitsOf(row);
    c.rejects[slot] = rejectsOf(row.mustHaves);
    c.heights[slot] = heightsOf(row.mustHaves);
    // A hidden person (suspended, held for review) keeps a slot to browse from, but no bucket: nobody finds them.
    if (!row.hidden) {
      this.buckets.join(slot);
      this.newest.add(slot);
    }
    this.counts.clear();
  }

  /** Loads the gazetteer (once a process), which a narrowing by distance needs. */
  async placesOnMap(): Promise<void> {
    this.gazetteer ??= await loadGazetteer();
  }

  /**
   * Kilometres between a member's place, as the index holds it, and a place written out (someone who may have left the
   * index): null when the member is not browsable or either place is not on the map.
   */
  async kmFromMember(userId: string, location: string): Promise<number | null> {
    const slot = this.slotByUser.get(userId);
    if (slot === undefined) return null;
    await this.placesOnMap();
    const from = this.spotOf(this.columns.place[slot]!, this.gazetteer!);
    const to = this.gazetteer!.locate(parseLocation(location));
    return from && to ? greatCircleKm(from, to) : null;
  }

  /** A place's spot on the map, found once a place (null: the gazetteer cannot tell where it is). */
  private spotOf(placeId: number, gazetteer: Gazetteer): Spot | null {
    let spot = this.spots[placeId];
    if (spot === undefined) this.spots[placeId] = spot = gazetteer.locate(this.buckets.places[placeId]!) ?? null;
    return spot;
  }

  /**
   * Which places a narrowing lets in (by place id): in the country asked for, and at most `withinKm` from the viewer's
   * place. Undefined when it asks neither.
   */
  private placesLetIn(country: string | undefined, withinKm: number | undefined, viewerSlot: number): Uint8Array | undefined {
    if (country === undefined && withinKm === undefined) return undefined;
    const places = this.buckets.places;
    const letIn = new Uint8Array(places.length);
    let from: Spot | null = null;
    if (withinKm !== undefined) {
      if (!this.gazetteer) throw new Error('placesOnMap() must have loaded the gazetteer before a distance is asked');
      from = this.spotOf(this.columns.place[viewerSlot]!, this.gazetteer);
      if (!from) throw new HttpError(400, 'place-not-on-map', undefined, [fieldError('query.withinKm', 'withinKmPlaceNotOnMap')]);
    }
    for (let id = 0; id < places.length; id += 1) {
      if (country !== undefined && (country === '' || places[id]!.country !== country)) continue;
      if (from) {
        const spot = this.spotOf(id, this.gazetteer!);
        if (!spot || greatCircleKm(from, spot) > withinKm!) continue;
      }
      letIn[id] = 1;
    }
    return letIn;
  }

  /**
   * The index's form of a narrowing, and its key for the count (the same narrowing, however written, the same key):
   * undefined when nothing narrows the list (the common case costs nothing).
   */
  private filterOf(narrowing: ListNarrowing, viewerSlot: number): { filter: CandidateFilter; key: string } | undefined {
    const { minAge, maxAge, withinKm, verified = false, references = false } = narrowing;
    const country = narrowing.country === undefined ? undefined : normalizeCountry(narrowing.country);
    const community = narrowing.community === undefined ? undefined : normalizeCommunity(narrowing.community);
    if (minAge === undefined && maxAge === undefined && withinKm === undefined && country === undefined && community === undefined && !verified && !references) return undefined;
    const places = this.placesLetIn(country, withinKm, viewerSlot);
    const filter = {
      minAge: minAge ?? 0,
      maxAge: maxAge ?? Number.MAX_SAFE_INTEGER,
      ageBounded: minAge !== undefined || maxAge !== undefined,
      places,
      // A community nobody has (or an empty one, which shares nothing) matches no one.
      community: community === undefined ? undefined : community === '' ? -1 : (this.strings.get(community) ?? -1),
      verified,
      references,
      trust: this.columns.trust,
    };
    return { filter, key: JSON.stringify([minAge, maxAge, withinKm, country, community, verified, references]) };
  }

  /** The slots of the people blocked with this viewer, either way (undefined when none). */
  private blockedSlots(userId: string): ReadonlySet<number> | undefined {
    const people = this.blocked.of(userId);
    if (!people) return undefined;
    const slots = new Set<number>();
    for (const other of people) {
      const slot = this.slotByUser.get(other);
      if (slot !== undefined) slots.add(slot);
    }
    return slots;
  }

  /**
   * A browsable viewer's candidates, best first (ties by profile id), and how many there are in all:
   * the rules of domain/matching/candidacy.ts and domain/matching/matching.ts's scoreMatch, on the columns. Null when the
   * user has no browsable profile in the index.
   */
  rankForUser(
    userId: string,
    page: { limit: number; offset: number },
    today: Date = new Date(),
    narrowing: ListNarrowing = {},
  ): { items: RankedMatch[]; total: number } | null {
    const viewerSlot = this.slotByUser.get(userId);
    if (viewerSlot === undefined) return null;
    const c = this.columns;
    const todayKey = computeTodayKey(today);
    const viewer = viewerAt(c, viewerSlot, todayKey);
    const excluded = this.blockedSlots(userId);
    const narrowed = this.filterOf(narrowing, viewerSlot);
    const filter = narrowed?.filter;
    const wanted = page.offset + page.limit;
    // Newest first reads the creation order; best first ranks by score.
    const slots =
      narrowing.sort === 'newest'
        ? rankNewest(c, this.newest, viewer, wanted, todayKey, excluded, filter)
        : rankBest(c, this.buckets, viewer, wanted, todayKey, excluded, filter).map((ranked) => ranked.slot);
    const total = this.counts.countFor(userId, this.buckets.byGender, viewer, todayKey, excluded, narrowed);
    const items = slots.slice(page.offset).map((slot) => {
      const age = ageOn(todayKey, c.dobKey[slot]!, c.statedAge[slot]!);
      const breakdown = breakdownOf(c, this.buckets, viewer, slot, age);
      // The score is its breakdown's sum, as the ranking summed it (the index's property test holds the two together).
      const score = scoreOfBreakdown(breakdown);
      return {
        profileId: c.id[slot]!,
        userId: c.userId[slot]!,
        firstName: c.firstName[slot] ?? null,
        photos: c.photos[slot]!,
        photosPrivate: c.photosPrivate[slot] === 1,
        age: age === UNKNOWN ? null : age,
        score,
        breakdown,
        trust: matchTrustWithEmail(c.trust[slot]!, c.emailVerifiedAt[slot]!),
        outsideViewerRange: age !== UNKNOWN && (age < viewer.minAge || age > viewer.maxAge),
      };
    });
    return { items, total };
  }
}
