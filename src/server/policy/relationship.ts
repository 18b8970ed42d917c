import { and, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Relationship } from '#domain/access';
import { isBrowsable, isMatchCandidate } from '#domain/matching/candidacy';
import type { Db } from '#server/db/client';
import { introductionRequests, introductionReviews, introductions, messages, profiles, users, vedicBirthDetails, volunteerApplications, type ProfileRow } from '#server/db/schema';
import { contactClosingStatuses, openStatuses } from '#domain/introductions/introductions';
import { approvedVolunteer, blockedEitherWay, heldForReview, introducedOpenBetween } from './sql-facts';

/** What an approved volunteer application shows of its person (null when none is approved). */
export interface ApprovedVolunteer {
  name: string;
  photo: string | null;
  contribution: string;
}

/** One side of a relationship as loaded: the account, its profile and its approved volunteer application. */
export interface Person {
  userId: string;
  profile: ProfileRow | null;
  volunteer: ApprovedVolunteer | null;
  /** The account's own first name (a staff member's, given when joining the team): the last name shown before none. */
  accountFirstName: string | null;
}

export interface LoadedRelationship {
  relationship: Relationship;
  /** The viewer as loaded (null for a visitor, or an account deleted meanwhile). */
  viewer: Person | null;
  /** The other as loaded (null when no such account, or no such profile when asked by profile id). */
  other: Person | null;
  /**
   * Each one's stored Vedic chart (issue 52), null without one: read in this same statement so the match page asks
   * nothing more for it (policy/vedic.ts decides what of it an answer shows: only the pair's results, both opted in).
   */
  vedicCharts: { viewer: unknown; other: unknown };
}

/** The open introduction statuses as SQL values (introduction-sql.ts isOpenSql, for a correlated subquery here). */
const openStatusList = sql.join(openStatuses.map((status) => sql`${status}`), sql`, `);
/** The statuses that close contact between the two members (domain/introductions/introductions.ts contactClosingStatuses). */
const closingStatusList = sql.join(contactClosingStatuses.map((status) => sql`${status}`), sql`, `);

/**
 * An introduction awaiting the elders with the other (users.id) as this member column, that the viewer neither
 * proposed, is part of, nor reviewed; one EXISTS per column so each reads its own index (relationship.test.ts).
 */
function awaitingReviewBy(member: typeof introductions.memberA | typeof introductions.memberB, viewer: IdValue | null): SQL {
  return sql`exists (select 1 from ${introductions} where ${member} = ${users.id} and ${introductions.status} = 'awaiting-elders'
    and ${introductions.memberA} <> ${viewer}::uuid and ${introductions.memberB} <> ${viewer}::uuid and ${introductions.coordinatorId} is distinct from ${viewer}::uuid
    and not exists (select 1 from ${introductionReviews} where ${introductionReviews.introductionId} = ${introductions.id} and ${introductionReviews.elderId} = ${viewer}::uuid))`;
}

/** The other person: by account, or by profile (a match page's address names a profile). */
export type OtherPerson = { userId: string } | { profileId: string };

/** An id given now, or a placeholder filled at each run of a prepared statement. */
type IdValue = string | Placeholder;

/** The statement of loadRelationship, unawaited (its plan is checked in relationship.test.ts). */
export function relationshipStatement(db: Db, viewerId: IdValue | undefined, other: { userId: IdValue } | { profileId: IdValue }) {
  // The other's account id; a profile id is resolved in a subquery, so the whole filter is on users.id (its
  // primary key) and never an OR across the joined tables, which would read every user.
  const asked = alias(profiles, 'asked');
  const isOther: SQL =
    'userId' in other ? eq(users.id, other.userId) : eq(users.id, db.select({ userId: asked.userId }).from(asked).where(eq(asked.id, other.profileId)));
  const viewerSql = viewerId ?? null;
  return db
    .select({
      userId: users.id,
      profile: profiles,
      volunteer: { name: volunteerApplications.name, photo: volunteerApplications.photo, contribution: volunteerApplications.contribution },
      wroteToViewer: sql<boolean>`exists (select 1 from ${messages} where ${messages.senderId} = ${users.id} and ${messages.receiverId} = ${viewerSql}::uuid)`.mapWith(Boolean),
      viewerWroteTo: sql<boolean>`exists (select 1 from ${messages} where ${messages.senderId} = ${viewerSql}::uuid and ${messages.receiverId} = ${users.id})`.mapWith(Boolean),
      blockedWithViewer: blockedEitherWay(users.id, sql`${viewerSql}::uuid`),
      introducedWithViewer: sql<boolean>`exists (select 1 from ${introductions} where ${introductions.pairLow} = least(${users.id}, ${viewerSql}::uuid) and ${introductions.pairHigh} = greatest(${users.id}, ${viewerSql}::uuid) and ${introductions.introducedAt} is not null)`.mapWith(Boolean),
      introducedOpenWithViewer: introducedOpenBetween(users.id, sql`${viewerSql}::uuid`).mapWith(Boolean),
      // An introduction of the pair that ended or that a member declined (contact closed, access.ts closedByIntroduction),
      // and whether it had reached the viewer (member A from reached_first_at, B from reached_second_at).
      introductionClosedWithViewer: sql<boolean>`exists (select 1 from ${introductions} where ${introductions.pairLow} = least(${users.id}, ${viewerSql}::uuid) and ${introductions.pairHigh} = greatest(${users.id}, ${viewerSql}::uuid) and ${introductions.status} in (${closingStatusList}))`.mapWith(Boolean),
      introductionClosedKnownToViewer: sql<boolean>`exists (select 1 from ${introductions} where ${introductions.pairLow} = least(${users.id}, ${viewerSql}::uuid) and ${introductions.pairHigh} = greatest(${users.id}, ${viewerSql}::uuid) and ${introductions.status} in (${closingStatusList})
        and ((${introductions.memberA} = ${viewerSql}::uuid and ${introductions.reachedFirstAt} is not null) or (${introductions.memberB} = ${viewerSql}::uuid and ${introductions.reachedSecondAt} is not null)))`.mapWith(Boolean),
      // An open introduction of the pair that has asked the viewer (member A from reached_first_at, B from reached_second_at).
      introductionOpenToViewer: sql<boolean>`exists (select 1 from ${introductions} where ${introductions.pairLow} = least(${users.id}, ${viewerSql}::uuid) and ${introductions.pairHigh} = greatest(${users.id}, ${viewerSql}::uuid) and ${introductions.status} in (${openStatusList})
        and ((${introductions.memberA} = ${viewerSql}::uuid and ${introductions.reachedFirstAt} is not null) or (${introductions.memberB} = ${viewerSql}::uuid and ${introductions.reachedSecondAt} is not null)))`.mapWith(Boolean),
      // An introduction awaiting the elders with the other in it, that the viewer neither proposed, is part of, nor reviewed.
      awaitingViewerReview: sql<boolean>`(${awaitingReviewBy(introductions.memberA, viewerSql)} or ${awaitingReviewBy(introductions.memberB, viewerSql)})`.mapWith(Boolean),
      // Four EXISTS, each on its own index, rather than one OR (which would read introductions filtered by users.id).
      inCoordination: sql<boolean>`(exists (select 1 from ${introductions} where ${introductions.memberA} = ${users.id} and ${introductions.status} in (${openStatusList}))
        or exists (select 1 from ${introductions} where ${introductions.memberB} = ${users.id} and ${introductions.status} in (${openStatusList}))
        or exists (select 1 from ${introductionRequests} where ${introductionRequests.requesterId} = ${users.id} and ${introductionRequests.handledAt} is null)
        or exists (select 1 from ${introductionRequests} where ${introductionRequests.otherId} = ${users.id} and ${introductionRequests.handledAt} is null))`.mapWith(Boolean),
      roles: users.roles,
      accountFirstName: users.firstName,
      suspended: sql<boolean>`${users.suspendedAt} is not null`.mapWith(Boolean),
      heldForReview: heldForReview(users.id),
      vedicChart: vedicBirthDetails.vedicChart,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(vedicBirthDetails, eq(vedicBirthDetails.userId, users.id))
    .leftJoin(volunteerApplications, and(eq(volunteerApplications.userId, users.id), approvedVolunteer))
    .where(viewerId === undefined ? isOther : or(eq(users.id, viewerId), isOther));
}

/**
 * The statement of loadRelationship prepared once per database and shape (a signed-in viewer or a visitor; the
 * other by account or by profile): it runs before nearly every answer about another person, and building its SQL
 * anew each time was the largest part of Drizzle's work in a send (POST /api/messages, docs/benchmarks.md).
 * A transaction's handle gets its own (prepared statements belong to a connection).
 */
const preparedRelationships = new WeakMap<Db, Map<string, ReturnType<ReturnType<typeof relationshipStatement>['prepare']>>>();
function preparedRelationship(db: Db, signedIn: boolean, byAccount: boolean) {
  let shapes = preparedRelationships.get(db);
  if (!shapes) preparedRelationships.set(db, (shapes = new Map()));
  const name = `relationship_${signedIn ? 'viewer' : 'visitor'}_by_${byAccount ? 'account' : 'profile'}`;
  let prepared = shapes.get(name);
  if (!prepared) {
    const viewer = signedIn ? sql.placeholder('viewer') : undefined;
    const other = byAccount ? { userId: sql.placeholder('other') } : { profileId: sql.placeholder('other') };
    prepared = relationshipStatement(db, viewer, other).prepare(name);
    shapes.set(name, prepared);
  }
  return prepared;
}

/**
 * The relationship between `viewerId` (undefined for a visitor) and another person in ONE statement, plus both
 * people's rows the rules were decided on, so a service answers without asking again.
 *
 * One row per person found (the viewer's and the other's; one when they are the same): each user with its
 * profile and approved volunteer application (left joins; one application per user), and whether that user
 * and the viewer have written to each other (correlated EXISTS, so they work when the other is named by a
 * profile id). Candidacy itself is decided in TypeScript (candidacy.ts): ages depend on the day.
 *
 * A later fact (a block, an introduction) is one more correlated column here and one field of Relationship.
 */
export async function loadRelationship(db: Db, viewerId: string | undefined, other: OtherPerson, today: Date = new Date()): Promise<LoadedRelationship> {
  const rows = await preparedRelationship(db, viewerId !== undefined, 'userId' in other).execute({
    viewer: viewerId,
    other: 'userId' in other ? other.userId : other.profileId,
  });
  const isOtherRow = (row: (typeof rows)[number]) => ('userId' in other ? row.userId === other.userId : row.profile?.id === other.profileId);
  const viewerRow = viewerId === undefined ? undefined : rows.find((row) => row.userId === viewerId);
  const otherRow = rows.find(isOtherRow);
  const person = (row: (typeof rows)[number] | undefined): Person | null =>
    row ? { userId: row.userId, profile: row.profile, volunteer: row.volunteer, accountFirstName: row.accountFirstName } : null;
  const viewerProfile = viewerRow?.profile ?? null;
  const otherProfile = otherRow?.profile ?? null;

  return {
    viewer: person(viewerRow),
    other: person(otherRow),
    vedicCharts: { viewer: viewerRow?.vedicChart ?? null, other: otherRow?.vedicChart ?? null },
    relationship: {
      signedIn: viewerId !== undefined,
      self: viewerId !== undefined && otherRow?.userId === viewerId,
      otherExists: otherRow !== undefined,
      viewerBrowsable: viewerProfile !== null && isBrowsable(viewerProfile),
      otherBrowsable: otherProfile !== null && isBrowsable(otherProfile),
      candidate: viewerProfile !== null && otherProfile !== null && isMatchCandidate(viewerProfile, otherProfile, today),
      otherIsVolunteer: otherRow?.volunteer != null,
      viewerIsVolunteer: viewerRow?.volunteer != null,
      otherWroteFirst: viewerId !== undefined && Boolean(otherRow?.wroteToViewer),
      viewerWrote: viewerId !== undefined && Boolean(otherRow?.viewerWroteTo),
      blocked: viewerId !== undefined && otherRow?.userId !== viewerId && Boolean(otherRow?.blockedWithViewer),
      otherSuspended: Boolean(otherRow?.suspended),
      otherHeldForReview: Boolean(otherRow?.heldForReview),
      viewerRoles: viewerRow?.roles ?? [],
      otherRoles: otherRow?.roles ?? [],
      introduced: viewerId !== undefined && otherRow?.userId !== viewerId && Boolean(otherRow?.introducedWithViewer),
      introducedOpen: viewerId !== undefined && otherRow?.userId !== viewerId && Boolean(otherRow?.introducedOpenWithViewer),
      introductionClosed: viewerId !== undefined && otherRow?.userId !== viewerId && Boolean(otherRow?.introductionClosedWithViewer),
      introductionClosedKnown: viewerId !== undefined && otherRow?.userId !== viewerId && Boolean(otherRow?.introductionClosedKnownToViewer),
      introductionOpenToViewer: viewerId !== undefined && otherRow?.userId !== viewerId && Boolean(otherRow?.introductionOpenToViewer),
      otherAwaitingViewerReview: viewerId !== undefined && otherRow?.userId !== viewerId && Boolean(otherRow?.awaitingViewerReview),
      otherInCoordination: Boolean(otherRow?.inCoordination),
      otherPhotosPrivate: otherProfile?.photosPrivate ?? false,
    },
  };
}
