import { sql } from 'drizzle-orm';
import { profiles } from '#server/db/schema';
import type { TrustFacts } from '#domain/references/references';
import { heldForReview, suspendedUser } from '#server/policy/sql-facts';
import { matchTrustColumns, type MatchTrustRow } from '#server/policy/trust';

const EMPTY_SLOT = -1;

/** What the index reads of a profile (one query at start, one row after each change). */
export const keyColumns = {
  id: profiles.id,
  userId: profiles.userId,
  name: profiles.name,
  photos: profiles.photos,
  photosPrivate: profiles.photosPrivate,
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
  /** For "newest first" (GET /api/matches?sort=newest). */
  createdAt: profiles.createdAt,
  // The mutual must-haves (must-haves.ts): the person's own answers they read, and their own must-haves.
  maritalHistory: profiles.maritalHistory,
  children: profiles.children,
  wantsChildren: profiles.wantsChildren,
  heightCm: profiles.heightCm,
  tradition: sql<string | null>`${profiles.practice}->>'tradition'`,
  mustHaves: profiles.mustHaves,
  /**
   * Nobody may find this person: suspended, or held for review by open reports. The same SQL facts
   * as the policy layer's Relationship.otherSuspended and otherHeldForReview (policy/sql-facts.ts). The person
   * keeps a slot, so they still see their own matches while held, but joins no bucket.
   */
  hidden: sql<boolean>`(${suspendedUser(profiles.userId)} or ${heldForReview(profiles.userId)})`.mapWith(Boolean),
  /** What the cards show of the person's references and verification (policy/trust.ts), kept with the keys. */
  ...matchTrustColumns,
};
type ProfileKey = Exclude<keyof typeof keyColumns, 'hidden' | 'tradition' | keyof MatchTrustRow>;
export type KeyRow = { [K in ProfileKey]: (typeof profiles.$inferSelect)[K] } & { hidden: boolean; tradition: string | null } & MatchTrustRow;

/** Every profile's keys as columns of small integers (codes from tables.ts), one slot per profile; a freed slot is reused. */
export class Columns {
  capacity = 0;
  /** Slots in use are below this. */
  end = 0;
  private readonly free: number[] = [];
  id: string[] = [];
  userId: string[] = [];
  firstName: (string | null)[] = [];
  photos: string[][] = [];
  /** 1: the person shows the photos only to people introduced to her (placeholders for everyone else). */
  photosPrivate = new Uint8Array(0);
  /**
   * The trust fields a match's card shows (most profiles share the one NO_TRUST object), without the email rung, which
   * is nearly everyone's and kept apart in `emailVerifiedAt` (policy/trust.ts matchTrustOf).
   */
  trust: TrustFacts[] = [];
  /** When the person verified her email, in ms since 1970; NaN: not verified. */
  emailVerifiedAt = new Float64Array(0);
  gender = new Int8Array(0);
  /** Interned (city, region, country) as parsed: see Buckets.places. */
  place = new Int32Array(0);
  relocation = new Uint8Array(0);
  community = new Int32Array(0);
  courtship = new Uint8Array(0);
  diet = new Uint8Array(0);
  readiness = new Uint8Array(0);
  combo = new Uint16Array(0);
  flex = new Uint8Array(0);
  minAge = new Int16Array(0);
  maxAge = new Int16Array(0);
  dobKey = new Int32Array(0);
  statedAge = new Int16Array(0);
  /** The profile id's first 8 hex digits: orders ties like the ids themselves, without comparing strings. */
  idKey: Uint32Array<ArrayBuffer> = new Uint32Array(0);
  /** When the profile was made, in ms since 1970: "newest first". */
  createdAt = new Float64Array(0);
  /** The mutual must-haves as bits (must-haves.ts): the person's answers and height, what they do not accept, their height range. */
  traits = new Int32Array(0);
  rejects = new Int32Array(0);
  heights = new Int32Array(0);

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
    const resize = <T extends Int8Array | Uint8Array | Uint16Array | Int16Array | Int32Array | Uint32Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.gender = resize(this.gender, (n) => new Int8Array(n).fill(EMPTY_SLOT));
    this.gender.fill(EMPTY_SLOT, this.capacity);
    this.place = resize(this.place, (n) => new Int32Array(n));
    this.photosPrivate = resize(this.photosPrivate, (n) => new Uint8Array(n));
    this.relocation = resize(this.relocation, (n) => new Uint8Array(n));
    this.community = resize(this.community, (n) => new Int32Array(n));
    this.courtship = resize(this.courtship, (n) => new Uint8Array(n));
    this.diet = resize(this.diet, (n) => new Uint8Array(n));
    this.readiness = resize(this.readiness, (n) => new Uint8Array(n));
    this.combo = resize(this.combo, (n) => new Uint16Array(n));
    this.flex = resize(this.flex, (n) => new Uint8Array(n));
    this.minAge = resize(this.minAge, (n) => new Int16Array(n));
    this.maxAge = resize(this.maxAge, (n) => new Int16Array(n));
    this.dobKey = resize(this.dobKey, (n) => new Int32Array(n));
    this.statedAge = resize(this.statedAge, (n) => new Int16Array(n));
    this.idKey = resize(this.idKey, (n) => new Uint32Array(n)) as Uint32Array<ArrayBuffer>;
    this.createdAt = resize(this.createdAt, (n) => new Float64Array(n));
    this.emailVerifiedAt = resize(this.emailVerifiedAt, (n) => new Float64Array(n));
    this.traits = resize(this.traits, (n) => new Int32Array(n));
    this.rejects = resize(this.rejects, (n) => new Int32Array(n));
    this.heights = resize(this.heights, (n) => new Int32Array(n));
    this.capacity = capacity;
  }
}
