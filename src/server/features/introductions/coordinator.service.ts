import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { can, type MemberActor } from '#domain/access';
import { displayAge } from '#domain/profile/age';
import { biodataOf } from '#domain/profile/profile-api';
import {
  closedWithoutAnswerStatuses,
  openLimitFor,
  type CoordinatorMemberBase as CoordinatorMember,
  type CoordinatorMemberDetailBase as CoordinatorMemberDetail,
  type IntroductionRequest,
  type MemberBiodataFilters,
  type MemberFilter,
  type SuggestionBase as Suggestion,
  type SuggestionsLearned,
} from '#domain/introductions/introductions';
import type { Db } from '#server/db/client';
import { blocks, introductionRequests, introductions, memberReferences, memberVerifications, profiles, reports, selfieChecks, users } from '#server/db/schema';
import { holdsRung, REFERENCES_FOR_RUNG, type RungFilter } from '#domain/verification/ladder';
import { NO_TRUST } from '#domain/references/references';
import { trustFactsFor } from '#server/policy/trust';
import type { IntroductionConfig } from '#server/config';
import { notFound } from '#server/errors';
import type { ListNarrowing, MatchIndex } from '../matches';
import { loadRelationship } from '#server/policy/relationship';
import { browsable } from '#server/policy/sql-facts';
import { involves, openCountOf, statusInSql } from '#server/policy/introduction-sql';
import type { IntroductionsService } from './introductions.service';

/** The match index ranks this many candidates before the coordinator's exclusions are applied. */
const SUGGESTION_POOL = 500;

/** The ranking's narrowing for what was learned: within so many km of her place, and so many years of her age. */
function narrowingOf(learned: readonly SuggestionsLearned[], ownAge: number | null): ListNarrowing {
  const distance = learned.find((rule) => rule.reason === 'distance');
  const age = learned.find((rule) => rule.reason === 'age');
  return {
    ...(distance ? { withinKm: distance.within } : {}),
    ...(age && ownAge !== null ? { minAge: ownAge - age.within, maxAge: ownAge + age.within } : {}),
  };
}

/** LIKE metacharacters taken literally: a search for "50%" finds "50%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** profiles.user_id qualified by its table, for correlated subqueries (a single-table select writes bare names). */
const profileUser = sql`${profiles}.${sql.identifier('user_id')}`;

/** Statuses after which a pair is not suggested again: anything but a proposal closed without an answer. */
const notAgain = sql`not (${statusInSql(closedWithoutAnswerStatuses)})`;

/** No block either way between the member (profiles.user_id) and the coordinator: they leave the queue. */
function notBlockedWith(coordinatorId: string): SQL {
  const coordinator = sql`${coordinatorId}::uuid`;
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${profiles.userId} and ${blocks.blockedId} = ${coordinator}) or (${blocks.blockerId} = ${coordinator} and ${blocks.blockedId} = ${profiles.userId}))`;
}

/** A member's whole profile as staff read it (no account secrets, no birth date): the coordinator's member view, the
 * admin's report evidence. */
export function memberBiodataOf(profile: typeof profiles.$inferSelect, now = new Date()): CoordinatorMemberDetail['profile'] {
  return {
    name: profile.name,
    gender: profile.gender,
    age: displayAge(profile, now),
    exactLocation: profile.exactLocation,
    relocation: profile.relocation,
    communityAffiliation: profile.communityAffiliation,
    courtshipAlignment: profile.courtshipAlignment,
    dietAlignment: profile.dietAlignment,
    ageFlexibility: profile.ageFlexibility,
    minAge: profile.minAge,
    maxAge: profile.maxAge,
    languagesSpoken: profile.languagesSpoken,
    aboutYou: profile.aboutYou,
    dealMakers: profile.dealMakers,
    dealBreakers: profile.dealBreakers,
    ...biodataOf(profile),
  };
}

export class CoordinatorService {
  constructor(
    private readonly db: Db,
    private readonly index: MatchIndex,
    private readonly introductionsService: IntroductionsService,
    private readonly config: IntroductionConfig,
  ) {}

  /** The database, for the routes' additive fields (the trust facts: references and verification). */
  get database(): Db {
    return this.db;
  }

  /** Active members (browsable, not suspended) with their introduction counts, oldest wait first. */
  async members(
    coordinator: MemberActor,
    query: { filter: MemberFilter; q: string; limit: number; offset: number; rung?: RungFilter | undefined } & MemberBiodataFilters,
    now: Date,
  ): Promise<{ items: CoordinatorMember[]; total: number }> {
    const openCount = openCountOf(profileUser);
    const lastIntroduced = sql<Date | null>`(select max(${introductions.createdAt}) from ${introductions} where ${involves(profileUser)})`;
    const pending = sql<number>`(select count(*)::int from ${introductionRequests} where ${introductionRequests.handledAt} is null and (${introductionRequests.requesterId} = ${profiles.userId} or ${introductionRequests.otherId} = ${profiles.userId}))`;
    // The two sides apart: the requests this member made, and the ones made about them.
    const made = sql<number>`(select count(*)::int from ${introductionRequests} where ${introductionRequests.handledAt} is null and ${introductionRequests.requesterId} = ${profiles.userId})`;
    const about = sql<number>`(select count(*)::int from ${introductionRequests} where ${introductionRequests.handledAt} is null and ${introductionRequests.otherId} = ${profiles.userId})`;
    const byFilter: Record<MemberFilter, SQL | undefined> = {
      waiting: sql`${openCount} = 0`,
      'in-introduction': sql`${openCount} > 0`,
      requested: sql`${pending} > 0`,
      unverified: sql`not exists (select 1 from ${memberVerifications} where ${memberVerifications.userId} = ${profileUser})`,
      all: undefined,
    };
    const search = query.q
      ? or(
          sql`${profiles.name} ilike ${likePattern(query.q)}`,
          sql`${profiles.exactLocation} ilike ${likePattern(query.q)}`,
          sql`${profiles.communityAffiliation} ilike ${likePattern(query.q)}`,
          sql`${profiles.profession} ilike ${likePattern(query.q)}`,
          sql`${profiles.education}->>'field' ilike ${likePattern(query.q)}`,
          sql`${profiles.practice}->>'traditionOther' ilike ${likePattern(query.q)}`,
        )
      : undefined;
    const biodata = and(
      query.maritalHistory ? eq(profiles.maritalHistory, query.maritalHistory) : undefined,
      query.children ? eq(profiles.children, query.children) : undefined,
      query.educationLevel ? sql`${profiles.education}->>'level' = ${query.educationLevel}` : undefined,
      query.tradition ? sql`${profiles.practice}->>'tradition' = ${query.tradition}` : undefined,
    );
    const listed = and(browsable, isNull(users.suspendedAt), notBlockedWith(coordinator.userId), byFilter[query.filter], search, biodata);
    const holding = query.rung ? await this.holdingRung(listed!, query.rung) : undefined;
    if (holding && holding.length === 0) return { items: [], total: 0 };
    const rows = await this.db
      .select({
        profile: profiles,
        openIntroductions: openCount,
        pendingRequests: pending.mapWith(Number),
        requestsMade: made.mapWith(Number),
        requestsAbout: about.mapWith(Number),
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(and(listed, holding ? inArray(profiles.userId, holding) : undefined))
      // Oldest wait first: since the last introduction, or since the profile was made.
      .orderBy(sql`coalesce(${lastIntroduced}, ${profiles.createdAt}) asc`, asc(profiles.id))
      .limit(query.limit)
      .offset(query.offset);
    return {
      total: rows[0]?.total ?? 0,
      items: rows.map(({ profile, openIntroductions, pendingRequests, requestsMade, requestsAbout }) => ({
        userId: profile.userId,
        name: profile.name,
        age: displayAge(profile, now),
        location: profile.exactLocation,
        community: profile.communityAffiliation,
        openIntroductions,
        pendingRequests,
        requestsMade,
        requestsAbout,
      })),
    };
  }

  /**
   * The members of a list who hold a rung of the ladder (or all four), as their matches see it: the database narrows
   * to those who may (a verified email, an approved selfie, a verification, two received references), and the one
   * loader of trust facts (policy/trust.ts) decides, since a rung is lost when the profile changed since.
   */
  private async holdingRung(listed: SQL, rung: RungFilter): Promise<string[]> {
    const may = {
      email: isNotNull(users.emailVerifiedAt),
      selfie: sql`exists (select 1 from ${selfieChecks} where ${selfieChecks.userId} = ${profileUser} and ${selfieChecks.status} = 'approved')`,
      metByCoordinator: sql`exists (select 1 from ${memberVerifications} where ${memberVerifications.userId} = ${profileUser})`,
      references: sql`(select count(*) from ${memberReferences} where ${memberReferences.userId} = ${profileUser} and ${memberReferences.status} = 'received') >= ${REFERENCES_FOR_RUNG}`,
    };
    const narrowed = rung === 'full' ? and(may.email, may.selfie, may.metByCoordinator, may.references) : may[rung];
    const candidates = await this.db
      .select({ userId: profiles.userId })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(and(listed, narrowed));
    const ids = candidates.map((row) => row.userId);
    const trust = await trustFactsFor(this.db, ids, 'matches');
    return ids.filter((id) => holdsRung((trust.get(id) ?? NO_TRUST).rungs, rung));
  }

  /**
   * A coordinator reaches a member only as can.coordinateMember says: the queue's members and anyone with an
   * open introduction or request, never across a block; anyone else is the 404 of an unknown id.
   */
  private async requireReach(coordinator: MemberActor, userId: string, now: Date): Promise<void> {
    const { relationship } = await loadRelationship(this.db, coordinator.userId, { userId }, now);
    if (!can.coordinateMember(relationship)) throw notFound('member-not-found');
  }

  /** A member's whole profile (no account secrets, no date of birth), photos, introduction history and open requests. */
  async member(coordinator: MemberActor, userId: string, now: Date): Promise<CoordinatorMemberDetail> {
    await this.requireReach(coordinator, userId, now);
    const [found] = await this.db
      .select({ profile: profiles, emailVerifiedAt: users.emailVerifiedAt })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.userId, userId));
    if (!found) throw notFound('member-not-found');
    const { profile, emailVerifiedAt } = found;
    const [history, requests] = await Promise.all([
      this.introductionsService.coordinatorView(involves(userId), { limit: 100, offset: 0 }, now),
      this.requests(or(eq(introductionRequests.requesterId, userId), eq(introductionRequests.otherId, userId))!),
    ]);
    return {
      userId,
      emailVerified: emailVerifiedAt !== null,
      profile: memberBiodataOf(profile, now),
      photos: profile.photos,
      introductions: history.items,
      requests,
    };
  }

  /** Open (unhandled) requests matching a condition, oldest first, with both names. */
  private async requests(where: SQL): Promise<IntroductionRequest[]> {
    const rows = await this.db
      .select()
      .from(introductionRequests)
      .where(and(isNull(introductionRequests.handledAt), where))
      .orderBy(asc(introductionRequests.createdAt))
      .limit(100);
    if (rows.length === 0) return [];
    const people = [...new Set(rows.flatMap((r) => [r.requesterId, r.otherId]))];
    const names = await this.db.select({ userId: profiles.userId, name: profiles.name }).from(profiles).where(inArray(profiles.userId, people));
    const nameOf = new Map(names.map((n) => [n.userId, n.name]));
    return rows.map((r) => ({
      id: r.id,
      requester: { userId: r.requesterId, name: nameOf.get(r.requesterId) ?? null },
      other: { userId: r.otherId, name: nameOf.get(r.otherId) ?? null },
      note: r.note,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  /**
   * The member's candidates ranked by the match index (the same ranking as /api/matches), leaving out blocked
   * pairs, anyone who reported or was reported by the member, suspended people, anyone this member was already introduced to or declined, and people at their limit.
   */
  async suggestions(coordinator: MemberActor, userId: string, limit: number, now: Date, rung?: RungFilter): Promise<Suggestion[]> {
    await this.requireReach(coordinator, userId, now);
    const [profile] = await this.db.select().from(profiles).where(eq(profiles.userId, userId));
    if (!profile) throw notFound('member-not-found');
    const ownAge = displayAge(profile, now);
    if (!this.index.has(profile.id)) {
      // Not in this process's index yet (activated through another process a moment ago), or not browsable.
      await this.index.caughtUp();
    }
    // What her own earlier no's taught (issue 51): people farther, or further apart in age, than those she declined for it.
    const narrowing = narrowingOf(await this.learnedFromDeclines(userId, now, ownAge), ownAge);
    const ranked = this.index.rankForUser(userId, { limit: SUGGESTION_POOL, offset: 0 }, now, narrowing);
    if (!ranked || ranked.items.length === 0) return [];
    const candidateIds = ranked.items.map((item) => item.userId);
    const member = sql`${userId}::uuid`;
    const [blocked, reported, earlier, suspended, details, flagged] = await Promise.all([
      this.db
        .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
        .from(blocks)
        .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId))),
      // A report works as a block here: neither is suggested to the other, whatever the admin decided.
      this.db
        .selectDistinct({ reporterId: reports.reporterId, reportedId: reports.reportedId })
        .from(reports)
        .where(or(eq(reports.reporterId, userId), eq(reports.reportedId, userId))),
      this.db
        .select({ a: introductions.memberA, b: introductions.memberB })
        .from(introductions)
        .where(and(involves(member), notAgain)),
      this.db.select({ id: users.id }).from(users).where(and(inArray(users.id, candidateIds), isNotNull(users.suspendedAt))),
      this.db
        .select({ profile: profiles, open: openCountOf(profileUser) })
        .from(profiles)
        .where(inArray(profiles.userId, candidateIds)),
      this.db
        .select({ userId: reports.reportedId, open: sql<number>`count(distinct ${reports.reporterId})`.mapWith(Number) })
        .from(reports)
        .where(and(inArray(reports.reportedId, candidateIds), eq(reports.status, 'open')))
        .groupBy(reports.reportedId),
    ]);
    const openReportsOf = new Map(flagged.map((f) => [f.userId, f.open]));
    const excluded = new Set<string>([
      ...blocked.flatMap((b) => [b.blockerId, b.blockedId]),
      // Sanga's own report (no reporter) keeps nobody apart.
      ...reported.flatMap((r) => (r.reportedId && r.reporterId ? [r.reporterId, r.reportedId] : [])),
      ...earlier.flatMap((e) => [e.a, e.b]),
      ...suspended.map((s) => s.id),
    ]);
    const detailOf = new Map(details.map((d) => [d.profile.userId, d]));
    const out: Suggestion[] = [];
    for (const item of ranked.items) {
      if (out.length >= limit) break;
      const detail = detailOf.get(item.userId);
      if (!detail || excluded.has(item.userId)) continue;
      if (rung && !holdsRung(item.trust.rungs, rung)) continue;
      if (detail.open >= openLimitFor(detail.profile.courtshipAlignment, this.config.maxOpen)) continue;
      out.push({
        userId: item.userId,
        name: detail.profile.name,
        age: item.age,
        location: detail.profile.exactLocation,
        community: detail.profile.communityAffiliation,
        score: item.score,
        breakdown: item.breakdown,
        openReports: openReportsOf.get(item.userId) ?? 0,
      });
    }
    return out;
  }

  /**
   * What the suggestions learn from this member's own no's (issue 51): the reasons she gave (never the other person's)
   * that say something about the other's profile, distance and age, with the nearest or closest in age she declined for
   * it. A declined person whose place is not on the map, or whose age is not known, teaches nothing. `ownAge`, when the
   * caller has read it already, spares reading her profile again.
   */
  async learnedFromDeclines(userId: string, now: Date, ownAge?: number | null): Promise<SuggestionsLearned[]> {
    const mine = (reason: string) => sql`(${introductions.memberA} = ${userId}::uuid and ${reason} = any(${introductions.firstDeclineReasons}))
      or (${introductions.memberB} = ${userId}::uuid and ${reason} = any(${introductions.secondDeclineReasons}))`;
    const otherId = sql<string>`case when ${introductions.memberA} = ${userId}::uuid then ${introductions.memberB} else ${introductions.memberA} end`;
    const declined = await this.db
      .select({ distance: sql<boolean>`${mine('distance')}`.mapWith(Boolean), age: sql<boolean>`${mine('age')}`.mapWith(Boolean), profile: profiles })
      .from(introductions)
      .innerJoin(profiles, eq(profiles.userId, otherId))
      .where(or(mine('distance'), mine('age')));
    if (declined.length === 0) return [];
    const learned: SuggestionsLearned[] = [];
    const forDistance = declined.filter((row) => row.distance);
    if (forDistance.length > 0) {
      const kms = (await Promise.all(forDistance.map((row) => this.index.kmFromMember(userId, row.profile.exactLocation)))).filter((km): km is number => km !== null);
      // Closer than the nearest she declined for distance; one so near (under 2 km) leaves nothing to narrow to.
      const nearest = Math.floor(Math.min(...kms));
      if (kms.length > 0 && nearest >= 2) learned.push({ reason: 'distance', declined: forDistance.length, within: nearest - 1 });
    }
    const forAge = declined.filter((row) => row.age);
    const own = forAge.length === 0 ? null : ownAge !== undefined ? ownAge : await this.ageOf(userId, now);
    if (own !== null) {
      const gaps = forAge.map((row) => displayAge(row.profile, now)).filter((age): age is number => age !== null).map((age) => Math.abs(age - own));
      const smallest = Math.min(...gaps);
      if (gaps.length > 0 && smallest >= 1) learned.push({ reason: 'age', declined: forAge.length, within: smallest - 1 });
    }
    return learned;
  }

  private async ageOf(userId: string, now: Date): Promise<number | null> {
    const [row] = await this.db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
    return row ? displayAge(row, now) : null;
  }

  /** Browsable members with no open introduction: the overview's "waiting". */
  async waitingCount(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(and(browsable, isNull(users.suspendedAt), sql`${openCountOf(profileUser)} = 0`));
    return row?.n ?? 0;
  }
}
