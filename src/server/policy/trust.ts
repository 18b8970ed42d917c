import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { NO_TRUST, type TrustFacts } from '#domain/references/references';
import type { Db } from '#server/db/client';
import { memberReferences, memberVerifications, profiles } from '#server/db/schema';

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

/**
 * The additive trust fields of answers about members, for a page of them in two queries: received references
 * (a withdrawn one no longer counts for the member's card) and the verification.
 */
export async function trustFactsFor(db: Db, userIds: readonly string[], audience: TrustAudience): Promise<Map<string, TrustFacts>> {
  const out = new Map<string, TrustFacts>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return out;
  const forMatches = audience === 'matches';
  const [counts, verified] = await Promise.all([
    db
      .select({ userId: memberReferences.userId, n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(memberReferences)
      .where(and(inArray(memberReferences.userId, ids), eq(memberReferences.status, 'received'), forMatches ? countsForMatches : undefined))
      .groupBy(memberReferences.userId),
    db
      .select({
        userId: memberVerifications.userId,
        verifiedAt: memberVerifications.verifiedAt,
        method: memberVerifications.method,
        fingerprint: memberVerifications.fingerprint,
        name: profiles.name,
        dateOfBirth: profiles.dateOfBirth,
        photos: profiles.photos,
      })
      .from(memberVerifications)
      .leftJoin(profiles, eq(profiles.userId, memberVerifications.userId))
      .where(inArray(memberVerifications.userId, ids)),
  ]);
  for (const id of ids) out.set(id, { ...NO_TRUST });
  for (const row of counts) out.get(row.userId)!.references = row.n;
  for (const row of verified) {
    if (forMatches && row.fingerprint !== fingerprintOf(row)) continue;
    Object.assign(out.get(row.userId)!, { verified: true, verifiedAt: row.verifiedAt.toISOString(), verificationMethod: row.method });
  }
  return out;
}

/**
 * The trust fields matches see, as columns of a profile row: the match index reads them with its keys, at start and
 * after each change of the person (references and verification announce one), so a page of matches asks the
 * database nothing. The same rules as trustFactsFor's `matches` audience: countsForMatches, and the fingerprint.
 */
// Written out with its table: in a one-table select drizzle leaves a column of that table unqualified, and inside
// these subqueries a bare "user_id" would be the inner table's own (every member's references counted for each).
const profileUserId = sql`${profiles}.${sql.identifier(profiles.userId.name)}`;

export const matchTrustColumns = {
  dateOfBirth: profiles.dateOfBirth,
  matchReferences: sql<number>`(select count(*)::int from ${memberReferences} where ${memberReferences.userId} = ${profileUserId} and ${memberReferences.status} = 'received' and ${countsForMatches})`.mapWith(Number),
  verification: sql<VerificationColumn | string | null>`(select json_build_object('verifiedAt', ${memberVerifications.verifiedAt}, 'method', ${memberVerifications.method}, 'fingerprint', ${memberVerifications.fingerprint}) from ${memberVerifications} where ${memberVerifications.userId} = ${profileUserId})`,
};

interface VerificationColumn {
  verifiedAt: string;
  method: TrustFacts['verificationMethod'];
  fingerprint: string;
}

/** The two computed columns of matchTrustColumns, as read. */
export interface MatchTrustRow {
  matchReferences: number;
  verification: VerificationColumn | string | null;
}

/** What a match sees of a profile read with matchTrustColumns (and its name and photos). */
export function matchTrustOf(row: { name: string; dateOfBirth: string | null; photos: string[] } & MatchTrustRow): TrustFacts {
  // json: parsed by node-postgres, text on a driver that leaves it (either way the same fields).
  const verification = typeof row.verification === 'string' ? (JSON.parse(row.verification) as VerificationColumn) : row.verification;
  const verified = verification !== null && verification.fingerprint === fingerprintOf(row);
  if (!verified && row.matchReferences === 0) return NO_TRUST;
  return {
    references: row.matchReferences,
    verified,
    verifiedAt: verified ? new Date(verification.verifiedAt).toISOString() : null,
    verificationMethod: verified ? verification.method : null,
  };
}

/** A profile row's fingerprint as read beside its verification (no profile: the fingerprint of none). */
function fingerprintOf(row: { name: string | null; dateOfBirth: string | null; photos: string[] | null }): string {
  return profileFingerprint(row.name === null ? undefined : { name: row.name, dateOfBirth: row.dateOfBirth, photos: row.photos ?? [] });
}

export async function trustFactsOf(db: Db, userId: string, audience: TrustAudience): Promise<TrustFacts> {
  return (await trustFactsFor(db, [userId], audience)).get(userId) ?? { ...NO_TRUST };
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
