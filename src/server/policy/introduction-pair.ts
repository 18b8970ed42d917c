import { eq, inArray, sql } from 'drizzle-orm';
import type { ProposalFacts, ProposalMember } from '#domain/access';
import { isMatchCandidate } from '#domain/matching/candidacy';
import type { Db } from '#server/db/client';
import { introductions, profiles, reports, users, type ProfileRow } from '#server/db/schema';
import { isOpenSql, openCountOf } from './introduction-sql';
import { blockedEitherWay } from './sql-facts';

/** The two members of a pair in the order introductions.pair_low / pair_high keep them, whatever the proposal's order. */
export function orderedPair(memberA: string, memberB: string): [low: string, high: string] {
  return memberA < memberB ? [memberA, memberB] : [memberB, memberA];
}

export interface LoadedProposal {
  facts: ProposalFacts;
  /** Each member's profile (null without an account or a profile): the first names the proposal keeps and names. */
  profileA: ProfileRow | null;
  profileB: ProfileRow | null;
}

/**
 * The facts a proposal of `memberA` and `memberB` is decided on (domain/access.ts proposalRefusal) in ONE
 * statement: a row for each member found, with their profile, suspension and open introductions, and on each row
 * the pair's own facts (a block or a report either way, an introduction of the two declined before or open now).
 * Candidacy is decided in TypeScript (candidacy.ts: ages depend on the day).
 *
 * The caller reads it after locking both members' rows, in a statement of its own: a statement's snapshot is taken
 * before it waits for a lock, so counts read by the locking statement itself could miss a proposal just committed.
 */
export async function loadProposalFacts(db: Db, memberA: string, memberB: string, today: Date): Promise<LoadedProposal> {
  const [low, high] = orderedPair(memberA, memberB);
  const [a, b] = [sql`${memberA}::uuid`, sql`${memberB}::uuid`];
  const ofPair = sql`${introductions.pairLow} = ${low}::uuid and ${introductions.pairHigh} = ${high}::uuid`;
  const rows = await db
    .select({
      userId: users.id,
      profile: profiles,
      suspended: sql<boolean>`${users.suspendedAt} is not null`.mapWith(Boolean),
      openIntroductions: openCountOf(sql`${users.id}`),
      blocked: blockedEitherWay(a, b),
      reported: sql<boolean>`exists (select 1 from ${reports} where (${reports.reporterId} = ${a} and ${reports.reportedId} = ${b}) or (${reports.reporterId} = ${b} and ${reports.reportedId} = ${a}))`.mapWith(Boolean),
      declinedBefore: sql<boolean>`exists (select 1 from ${introductions} where ${ofPair} and ${introductions.status} = 'declined')`.mapWith(Boolean),
      openTogether: sql<boolean>`exists (select 1 from ${introductions} where ${ofPair} and ${isOpenSql})`.mapWith(Boolean),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, [memberA, memberB]));
  const rowA = rows.find((row) => row.userId === memberA);
  const rowB = rows.find((row) => row.userId === memberB);
  const member = (row: (typeof rows)[number] | undefined): ProposalMember | null =>
    row ? { suspended: row.suspended, courtshipAlignment: row.profile?.courtshipAlignment ?? null, openIntroductions: row.openIntroductions } : null;
  // The pair's facts are the same on either row.
  const pair = rowA ?? rowB;
  const [profileA, profileB] = [rowA?.profile ?? null, rowB?.profile ?? null];
  return {
    profileA,
    profileB,
    facts: {
      memberA: member(rowA),
      memberB: member(rowB),
      blocked: Boolean(pair?.blocked),
      reported: Boolean(pair?.reported),
      candidates: profileA !== null && profileB !== null && isMatchCandidate(profileA, profileB, today),
      declinedBefore: Boolean(pair?.declinedBefore),
      openTogether: Boolean(pair?.openTogether),
    },
  };
}
