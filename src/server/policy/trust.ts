import { createHash } from 'node:crypto';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NO_TRUST, type TrustFacts } from '#domain/references/references';
import { ladderOf, NO_RUNGS, REFERENCES_FOR_RUNG } from '#domain/verification/ladder';
import type { Db } from '#server/db/client';
import { memberReferences, memberVerifications, profiles, selfieChecks, users } from '#server/db/schema';

/**
 * What a verification vouches for: the name, the date of birth and the photos the coordinator saw. A change of any
 * of them shows the coordinator "changed since verified" and takes the badge from what matches see until a
 * coordinator verifies again.
 */
export function profileFingerprint(profile: { name: string; dateOfBirth: string | null; photos: string[] } | undefined): string {
  const seen = profile ? [profile.name, profile.dateOfBirth, profile.photos] : null;
  return createHash('sha256').update(JSON.stringify(seen)).digest('base64url');
}

/**
 * Who reads the trust fields: `staff` (coordinators, elders, the member herself) see every received reference and
 * the verification as it stands; `matches` see only what the ministry stands behind: references a coordinator has
 * read and whose referee did not answer "recommend: no", and the badge only while the name, birth date and photos
 * are the ones the coordinator saw (a changed profile loses it until a coordinator verifies again).
 */
export type TrustAudience = 'staff' | 'matches';

/** The references a match sees counted: read by a coordinator, and never a "recommend: no". */
const countsForMatches = sql`${memberReferences.coordinatorReadAt} is not null and coalesce(${memberReferences.answer}->>'recommend', '') <> 'no'`;

/** A date as the driver gives it (a Date for a column, a string inside json), as ISO; null stays null. */
function isoOf(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** json_build_object's value: parsed by node-postgres, text on a driver that leaves it (either way the same fields). */
function parsed<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

interface VerificationColumn {
  verifiedAt: string;
  method: TrustFacts['verificationMethod'];
  fingerprint: string;
}

interface SelfieColumn {
  decidedAt: string;
  photos: string[] | null;
}

/**
 * The one loader of trust facts and of the ladder of verification (domain/verification/ladder.ts): these columns,
 * read for the person whose user id is `userId` (an SQL expression of the outer row, written with its table), and
 * `trustOf` over them. trustFactsFor reads them for a page of people, the match index with its keys
 * (matchTrustColumns), so both apply the same rules.
 * - the references received: all of them for staff, those counted for matches (countsForMatches) for matches;
 * - the coordinator's verification and the fingerprint of what she saw;
 * - the rungs: when her email was verified, her latest approved selfie with the photos it was compared with, and when
 *   the second reference counted for matches was received.
 */
// Inner tables' columns are left as drizzle writes them: unqualified in a one-table select (the index's), where a bare
// name is the inner table's own, since the subquery's FROM is searched first.
function trustColumns(userId: SQL, audience: TrustAudience) {
  const counted = audience === 'matches' ? sql` and ${countsForMatches}` : sql``;
  return {
    matchReferences: sql<number>`(select count(*)::int from ${memberReferences} where ${memberReferences.userId} = ${userId} and ${memberReferences.status} = 'received'${counted})`.mapWith(Number),
    verification: sql<VerificationColumn | string | null>`(select json_build_object('verifiedAt', ${memberVerifications.verifiedAt}, 'method', ${memberVerifications.method}, 'fingerprint', ${memberVerifications.fingerprint}) from ${memberVerifications} where ${memberVerifications.userId} = ${userId})`,
    emailVerifiedAt: sql<Date | string | null>`(select ${users.emailVerifiedAt} from ${users} where ${users.id} = ${userId})`,
    selfie: sql<SelfieColumn | string | null>`(select json_build_object('decidedAt', ${selfieChecks.decidedAt}, 'photos', ${selfieChecks.photos}) from ${selfieChecks} where ${selfieChecks.userId} = ${userId} and ${selfieChecks.status} = 'approved' order by ${selfieChecks.decidedAt} desc limit 1)`,
    secondReferenceAt: sql<Date | string | null>`(select ${memberReferences.answeredAt} from ${memberReferences} where ${memberReferences.userId} = ${userId} and ${memberReferences.status} = 'received' and ${countsForMatches} order by ${memberReferences.answeredAt} asc offset ${REFERENCES_FOR_RUNG - 1} limit 1)`,
  };
}

/** What trustOf reads: the columns of trustColumns, and the profile's name, birth date and photos (null without one). */
export interface TrustRow {
  name: string | null;
  dateOfBirth: string | null;
  photos: string[] | null;
  matchReferences: number;
  verification: VerificationColumn | string | null;
  emailVerifiedAt: Date | string | null;
  selfie: SelfieColumn | string | null;
  secondReferenceAt: Date | string | null;
}

/**
 * A selfie approval stands while every photo she shows was among those the coordinator compared it with (she may
 * remove or reorder them; a new photo takes the rung until a coordinator sees a new selfie), and she shows one.
 */
function selfieStands(selfie: SelfieColumn | null, photos: string[] | null): boolean {
  if (!selfie || !photos || photos.length === 0) return false;
  const seen = new Set(selfie.photos ?? []);
  return photos.every((photo) => seen.has(photo));
}

/**
 * The trust facts of one person: for `matches`, the badge only while the profile is the one the coordinator saw; for
 * `staff`, the verification as it stands. The rungs are the same for every reader, as her matches see them. Someone
 * with nothing to show gets the one shared NO_TRUST.
 */
export function trustOf(row: TrustRow, audience: TrustAudience): TrustFacts {
  const verification = parsed(row.verification);
  const fingerprintHolds = verification !== null && verification.fingerprint === fingerprintOf(row);
  const verified = verification !== null && (audience === 'staff' || fingerprintHolds);
  const selfie = parsed(row.selfie);
  const rungs = ladderOf({
    email: isoOf(row.emailVerifiedAt),
    selfie: selfieStands(selfie, row.photos) ? isoOf(selfie!.decidedAt) : null,
    metByCoordinator: fingerprintHolds ? isoOf(verification.verifiedAt) : null,
    references: isoOf(row.secondReferenceAt),
  });
  if (!verified && row.matchReferences === 0 && rungs === NO_RUNGS) return NO_TRUST;
  return {
    references: row.matchReferences,
    verified,
    verifiedAt: verified ? isoOf(verification.verifiedAt) : null,
    verificationMethod: verified ? verification.method : null,
    rungs,
  };
}

/** The person a trustFactsFor row is about (an alias, so no subquery's own `users` is mistaken for it). */
const member = alias(users, 'trust_member');
const memberId = sql`${sql.identifier('trust_member')}.${sql.identifier('id')}`;

/**
 * The additive trust fields of answers about members, for a page of them in one query: received references (a
 * withdrawn one no longer counts for the member's card), the verification, and the ladder of verification.
 */
export async function trustFactsFor(db: Db, userIds: readonly string[], audience: TrustAudience): Promise<Map<string, TrustFacts>> {
  const out = new Map<string, TrustFacts>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return out;
  const rows = await db
    .select({ userId: member.id, name: profiles.name, dateOfBirth: profiles.dateOfBirth, photos: profiles.photos, ...trustColumns(memberId, audience) })
    .from(member)
    .leftJoin(profiles, eq(profiles.userId, member.id))
    .where(inArray(member.id, ids));
  for (const id of ids) out.set(id, NO_TRUST);
  for (const row of rows) out.set(row.userId, trustOf(row, audience));
  return out;
}

/**
 * The trust fields matches see, as columns of a profile row: the match index reads them with its keys, at start and
 * after each change of the person (references, verification, a selfie's decision and a verified email announce one),
 * so a page of matches asks the database nothing. The same rules as trustFactsFor's `matches` audience.
 */
// Written out with its table: in a one-table select drizzle leaves a column of that table unqualified, and inside
// these subqueries a bare "user_id" would be the inner table's own (every member's references counted for each).
const profileUserId = sql`${profiles}.${sql.identifier(profiles.userId.name)}`;

export const matchTrustColumns = {
  dateOfBirth: profiles.dateOfBirth,
  ...trustColumns(profileUserId, 'matches'),
};

/** The computed columns of matchTrustColumns, as read. */
export type MatchTrustRow = Omit<TrustRow, 'name' | 'dateOfBirth' | 'photos'>;

/**
 * What a match sees of a profile read with matchTrustColumns (and its name and photos), in two parts, so the index
 * keeps most people's facts in the one shared NO_TRUST: `facts` without the email rung, and `emailVerifiedAt` in ms
 * (NaN: not verified), which matchTrustWithEmail puts back when a page is answered.
 */
export function matchTrustOf(row: { name: string; dateOfBirth: string | null; photos: string[] } & MatchTrustRow): { facts: TrustFacts; emailVerifiedAt: number } {
  const email = isoOf(row.emailVerifiedAt);
  return { facts: trustOf({ ...row, emailVerifiedAt: null }, 'matches'), emailVerifiedAt: email === null ? Number.NaN : Date.parse(email) };
}

/** The facts matchTrustOf kept, with the email rung put back (and `full` reckoned with it). */
export function matchTrustWithEmail(facts: TrustFacts, emailVerifiedAt: number): TrustFacts {
  if (Number.isNaN(emailVerifiedAt)) return facts;
  return { ...facts, rungs: ladderOf({ ...facts.rungs, email: new Date(emailVerifiedAt).toISOString() }) };
}

/** A profile row's fingerprint as read beside its verification (no profile: the fingerprint of none). */
function fingerprintOf(row: { name: string | null; dateOfBirth: string | null; photos: string[] | null }): string {
  return profileFingerprint(row.name === null ? undefined : { name: row.name, dateOfBirth: row.dateOfBirth, photos: row.photos ?? [] });
}

export async function trustFactsOf(db: Db, userId: string, audience: TrustAudience): Promise<TrustFacts> {
  return (await trustFactsFor(db, [userId], audience)).get(userId) ?? NO_TRUST;
}

/** Which of these members' verifications no longer match their profile (name, birth date, photos). */
export async function changedSinceVerified(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: memberVerifications.userId, fingerprint: memberVerifications.fingerprint, name: profiles.name, dateOfBirth: profiles.dateOfBirth, photos: profiles.photos })
    .from(memberVerifications)
    .leftJoin(profiles, eq(profiles.userId, memberVerifications.userId))
    .where(inArray(memberVerifications.userId, [...userIds]));
  return new Set(rows.filter((row) => row.fingerprint !== fingerprintOf(row)).map((row) => row.userId));
}
