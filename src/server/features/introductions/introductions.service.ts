import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { can, type Relationship } from '../../../domain/access';
import { displayAge } from '../../../domain/age';
import {
  addDays,
  awaitingStatuses,
  followUpFromStatuses,
  openLimitFor,
  statusAfterFollowUp,
  type CoordinatorIntroduction,
  type CoordinatorOverview,
  type CreateIntroductionInput,
  type ElderIntroduction,
  type FollowUpInput,
  type IntroductionStatus,
  type MemberIntroduction,
  type RespondInput,
  type ReviewInput,
} from '../../../domain/introductions';
import { scoreMatch } from '../../../domain/matching';
import { firstName, firstNameAndInitial, MATCH_PHOTOS_SHOWN } from '../../../domain/profile';
import type { Db } from '../../db/client';
import { introductionFollowUps, introductionRequests, introductionReviews, introductions, profiles, reports, users } from '../../db/schema';
import type { IntroductionConfig } from '../../config';
import { conflict, forbidden, notFound } from '../../errors';
import { INTRODUCTION_CHANNEL, type IntroductionNotice } from '../../realtime/event-hub';
import { loadRelationship } from '../access/relationship';
import { insertMessage } from '../messages/messages.service';
import { enqueueIntroductionMail } from './introduction-mail';
import { at, checkInDueFor, followUpDueSql, introductionIdOuter, involves, isOpenSql, otherUnavailableFor, pairBlockedSql } from './introduction-sql';
import { matchProfileView } from '../matches/match-profile-view';

type IntroductionRow = typeof introductions.$inferSelect;

/** The viewer's relationship to themself: enough to read their roles through the policy layer. */
async function own(db: Db, userId: string): Promise<Relationship> {
  return (await loadRelationship(db, userId, { userId })).relationship;
}

export async function requireCoordinator(db: Db, userId: string): Promise<void> {
  if (!can.coordinate(await own(db, userId))) throw forbidden('Only coordinators may do this');
}

export async function requireElder(db: Db, userId: string): Promise<void> {
  if (!can.review(await own(db, userId))) throw forbidden('Only elders may do this');
}

/** Tells the two members' open event streams (any process) that an introduction changed; sent on commit. */
async function announce(tx: Db, row: Pick<IntroductionRow, 'id' | 'status'>, userIds: string[]) {
  if (userIds.length === 0) return;
  const notice: IntroductionNotice = { id: row.id, status: row.status, userIds };
  await tx.execute(sql`select pg_notify(${INTRODUCTION_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** The members an introduction has reached so far (never the second before the first accepted). */
function reached(row: IntroductionRow): string[] {
  return [...(row.reachedFirstAt ? [row.memberA] : []), ...(row.reachedSecondAt ? [row.memberB] : [])];
}

const notFoundIntroduction = () => notFound('Introduction not found');

export class IntroductionsService {
  constructor(
    private readonly db: Db,
    private readonly config: IntroductionConfig,
  ) {}

  /**
   * Introductions nobody answered in time expire. Decided whenever introductions are read or changed (so no
   * timer decides what a member sees) and swept with the hourly purge.
   */
  async expireDue(now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const expired = await tx
        .update(introductions)
        .set({ status: 'expired', respondBy: null, updatedAt: now })
        .where(and(inArray(introductions.status, ['awaiting-first', 'awaiting-second']), sql`${introductions.respondBy} < ${at(now)}`))
        .returning();
      for (const row of expired) await announce(tx, row, reached(row));
      return expired.length;
    });
  }

  async create(coordinatorId: string, input: CreateIntroductionInput, now: Date): Promise<{ id: string; status: IntroductionStatus }> {
    await requireCoordinator(this.db, coordinatorId);
    const { memberA, memberB, note } = input;
    if (memberA === memberB) throw conflict('Choose two different members');
    if (coordinatorId === memberA || coordinatorId === memberB) throw conflict('A coordinator cannot propose an introduction of their own');
    const [fromA, fromB] = await Promise.all([
      loadRelationship(this.db, memberA, { userId: memberB }, now),
      loadRelationship(this.db, memberB, { userId: memberA }, now),
    ]);
    if (!fromA.other || !fromB.other) throw notFound('Member not found');
    if (fromA.relationship.otherSuspended || fromB.relationship.otherSuspended) throw conflict('One of the two members is suspended');
    if (fromA.relationship.blocked) throw conflict('One of the two has blocked the other');
    // A report works as a one-sided block for introductions (issue 31): never introduce someone to their reporter.
    const [reported] = await this.db
      .select({ id: reports.id })
      .from(reports)
      .where(or(and(eq(reports.reporterId, memberA), eq(reports.reportedId, memberB)), and(eq(reports.reporterId, memberB), eq(reports.reportedId, memberA))))
      .limit(1);
    if (reported) throw conflict('One of the two has reported the other');
    if (!fromA.relationship.candidate) throw conflict('These two are not match candidates of each other');
    await this.expireDue(now);

    const panel = this.config.elderApprovals > 0;
    return this.db.transaction(async (tx) => {
      // Both members locked, in id order: two proposals for the same person wait for each other, so the limits hold.
      await tx.execute(sql`select ${users.id} from ${users} where ${users.id} in (${memberA}::uuid, ${memberB}::uuid) order by ${users.id} for update`);
      const [low, high] = memberA < memberB ? [memberA, memberB] : [memberB, memberA];
      const earlier = await tx
        .select({ status: introductions.status })
        .from(introductions)
        .where(and(eq(introductions.pairLow, low), eq(introductions.pairHigh, high), or(isOpenSql, eq(introductions.status, 'declined'))));
      if (earlier.some((row) => row.status === 'declined')) throw conflict('An introduction between these two was declined');
      if (earlier.length > 0) throw conflict('An introduction between these two is already open');
      for (const person of [fromA.viewer!, fromB.viewer!]) {
        const limit = openLimitFor(person.profile!.courtshipAlignment, this.config.maxOpen);
        const [count] = await tx.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(introductions).where(and(involves(person.userId), isOpenSql));
        if ((count?.n ?? 0) >= limit) {
          throw conflict(`${firstName(person.profile!.name) ?? 'A member'} already has ${limit === 1 ? 'an open introduction (one-to-one courtship)' : `${limit} open introductions`}`);
        }
      }
      const [row] = await tx
        .insert(introductions)
        .values({
          memberA,
          memberB,
          pairLow: low,
          pairHigh: high,
          coordinatorId,
          note,
          status: panel ? 'awaiting-elders' : 'awaiting-first',
          reachedFirstAt: panel ? null : now,
          respondBy: panel ? null : addDays(now, this.config.responseDays),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      // A member's request for this pair (either way round) is answered by the proposal.
      await tx
        .update(introductionRequests)
        .set({ handledAt: now })
        .where(
          and(
            isNull(introductionRequests.handledAt),
            or(
              and(eq(introductionRequests.requesterId, memberA), eq(introductionRequests.otherId, memberB)),
              and(eq(introductionRequests.requesterId, memberB), eq(introductionRequests.otherId, memberA)),
            ),
          ),
        );
      if (!panel) {
        await announce(tx, row!, [memberA]);
        await enqueueIntroductionMail(tx, { kind: 'asked', introductionId: row!.id, userId: memberA });
      }
      return { id: row!.id, status: row!.status };
    });
  }

  /** Locks one introduction for a change; unknown ids are 404. */
  private async lock(tx: Db, id: string): Promise<IntroductionRow> {
    const [row] = await tx.select().from(introductions).where(eq(introductions.id, id)).for('update');
    if (!row) throw notFoundIntroduction();
    return row;
  }

  async cancel(coordinatorId: string, id: string, note: string, now: Date): Promise<{ id: string; status: IntroductionStatus }> {
    await requireCoordinator(this.db, coordinatorId);
    await this.expireDue(now);
    return this.db.transaction(async (tx) => {
      const row = await this.lock(tx, id);
      if (!(awaitingStatuses as readonly string[]).includes(row.status)) throw conflict('Only an introduction still awaiting an answer can be cancelled');
      const [updated] = await tx
        .update(introductions)
        .set({ status: 'cancelled', cancelNote: note || null, respondBy: null, updatedAt: now })
        .where(eq(introductions.id, id))
        .returning();
      await announce(tx, updated!, reached(row));
      return { id, status: updated!.status };
    });
  }

  /** The answer of the person asked now: the first, then the second. Anyone else is answered as if it did not exist. */
  async respond(userId: string, id: string, input: RespondInput, now: Date): Promise<{ id: string; status: IntroductionStatus }> {
    await this.expireDue(now);
    return this.db.transaction(async (tx) => {
      const row = await this.lock(tx, id);
      const isFirst = row.memberA === userId && row.reachedFirstAt !== null;
      const isSecond = row.memberB === userId && row.reachedSecondAt !== null;
      if (!isFirst && !isSecond) throw notFoundIntroduction();
      const asked = (isFirst && row.status === 'awaiting-first') || (isSecond && row.status === 'awaiting-second');
      if (!asked) throw conflict('This introduction is not awaiting your answer');
      // A block either way or a suspension since the proposal: nothing more happens (no opening message, no mail).
      const [gone] = await tx.select({ unavailable: otherUnavailableFor(userId) }).from(introductions).where(eq(introductions.id, id));
      if (gone?.unavailable) throw conflict('This introduction is no longer available');
      const reason = input.reason?.trim() || null;
      let change: Partial<typeof introductions.$inferInsert>;
      if (!input.accept) change = { status: 'declined', respondBy: null, ...(isFirst ? { firstReason: reason } : { secondReason: reason }) };
      else if (isFirst) change = { status: 'awaiting-second', reachedSecondAt: now, respondBy: addDays(now, this.config.responseDays) };
      else change = { status: 'introduced', introducedAt: now, respondBy: null };
      const [updated] = await tx
        .update(introductions)
        .set({ ...change, updatedAt: now })
        .where(eq(introductions.id, id))
        .returning();
      // A first refusal reaches only the first person: the second was never asked.
      await announce(tx, updated!, reached(updated!));
      if (updated!.status === 'awaiting-second') await enqueueIntroductionMail(tx, { kind: 'asked', introductionId: id, userId: row.memberB });
      if (updated!.status === 'introduced') await this.openThreads(tx, updated!);
      return { id, status: updated!.status };
    });
  }

  /** Both accepted: the coordinator's note opens each member's thread with the coordinator, and a mail goes out. */
  private async openThreads(tx: Db, row: IntroductionRow): Promise<void> {
    const names = await tx.select({ userId: profiles.userId, name: profiles.name }).from(profiles).where(inArray(profiles.userId, [row.memberA, row.memberB]));
    const nameOf = (userId: string) => firstName(names.find((n) => n.userId === userId)?.name ?? '') ?? 'your match';
    for (const [member, other] of [
      [row.memberA, row.memberB],
      [row.memberB, row.memberA],
    ] as const) {
      if (row.coordinatorId) {
        const opening = `You and ${nameOf(other)} have both accepted the introduction. You may now write to each other.${row.note ? `\n\n${row.note}` : ''}`;
        await insertMessage(tx, { senderId: row.coordinatorId, receiverId: member, content: opening.slice(0, 4000) });
      }
      await enqueueIntroductionMail(tx, { kind: 'introduced', introductionId: row.id, userId: member });
    }
  }

  async review(elderId: string, id: string, input: ReviewInput, now: Date): Promise<{ id: string; status: IntroductionStatus }> {
    await requireElder(this.db, elderId);
    return this.db.transaction(async (tx) => {
      const row = await this.lock(tx, id);
      if ([row.memberA, row.memberB, row.coordinatorId].includes(elderId)) throw forbidden('You cannot review an introduction you proposed or are part of');
      if (row.status !== 'awaiting-elders') throw conflict('This introduction is not awaiting the elders');
      const [review] = await tx
        .insert(introductionReviews)
        .values({ introductionId: id, elderId, decision: input.decision, note: input.note, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!review) throw conflict('You have already reviewed this introduction');
      // One decline ends it, and the members never hear of it.
      if (input.decision === 'decline') {
        await tx.update(introductions).set({ status: 'declined-by-elders', updatedAt: now }).where(eq(introductions.id, id));
        return { id, status: 'declined-by-elders' as const };
      }
      const approvals = row.approvals + 1;
      const approved = approvals >= Math.max(1, this.config.elderApprovals);
      const [updated] = await tx
        .update(introductions)
        .set(
          approved
            ? { approvals, status: 'awaiting-first', reachedFirstAt: now, respondBy: addDays(now, this.config.responseDays), updatedAt: now }
            : { approvals, updatedAt: now },
        )
        .where(eq(introductions.id, id))
        .returning();
      if (approved) {
        await announce(tx, updated!, [row.memberA]);
        await enqueueIntroductionMail(tx, { kind: 'asked', introductionId: id, userId: row.memberA });
      }
      return { id, status: updated!.status };
    });
  }

  async followUp(userId: string, id: string, input: FollowUpInput, now: Date): Promise<{ id: string; status: IntroductionStatus }> {
    return this.db.transaction(async (tx) => {
      const row = await this.lock(tx, id);
      if ((row.memberA !== userId && row.memberB !== userId) || row.introducedAt === null) throw notFoundIntroduction();
      if (!(followUpFromStatuses as readonly string[]).includes(row.status)) throw conflict('This introduction has ended');
      await tx.insert(introductionFollowUps).values({ introductionId: id, userId, status: input.status, note: input.note || null, createdAt: now });
      const [updated] = await tx
        .update(introductions)
        .set({ status: statusAfterFollowUp[input.status], updatedAt: now })
        .where(eq(introductions.id, id))
        .returning();
      await announce(tx, updated!, [row.memberA, row.memberB]);
      return { id, status: updated!.status };
    });
  }

  /** The caller's introductions that have reached them, newest first, with the other's card and the score. */
  async forMember(userId: string, now: Date): Promise<MemberIntroduction[]> {
    await this.expireDue(now);
    const rows = await this.db
      .select({ row: introductions, followUpDue: checkInDueFor(sql`${userId}::uuid`, now).mapWith(Boolean), unavailable: otherUnavailableFor(userId) })
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
    const mine = profileOf.get(userId);
    const items: MemberIntroduction[] = [];
    for (const { row, followUpDue, unavailable } of rows) {
      const otherId = row.memberA === userId ? row.memberB : row.memberA;
      const other = profileOf.get(otherId);
      const coordinatorProfile = row.coordinatorId ? profileOf.get(row.coordinatorId) : undefined;
      const coordinator = { userId: row.coordinatorId ?? '', name: coordinatorProfile ? firstName(coordinatorProfile.name) : null };
      if (!mine) continue;
      if (!other || unavailable) {
        // No longer available (issue #28.2): a neutral card, nothing of the other person, nothing to answer.
        items.push({
          id: row.id,
          status: row.status,
          other: null,
          note: '',
          coordinator,
          createdAt: row.createdAt.toISOString(),
          respondBy: null,
          awaitingMe: false,
          introducedAt: row.introducedAt?.toISOString() ?? null,
          followUpDue: false,
        });
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
          photos: other.photos.slice(0, MATCH_PHOTOS_SHOWN),
          score,
          breakdown,
        },
        note: row.note,
        coordinator,
        createdAt: row.createdAt.toISOString(),
        respondBy: row.respondBy?.toISOString() ?? null,
        awaitingMe: (row.status === 'awaiting-first' && row.memberA === userId) || (row.status === 'awaiting-second' && row.memberB === userId),
        introducedAt: row.introducedAt?.toISOString() ?? null,
        followUpDue,
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
    const [names, followUps] = await Promise.all([
      this.db.select({ userId: profiles.userId, name: profiles.name }).from(profiles).where(inArray(profiles.userId, people)),
      this.db.select().from(introductionFollowUps).where(inArray(introductionFollowUps.introductionId, ids)).orderBy(introductionFollowUps.createdAt),
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
        followUpDue,
        followUps: followUps
          .filter((f) => f.introductionId === row.id)
          .map((f) => ({ userId: f.userId, status: f.status, note: f.note, createdAt: f.createdAt.toISOString() })),
      })),
    };
  }

  async forCoordinator(
    coordinatorId: string,
    filter: { status?: IntroductionStatus | 'open' | 'follow-up-due' | undefined; limit: number; offset: number },
    now: Date,
  ): Promise<{ items: CoordinatorIntroduction[]; total: number }> {
    await requireCoordinator(this.db, coordinatorId);
    await this.expireDue(now);
    const byStatus =
      filter.status === undefined
        ? undefined
        : filter.status === 'open'
          ? isOpenSql
          : filter.status === 'follow-up-due'
            ? followUpDueSql(now)
            : eq(introductions.status, filter.status);
    // A pair that blocked each other leaves the coordinator's queue (issue #28.2).
    return this.coordinatorView(and(byStatus, sql`not ${pairBlockedSql}`), filter, now);
  }

  async overview(coordinatorId: string, now: Date): Promise<Omit<CoordinatorOverview, 'waitingMembers'>> {
    await requireCoordinator(this.db, coordinatorId);
    await this.expireDue(now);
    const count = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number);
    const [row] = await this.db
      .select({
        awaitingElders: count(eq(introductions.status, 'awaiting-elders')),
        awaitingResponses: count(inArray(introductions.status, ['awaiting-first', 'awaiting-second'])),
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
   * The elders' list (issue #28.9): the introductions awaiting the caller's review (never one they proposed or are
   * part of, never a pair that blocked each other), or the ones the caller reviewed. Any other status is refused:
   * an elder has no business with how introductions went on.
   */
  async forElder(elderId: string, status: IntroductionStatus | 'reviewed', now: Date): Promise<ElderIntroduction[]> {
    await requireElder(this.db, elderId);
    if (status !== 'awaiting-elders' && status !== 'reviewed') {
      throw forbidden('Elders see only the introductions awaiting their review and the ones they reviewed');
    }
    await this.expireDue(now);
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
    const people = [...new Set(rows.flatMap((row) => [row.memberA, row.memberB, ...(row.coordinatorId ? [row.coordinatorId] : [])]))];
    const found = await this.db.select().from(profiles).where(inArray(profiles.userId, people));
    const profileOf = new Map(found.map((p) => [p.userId, p]));
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      note: row.note,
      coordinator: { userId: row.coordinatorId ?? '', name: row.coordinatorId ? (profileOf.get(row.coordinatorId)?.name ?? null) : null },
      createdAt: row.createdAt.toISOString(),
      approvals: row.approvals,
      approvalsRequired: Math.max(1, this.config.elderApprovals),
      members: [row.memberA, row.memberB].flatMap((id) => {
        const p = profileOf.get(id);
        return p
          ? [
              {
                userId: id,
                // As members see each other: the first name and an initial (issue #28.9).
                name: firstNameAndInitial(p.name) ?? '',
                age: displayAge(p, now),
                gender: p.gender,
                location: p.exactLocation,
                community: p.communityAffiliation,
                courtshipAlignment: p.courtshipAlignment,
                aboutYou: p.aboutYou,
                // The whole profile; the photos while it awaits this elder (the photo route allows only then).
                profile: matchProfileView(p, now, { photos: status === 'awaiting-elders' }),
              },
            ]
          : [];
      }),
    }));
  }

  /** "Ask a coordinator to introduce us": only about someone the caller may see (else 404); the other is not told. */
  async request(userId: string, otherId: string, note: string | undefined, now: Date): Promise<{ id: string }> {
    const { relationship } = await loadRelationship(this.db, userId, { userId: otherId }, now);
    if (!can.seeProfile(relationship)) throw notFound('Profile not found');
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(introductionRequests)
        .values({ requesterId: userId, otherId, note: note || null, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: introductionRequests.id });
      if (row) return row;
      // Asked before and not yet handled: the same request.
      const [open] = await tx
        .select({ id: introductionRequests.id })
        .from(introductionRequests)
        .where(and(eq(introductionRequests.requesterId, userId), eq(introductionRequests.otherId, otherId), isNull(introductionRequests.handledAt)));
      return open!;
    });
  }
}
