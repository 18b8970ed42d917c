import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { displayAge } from '#domain/profile/age';
import { biodataOf } from '#domain/profile/profile-api';
import { photosForReader } from '#domain/profile/photo-privacy';
import { matchProfileView } from '../matches';
import {
  closedByFor,
  type CoordinatorIntroduction,
  type CoordinatorIntroductionFilter,
  type CoordinatorOverview,
  type ElderIntroductionBase,
  type MemberIntroduction,
} from '#domain/introductions/introductions';
import { isOpen } from '#domain/introductions/introductions';
import { scoreMatch } from '#domain/matching/matching';
import { firstName, firstNameAndInitial, MATCH_PHOTOS_SHOWN } from '#domain/profile/profile';
import { shownName } from '#domain/staff/staff-name';
import { NO_TRUST } from '#domain/references/references';
import { trustFactsFor } from '#server/policy/trust';
import { vedicForPairs } from '#server/policy/vedic';
import type { VedicCompatibility } from '#domain/vedic/vedic-answer';
import { accountFullName, accountNamesOf } from '#server/policy/account-names';
import type { IntroductionConfig } from '#server/config';
import type { Db } from '#server/db/client';
import { introductionFollowUps, introductionMeetings, introductionRequests, introductionReviews, introductions, profiles } from '#server/db/schema';
import { checkInDueFor, metAskedFor, storyAskedFor, storySharedBy, followUpDueSql, introductionIdOuter, isAwaitingMemberSql, isOpenSql, otherUnavailableFor, pairBlockedSql } from '#server/policy/introduction-sql';

/**
 * The read views of introductions (commands and reads apart): what a member, a coordinator and an elder
 * see. Who may read is decided by the caller (introductions.service.ts), and overdue answers expire before a read.
 */
export class IntroductionViews {
  constructor(
    private readonly db: Db,
    private readonly config: IntroductionConfig,
  ) {}

  /**
   * The caller's introductions that have reached them, newest first, with the other's card and the score while the
   * introduction is open and her profile active. A closed one, or one whose other profile is paused, carries her first
   * name as it was and nothing live (no age, place or photos): it is history, not a way to follow her.
   */
  async forMember(userId: string, now: Date): Promise<MemberIntroduction[]> {
    const rows = await this.db
      .select({
        row: introductions,
        followUpDue: checkInDueFor(sql`${userId}::uuid`, now).mapWith(Boolean),
        metAsked: metAskedFor(sql`${userId}::uuid`, now).mapWith(Boolean),
        storyAsked: storyAskedFor(sql`${userId}::uuid`).mapWith(Boolean),
        storyShared: storySharedBy(sql`${userId}::uuid`).mapWith(Boolean),
        unavailable: otherUnavailableFor(userId),
        // The member whose "We have ended it" ended it (a member's ending is always their check-in too).
        endingMemberId: sql<string | null>`(select ${introductionFollowUps.userId} from ${introductionFollowUps} where ${introductionFollowUps.introductionId} = ${introductionIdOuter} and ${introductionFollowUps.status} = 'ended' order by ${introductionFollowUps.createdAt} limit 1)`,
      })
      .from(introductions)
      .where(
        or(
          and(eq(introductions.memberA, userId), isNotNull(introductions.reachedFirstAt)),
          and(eq(introductions.memberB, userId), isNotNull(introductions.reachedSecondAt)),
        ),
      )
      .orderBy(desc(introductions.createdAt));
    if (rows.length === 0) return [];
    const people = new Set<string>([userId]);
    for (const { row } of rows) {
      people.add(row.memberA).add(row.memberB);
      if (row.coordinatorId) people.add(row.coordinatorId);
    }
    const found = await this.db.select().from(profiles).where(inArray(profiles.userId, [...people]));
    const profileOf = new Map(found.map((profile) => [profile.userId, profile]));
    const coordinatorAccounts = await accountNamesOf(this.db, rows.flatMap(({ row }) => (row.coordinatorId ? [row.coordinatorId] : [])));
    const mine = profileOf.get(userId);
    // The other's rungs (dates only) on the live cards, read in one query for them all.
    const others = rows.map(({ row }) => (row.memberA === userId ? row.memberB : row.memberA));
    // And, only where both opted in, their Vedic compatibility (issue 52), from the two stored charts.
    const [trust, vedic] = await Promise.all([
      trustFactsFor(this.db, others, 'matches'),
      vedicForPairs(this.db, rows.map(({ row }, index) => ({ key: row.id, you: userId, them: others[index]! }))),
    ]);
    const items: MemberIntroduction[] = [];
    for (const { row, followUpDue, metAsked, storyAsked, storyShared, unavailable, endingMemberId } of rows) {
      const otherId = row.memberA === userId ? row.memberB : row.memberA;
      const other = profileOf.get(otherId);
      const coordinatorProfile = row.coordinatorId ? profileOf.get(row.coordinatorId) : undefined;
      const coordinator = {
        userId: row.coordinatorId ?? '',
        name: row.coordinatorId ? shownName({ profileName: coordinatorProfile?.name, accountFirstName: coordinatorAccounts.get(row.coordinatorId)?.firstName }) : null,
      };
      if (!mine) continue;
      const closedBy = closedByFor(userId, { status: row.status, memberA: row.memberA, memberB: row.memberB, reachedSecond: row.reachedSecondAt !== null, endingMemberId });
      // A card that shows nothing live of the other person: nothing to answer, no deadline, no check-in.
      const withoutOther = {
        id: row.id,
        status: row.status,
        other: null,
        coordinator,
        createdAt: row.createdAt.toISOString(),
        respondBy: null,
        awaitingMe: false,
        introducedAt: row.introducedAt?.toISOString() ?? null,
        followUpDue: false,
        metAsked: false,
        storyAsked: false,
        // A yes she gave stays withdrawable whatever became of the introduction.
        storyShared,
      };
      if (!other || unavailable) {
        // No longer available: a neutral card, nothing of the other person.
        items.push({ ...withoutOther, inactive: false, otherFirstName: null, note: '', closedBy: null });
        continue;
      }
      if (!isOpen(row.status) || !other.profileActive) {
        // Closed or paused: the first name as proposed; who ended or declined it is read here by the other member.
        items.push({ ...withoutOther, inactive: true, otherFirstName: row.memberA === userId ? row.firstNameB : row.firstNameA, note: row.note, closedBy });
        continue;
      }
      const { score, breakdown } = scoreMatch(mine, other, now);
      items.push({
        id: row.id,
        status: row.status,
        other: {
          userId: otherId,
          profileId: other.id,
          name: firstName(other.name),
          age: displayAge(other, now),
          location: other.exactLocation,
          // Private photos are shown once both accepted this (open) introduction; placeholders until then.
          ...photosForReader(other.photos.slice(0, MATCH_PHOTOS_SHOWN), !other.photosPrivate || row.introducedAt !== null),
          score,
          breakdown,
          ...biodataOf(other),
          rungs: (trust.get(otherId) ?? NO_TRUST).rungs,
          ...(vedic.has(row.id) ? { vedic: vedic.get(row.id)! } : {}),
        },
        inactive: false,
        otherFirstName: null,
        note: row.note,
        coordinator,
        createdAt: row.createdAt.toISOString(),
        respondBy: row.respondBy?.toISOString() ?? null,
        awaitingMe: (row.status === 'awaiting-first' && row.memberA === userId) || (row.status === 'awaiting-second' && row.memberB === userId),
        introducedAt: row.introducedAt?.toISOString() ?? null,
        followUpDue,
        metAsked,
        storyAsked,
        storyShared,
        closedBy,
      });
    }
    return items;
  }

  /** Introductions as coordinators see them (names, reasons, follow-ups), for any filter of the rows. */
  async coordinatorView(where: SQL | undefined, page: { limit: number; offset: number }, now: Date): Promise<{ items: CoordinatorIntroduction[]; total: number }> {
    const rows = await this.db
      .select({ row: introductions, followUpDue: followUpDueSql(now).mapWith(Boolean), total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(introductions)
      .where(where)
      .orderBy(desc(introductions.createdAt), desc(introductions.id))
      .limit(page.limit)
      .offset(page.offset);
    if (rows.length === 0) return { items: [], total: 0 };
    const ids = rows.map(({ row }) => row.id);
    const people = [...new Set(rows.flatMap(({ row }) => [row.memberA, row.memberB, ...(row.coordinatorId ? [row.coordinatorId] : [])]))];
    const [names, followUps, elderReasons, meetings, vedic] = await Promise.all([
      this.db.select({ userId: profiles.userId, name: profiles.name }).from(profiles).where(inArray(profiles.userId, people)),
      this.db.select().from(introductionFollowUps).where(inArray(introductionFollowUps.introductionId, ids)).orderBy(introductionFollowUps.createdAt),
      this.db
        .select({ introductionId: introductionReviews.introductionId, reasons: introductionReviews.reasons })
        .from(introductionReviews)
        .where(and(inArray(introductionReviews.introductionId, ids), eq(introductionReviews.decision, 'decline'))),
      this.db.select().from(introductionMeetings).where(inArray(introductionMeetings.introductionId, ids)).orderBy(introductionMeetings.answeredAt),
      // The pair's Vedic compatibility where both opted in (issue 52), seen from member A.
      vedicForPairs(this.db, rows.map(({ row }) => ({ key: row.id, you: row.memberA, them: row.memberB }))),
    ]);
    const nameOf = new Map(names.map((n) => [n.userId, n.name]));
    const ref = (userId: string | null) => ({ userId: userId ?? '', name: userId ? (nameOf.get(userId) ?? null) : null });
    return {
      total: rows[0]!.total,
      items: rows.map(({ row, followUpDue }) => ({
        id: row.id,
        status: row.status,
        memberA: ref(row.memberA),
        memberB: ref(row.memberB),
        coordinator: ref(row.coordinatorId),
        note: row.note,
        createdAt: row.createdAt.toISOString(),
        respondBy: row.respondBy?.toISOString() ?? null,
        introducedAt: row.introducedAt?.toISOString() ?? null,
        approvals: row.approvals,
        reasons: { first: row.firstReason, second: row.secondReason },
        declineReasons: {
          first: row.firstDeclineReasons,
          second: row.secondDeclineReasons,
          elders: [...new Set(elderReasons.filter((r) => r.introductionId === row.id).flatMap((r) => r.reasons))],
        },
        followUpDue,
        followUps: followUps
          .filter((f) => f.introductionId === row.id)
          .map((f) => ({ userId: f.userId, status: f.status, note: f.note, createdAt: f.createdAt.toISOString() })),
        meetings: meetings
          .filter((m) => m.introductionId === row.id)
          .map((m) => ({ userId: m.userId, met: m.met, again: m.again, answeredAt: m.answeredAt.toISOString() })),
        ...(vedic.has(row.id) ? { vedic: vedic.get(row.id)! } : {}),
      })),
    };
  }

  async forCoordinator(
    filter: { status?: CoordinatorIntroductionFilter | undefined; limit: number; offset: number },
    now: Date,
  ): Promise<{ items: CoordinatorIntroduction[]; total: number }> {
    const byStatus =
      filter.status === undefined
        ? undefined
        : filter.status === 'open'
          ? isOpenSql
          : filter.status === 'follow-up-due'
            ? followUpDueSql(now)
            : filter.status === 'awaiting-answer'
              ? isAwaitingMemberSql
              : eq(introductions.status, filter.status);
    // A pair that blocked each other leaves the coordinator's queue.
    return this.coordinatorView(and(byStatus, sql`not ${pairBlockedSql}`), filter, now);
  }

  async overview(now: Date): Promise<Omit<CoordinatorOverview, 'waitingMembers'>> {
    const count = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number);
    const [row] = await this.db
      .select({
        awaitingElders: count(eq(introductions.status, 'awaiting-elders')),
        awaitingResponses: count(isAwaitingMemberSql),
        followUpsDue: count(followUpDueSql(now)),
        introduced: count(eq(introductions.status, 'introduced')),
        courting: count(eq(introductions.status, 'courting')),
        engaged: count(eq(introductions.status, 'engaged')),
        married: count(eq(introductions.status, 'married')),
        ended: count(eq(introductions.status, 'ended')),
        accepted: count(isNotNull(introductions.introducedAt)),
        answered: count(
          sql`${introductions.introducedAt} is not null or (${introductions.reachedFirstAt} is not null and ${introductions.status} in ('declined', 'expired'))`,
        ),
      })
      .from(introductions);
    const [requests] = await this.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(introductionRequests)
      .where(isNull(introductionRequests.handledAt));
    const r = row!;
    return {
      openRequests: requests?.n ?? 0,
      awaitingElders: r.awaitingElders,
      awaitingResponses: r.awaitingResponses,
      followUpsDue: r.followUpsDue,
      outcomes: { introduced: r.introduced, courting: r.courting, engaged: r.engaged, married: r.married, ended: r.ended },
      acceptanceRate: r.answered === 0 ? null : Math.round((r.accepted / r.answered) * 1000) / 1000,
    };
  }

  /**
   * The elders' list: the introductions awaiting the caller's review (never one they proposed or are
   * part of, never a pair that blocked each other), or the ones the caller reviewed. Any other status is refused:
   * an elder has no business with how introductions went on. The members' live profiles only while the
   * introduction awaits this elder; what she reviewed lists her decision and the first names as they were.
   */
  async forElder(elderId: string, status: 'awaiting-elders' | 'reviewed', now: Date): Promise<ElderIntroductionBase[]> {
    const elder = sql`${elderId}::uuid`;
    const reviewedByElder = sql`exists (select 1 from ${introductionReviews} where ${introductionReviews.introductionId} = ${introductionIdOuter} and ${introductionReviews.elderId} = ${elder})`;
    const rows = await this.db
      .select()
      .from(introductions)
      .where(
        status === 'reviewed'
          ? reviewedByElder
          : and(
              eq(introductions.status, 'awaiting-elders'),
              sql`${introductions.memberA} <> ${elder} and ${introductions.memberB} <> ${elder} and ${introductions.coordinatorId} is distinct from ${elder}`,
              sql`not ${reviewedByElder}`,
              sql`not ${pairBlockedSql}`,
            ),
      )
      .orderBy(introductions.createdAt)
      .limit(200);
    if (rows.length === 0) return [];
    const awaiting = status === 'awaiting-elders';
    // Live profiles only for what awaits her; otherwise the coordinators' names alone.
    const people = [...new Set(rows.flatMap((row) => [...(awaiting ? [row.memberA, row.memberB] : []), ...(row.coordinatorId ? [row.coordinatorId] : [])]))];
    const [found, decisions, vedic] = await Promise.all([
      this.db.select().from(profiles).where(inArray(profiles.userId, people)),
      awaiting
        ? Promise.resolve([])
        : this.db
            .select()
            .from(introductionReviews)
            .where(and(eq(introductionReviews.elderId, elderId), inArray(introductionReviews.introductionId, rows.map((row) => row.id)))),
      // The pair's Vedic compatibility where both opted in (issue 52), only for what awaits her review.
      awaiting ? vedicForPairs(this.db, rows.map((row) => ({ key: row.id, you: row.memberA, them: row.memberB }))) : Promise.resolve(new Map<string, VedicCompatibility>()),
    ]);
    const profileOf = new Map(found.map((p) => [p.userId, p]));
    // A coordinator without a profile is named by the name given when joining the team.
    const coordinatorAccounts = await accountNamesOf(this.db, rows.flatMap((row) => (row.coordinatorId ? [row.coordinatorId] : [])));
    const decisionOf = new Map(decisions.map((d) => [d.introductionId, d]));
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      note: row.note,
      coordinator: {
        userId: row.coordinatorId ?? '',
        name: row.coordinatorId ? (profileOf.get(row.coordinatorId)?.name ?? accountFullName(coordinatorAccounts.get(row.coordinatorId))) : null,
      },
      createdAt: row.createdAt.toISOString(),
      approvals: row.approvals,
      approvalsRequired: Math.max(1, this.config.elderApprovals),
      reviewed: awaiting ? null : reviewedBy(decisionOf.get(row.id), row),
      ...(vedic.has(row.id) ? { vedic: vedic.get(row.id)! } : {}),
      members: (awaiting ? [row.memberA, row.memberB] : []).flatMap((id) => {
        const p = profileOf.get(id);
        return p
          ? [
              {
                userId: id,
                // As members see each other: the first name and an initial.
                name: firstNameAndInitial(p.name) ?? '',
                age: displayAge(p, now),
                gender: p.gender,
                location: p.exactLocation,
                community: p.communityAffiliation,
                courtshipAlignment: p.courtshipAlignment,
                aboutYou: p.aboutYou,
                // The whole profile, with the photos (the photo route allows them only while it awaits this elder), or
                // their placeholders when the member keeps her photos for the people she is introduced to.
                profile: matchProfileView(p, now, { photos: p.photosPrivate ? 'placeholders' : 'originals' }),
              },
            ]
          : [];
      }),
    }));
  }
}

/** What an elder decided on an introduction she reviewed, with the members' first names as they were. */
function reviewedBy(
  review: typeof introductionReviews.$inferSelect | undefined,
  row: typeof introductions.$inferSelect,
): NonNullable<ElderIntroductionBase['reviewed']> | null {
  if (!review) return null;
  return { decision: review.decision, note: review.note, decidedAt: review.createdAt.toISOString(), memberFirstNames: [row.firstNameA, row.firstNameB] };
}
