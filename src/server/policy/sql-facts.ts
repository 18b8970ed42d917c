import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MIN_PHOTOS_TO_ACTIVATE } from '#domain/profile/profile';
import { HOLD_FOR_REVIEW_REPORTERS } from '#domain/safety/safety';
import { openStatuses } from '#domain/introductions/introductions';
import { blocks, introductions, profiles, reports, users, volunteerApplications } from '#server/db/schema';

/*
 * The facts the pairwise rules (domain/access.ts) are decided on, in their SQL form: one statement of each, for the
 * relationship loader (relationship.ts) and for every list that filters on the same fact in SQL (the match index,
 * the admin's queue, Guidance, the conversation list, the coordinator's candidates). They sit below the features
 * so that any feature may use them without standing on another.
 */

/**
 * A volunteer application an admin approved: the person is a volunteer anyone signed in may write to, whose name,
 * role and application photo are public (Relationship.otherIsVolunteer). The one SQL statement of it, for the
 * loader, the Guidance list and the conversation list.
 */
export const approvedVolunteer: SQL = eq(volunteerApplications.approved, true);
/** Guidance lists approved volunteers with a photo (spec §4), never a suspended account. */
export const listedVolunteer: SQL = and(approvedVolunteer, isNotNull(volunteerApplications.photo), sql`not ${suspendedUser(volunteerApplications.userId)}`)!;

/**
 * A person with open reports from HOLD_FOR_REVIEW_REPORTERS distinct members with standing (reports.reporterStanding):
 * hidden from matches until an admin resolves them (Relationship.otherHeldForReview). The one SQL
 * statement of it, for the loader, the match index and the admin's queue, given the person's user id column.
 */
export function heldForReview(userId: SQL | typeof users.id | typeof profiles.userId): SQL<boolean> {
  return sql<boolean>`(${standingReporters(userId)} >= ${HOLD_FOR_REVIEW_REPORTERS})`.mapWith(Boolean);
}

/** How many distinct reporters with standing have open reports against the person. */
export function standingReporters(userId: SQL | typeof users.id | typeof profiles.userId): SQL<number> {
  return sql<number>`(select count(distinct ${reports.reporterId}) from ${reports} where ${reports.reportedId} = ${userId} and ${reports.status} = 'open' and ${reports.reporterStanding})`.mapWith(Number);
}

/** A suspended account (users.suspended_at set), given the person's user id column; for lists in SQL. */
export function suspendedUser(userId: typeof profiles.userId | typeof volunteerApplications.userId): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.suspendedAt} is not null)`.mapWith(Boolean);
}

/**
 * The profiles anyone may find: active with the photos activation requires (domain isBrowsable, Relationship's
 * otherBrowsable); the match index holds only these, and the partial index profiles_browsable_idx answers them.
 */
export const browsable = and(eq(profiles.profileActive, true), sql`cardinality(${profiles.photos}) >= ${MIN_PHOTOS_TO_ACTIVATE}`);

/** Two people of whom either blocked the other (Relationship.blocked), given their user id columns or values. */
export function blockedEitherWay(a: AnyPgColumn | SQL, b: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`.mapWith(Boolean);
}

/**
 * An introduction of the two (account ids) that both accepted and that is still open (Relationship.introducedOpen):
 * the one SQL statement of it, for the loader and for the match list's private photos.
 */
export function introducedOpenBetween(a: AnyPgColumn | SQL, b: AnyPgColumn | SQL): SQL<boolean> {
  const open = sql.join(openStatuses.map((status) => sql`${status}`), sql`, `);
  return sql<boolean>`exists (select 1 from ${introductions} where ${introductions.pairLow} = least(${a}, ${b}) and ${introductions.pairHigh} = greatest(${a}, ${b}) and ${introductions.introducedAt} is not null and ${introductions.status} in (${open}))`;
}
