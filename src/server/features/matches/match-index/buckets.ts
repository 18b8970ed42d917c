import type { ParsedLocation } from '#domain/matching/matching';
import type { Columns } from './columns';
import { RELOCATION_CODES } from './tables';

/** Each bucket member is a record of RECORD_FIELDS integers, side by side, so a scan reads memory in order. */
export const RECORD_FIELDS = 11;
export const [R_SLOT, R_DOB, R_STATED_AGE, R_MIN_AGE, R_MAX_AGE, R_FLEX, R_RELOCATION, R_COMMUNITY, R_TRAITS, R_REJECTS, R_HEIGHTS] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/**
 * The candidates of one gender who gave the same courtship, diet and readiness answers and live in the
 * same place. For a viewer, all of them are worth the same answer points and lie at the same distance, so
 * one bound covers the bucket: those points, the best location points any relocation answer in it
 * gives, the community points if anyone in it shares the viewer's community, and full age points.
 */
export interface Bucket {
  gender: number;
  /** Its position in byGender[gender] (buckets are never taken out). */
  position: number;
  combo: number;
  /** The place's position in `places`: a request works out each place's distance once. */
  placeId: number;
  /** Its members' records (slot, birth date key, stated age, range, flexibility, relocation, community, must-haves' bits); `size` are in use. */
  records: Int32Array;
  size: number;
  /** How many members have each relocation code, and the set of those present as a bit mask. */
  relocationCounts: Int32Array;
  relocationMask: number;
  /** How many members belong to each community (interned id). */
  communityCounts: Map<number, number>;
}

/**
 * Slots by gender, answer combination and place (see Bucket): buckets whose best possible score cannot
 * reach the page are never scanned. Buckets stay once made (a place and answers come back).
 */
export class Buckets {
  readonly byGender: Bucket[][] = [[], []];
  /** Every place seen, as parsed; a slot's `place` column is a position here. */
  readonly places: ParsedLocation[] = [];
  /**
   * The buckets holding anyone of each community: a request marks the viewer's community's buckets
   * from here, instead of asking every bucket's counts (a Map lookup per bucket was half the ranking).
   */
  readonly withCommunity = new Map<number, Set<Bucket>>();
  private readonly byKey = new Map<string, Bucket>();
  private readonly placeIds = new Map<string, number>();
  private readonly ofSlot: (Bucket | undefined)[] = [];
  private readonly positionOfSlot: number[] = [];

  constructor(private readonly columns: Columns) {}

  /** A place's id, made on first sight. */
  placeId(place: ParsedLocation): number {
    const key = `${place.city}\u0000${place.region}\u0000${place.country}`;
    let id = this.placeIds.get(key);
    if (id === undefined) {
      id = this.places.push({ city: place.city, region: place.region, country: place.country }) - 1;
      this.placeIds.set(key, id);
    }
    return id;
  }

  /** Puts a slot, whose columns are current, into the bucket of its gender, answers and place. */
  join(slot: number): void {
    const c = this.columns;
    const gender = c.gender[slot]!;
    const combo = c.combo[slot]!;
    const placeId = c.place[slot]!;
    const key = `${gender}:${combo}:${placeId}`;
    let bucket = this.byKey.get(key);
    if (!bucket) {
      const position = this.byGender[gender]!.length;
      bucket = {
        gender,
        position,
        combo,
        placeId,
        records: new Int32Array(4 * RECORD_FIELDS),
        size: 0,
        relocationCounts: new Int32Array(RELOCATION_CODES),
        relocationMask: 0,
        communityCounts: new Map(),
      };
      this.byKey.set(key, bucket);
      this.byGender[gender]!.push(bucket);
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
    r[at + R_RELOCATION] = c.relocation[slot]!;
    r[at + R_COMMUNITY] = c.community[slot]!;
    r[at + R_TRAITS] = c.traits[slot]!;
    r[at + R_REJECTS] = c.rejects[slot]!;
    r[at + R_HEIGHTS] = c.heights[slot]!;
    this.positionOfSlot[slot] = bucket.size;
    bucket.size += 1;
    const relocation = c.relocation[slot]!;
    bucket.relocationCounts[relocation]! += 1;
    bucket.relocationMask |= 1 << relocation;
    const community = c.community[slot]!;
    const members = (bucket.communityCounts.get(community) ?? 0) + 1;
    bucket.communityCounts.set(community, members);
    if (members === 1) {
      let buckets = this.withCommunity.get(community);
      if (!buckets) this.withCommunity.set(community, (buckets = new Set()));
      buckets.add(bucket);
    }
    this.ofSlot[slot] = bucket;
  }

  /** Takes a slot out of its bucket; call before the slot's columns change (they say what to uncount). */
  leave(slot: number): void {
    const bucket = this.ofSlot[slot];
    if (!bucket) return;
    const position = this.positionOfSlot[slot]!;
    const lastPosition = --bucket.size;
    if (position !== lastPosition) {
      // The last record fills the gap.
      const records = bucket.records;
      records.copyWithin(position * RECORD_FIELDS, lastPosition * RECORD_FIELDS, (lastPosition + 1) * RECORD_FIELDS);
      this.positionOfSlot[records[position * RECORD_FIELDS + R_SLOT]!] = position;
    }
    const relocation = this.columns.relocation[slot]!;
    if (--bucket.relocationCounts[relocation]! === 0) bucket.relocationMask &= ~(1 << relocation);
    const community = this.columns.community[slot]!;
    const left = (bucket.communityCounts.get(community) ?? 1) - 1;
    if (left === 0) {
      bucket.communityCounts.delete(community);
      this.withCommunity.get(community)?.delete(bucket);
    } else bucket.communityCounts.set(community, left);
    this.ofSlot[slot] = undefined;
  }
}
