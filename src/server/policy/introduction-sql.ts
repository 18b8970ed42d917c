import { sql, type SQL } from 'drizzle-orm';
import { awaitingMemberStatuses, CHECK_IN_DAYS, checkInStatuses, currentStatuses, MET_QUESTION_DAYS, openStatuses, type IntroductionStatus } from '#domain/introductions/introductions';
import { blocks, introductionFollowUps, introductionMeetings, introductions, introductionStories, users } from '#server/db/schema';
import { storyStatuses } from '#domain/introductions/stories';

/**
 * The SQL conditions of the introduction rules, one place each, so the lists, counts and limits agree.
 * `now` is the request's clock (injected in tests), never the database's. Below the features, since introductions,
 * notifications (the staff notices and digest) and accounts (the export) all read them.
 */

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

/** The introduction's status is in one of the named sets of domain/introductions/introductions.ts. */
export const statusInSql = (statuses: readonly IntroductionStatus[]): SQL => sql`${introductions.status} in (${list(statuses)})`;

/** The introduction counts against its members' limits (domain isOpen). */
export const isOpenSql: SQL = statusInSql(openStatuses);
/** A member's answer is awaited (the coordinator's "awaiting answers"). */
export const isAwaitingMemberSql: SQL = statusInSql(awaitingMemberStatuses);

/** `now` as a timestamp parameter. */
export const at = (now: Date): SQL => sql`${now.toISOString()}::timestamptz`;

/**
 * introductions.id qualified by its table: in a single-table select Drizzle writes bare column names, and inside
 * a correlated subquery a bare "id" would mean the inner table's own id.
 */
export const introductionIdOuter: SQL = sql`${introductions}.${sql.identifier('id')}`;

/** The latest check-in day that has passed for this introduction (null before the first). */
function dueSince(now: Date): SQL {
  const [first, last] = [CHECK_IN_DAYS[0], CHECK_IN_DAYS[CHECK_IN_DAYS.length - 1]];
  return sql`(case
    when ${introductions.introducedAt} + make_interval(days => ${last}) <= ${at(now)} then ${introductions.introducedAt} + make_interval(days => ${last})
    when ${introductions.introducedAt} + make_interval(days => ${first}) <= ${at(now)} then ${introductions.introducedAt} + make_interval(days => ${first})
  end)`;
}

/** The member (a column or a parameter) owes a check-in on this introduction. */
export function checkInDueFor(member: SQL, now: Date): SQL {
  const since = dueSince(now);
  return sql`(${statusInSql(checkInStatuses)} and ${since} is not null and not exists (
    select 1 from ${introductionFollowUps}
    where ${introductionFollowUps.introductionId} = ${introductionIdOuter} and ${introductionFollowUps.userId} = ${member}
      and ${introductionFollowUps.createdAt} >= ${since}))`;
}

/** "Did you meet?" is asked of this member (issue 51): current, a week since both accepted, and not yet answered by her. */
export function metAskedFor(member: SQL, now: Date): SQL {
  return sql`(${statusInSql(currentStatuses)} and ${introductions.introducedAt} + make_interval(days => ${MET_QUESTION_DAYS}) <= ${at(now)} and not exists (
    select 1 from ${introductionMeetings}
    where ${introductionMeetings.introductionId} = ${introductionIdOuter} and ${introductionMeetings.userId} = ${member}))`;
}

/** "Would you share your story?" is asked of this member (issue 51 part 5): engaged or married, and not yet answered by her. */
export function storyAskedFor(member: SQL): SQL {
  return sql`(${statusInSql(storyStatuses)} and not exists (
    select 1 from ${introductionStories}
    where ${introductionStories.introductionId} = ${introductionIdOuter} and ${introductionStories.userId} = ${member}))`;
}

/** This member said yes to sharing the story (the card offers to withdraw it); never whether the other did. */
export function storySharedBy(member: SQL): SQL {
  return sql`exists (
    select 1 from ${introductionStories}
    where ${introductionStories.introductionId} = ${introductionIdOuter} and ${introductionStories.userId} = ${member} and ${introductionStories.share})`;
}

/** Either member owes a check-in: the coordinator's "follow-ups due". */
export function followUpDueSql(now: Date): SQL {
  return sql`(${checkInDueFor(sql`${introductions.memberA}`, now)} or ${checkInDueFor(sql`${introductions.memberB}`, now)})`;
}

/** The introduction involves this member. */
export function involves(userId: SQL | string): SQL {
  const user = typeof userId === 'string' ? sql`${userId}::uuid` : userId;
  return sql`(${introductions.memberA} = ${user} or ${introductions.memberB} = ${user})`;
}

/** Open introductions of a member (by a column such as profiles.user_id). */
export function openCountOf(userColumn: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from ${introductions} where ${involves(userColumn)} and ${isOpenSql})`.mapWith(Number);
}

/** The two members blocked each other, either way: the pair leaves every queue and list. */
export const pairBlockedSql: SQL = sql`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${introductions.memberA} and ${blocks.blockedId} = ${introductions.memberB}) or (${blocks.blockerId} = ${introductions.memberB} and ${blocks.blockedId} = ${introductions.memberA}))`;

/**
 * For one member, the other person of the introduction is no longer available: a block either way or a suspended
 * account (a deleted account takes the row with it). The member's list then shows a neutral card.
 */
export function otherUnavailableFor(userId: string): SQL<boolean> {
  const member = sql`${userId}::uuid`;
  const other = sql`(case when ${introductions.memberA} = ${member} then ${introductions.memberB} else ${introductions.memberA} end)`;
  return sql<boolean>`(${pairBlockedSql} or exists (select 1 from ${users} where ${users.id} = ${other} and ${users.suspendedAt} is not null))`.mapWith(Boolean);
}
