import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import { can, type MemberActor } from '#domain/access';
import { addDays, awaitingMemberStatuses, currentStatuses, isStatusIn, type CoordinatorIntroduction, type CoordinatorIntroductionFilter, type CoordinatorOverview, type CreateIntroductionInput, type ElderIntroductionBase, type FollowUpInput, type FollowUpOutcome, type IntroductionStatus, type MemberIntroduction, type MetInput, type RespondInput, type ReviewInput } from '#domain/introductions/introductions';
import { isExpired, step, isRefusal, type FlowEvent } from '#domain/introductions/introduction-flow';
import { firstName } from '#domain/profile/profile';
import type { Db } from '#server/db/client';
import { introductionFollowUps, introductionMeetings, introductionReviews, introductions, profiles } from '#server/db/schema';
import type { IntroductionConfig } from '#server/config';
import { HttpError } from '#server/errors';
import { insertMessage } from '../messages';
import { scheduleFollowUpMails } from '../notifications';
import { applyEffects, flowStateAt, flowStateOf, introductionNotFound, lockWithFacts, partyOf, stepOrRefuse, type IntroductionRow } from './introduction-effects';
import { propose } from './introduction-proposal';
import { IntroductionRequests } from './introduction-requests';
import { otherUnavailableFor } from '#server/policy/introduction-sql';
import { IntroductionViews } from './introduction-views';

type Changed = { id: string; status: IntroductionStatus };

/**
 * The commands of human-led introductions: propose, answer, review, check in, end, withdraw. Who may call
 * the coordinators' and elders' commands at all is their routes' guard (hasRole, http/guards.ts); they take the
 * guard's actor. Each locks
 * the row with the facts the named rules read (domain/access.ts can.*), asks the state machine
 * (domain/introductions/introduction-flow.ts) for the next status and who is told, and writes both in one transaction. The read
 * views are in introduction-views.ts, the proposal (its facts, the policy's refusal, the flow's `propose`) in
 * introduction-proposal.ts.
 */
export class IntroductionsService {
  private readonly views: IntroductionViews;
  /** "Ask a coordinator to introduce us" (introduction-requests.ts). */
  readonly requests: IntroductionRequests;

  constructor(
    private readonly db: Db,
    private readonly config: IntroductionConfig,
  ) {
    this.views = new IntroductionViews(db, config);
    this.requests = new IntroductionRequests(db);
  }

  /**
   * The expiry job of one wait (introduction-deadlines.ts): nobody answered by `respondBy`, so the introduction
   * expires and whoever it had reached and the coordinator are told, through the state machine. Idempotent: an
   * introduction no longer waiting for this deadline (answered, withdrawn, expired already, waiting for the next
   * member's own deadline, gone with an account) is left alone. A deadline the clock has not passed yet (a process
   * clock a little behind the database's) throws, and the outbox tries again a second later.
   */
  async expireOverdue(id: string, respondBy: Date, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(introductions).where(eq(introductions.id, id)).for('update');
      if (!row || row.respondBy?.getTime() !== respondBy.getTime() || !isStatusIn(awaitingMemberStatuses, row.status)) return false;
      if (!isExpired(flowStateOf(row), now)) throw new Error(`introduction ${id} is not overdue yet at ${now.toISOString()}`);
      const transition = stepOrRefuse(row, { type: 'expire' }, 'system');
      const [updated] = await tx.update(introductions).set({ status: transition.status, respondBy: null, updatedAt: now }).where(eq(introductions.id, row.id)).returning();
      await applyEffects(tx, updated!, transition);
      return true;
    });
  }

  async create(coordinator: MemberActor, input: CreateIntroductionInput, now: Date): Promise<Changed> {
    return propose(this.db, this.config, coordinator, input, now);
  }

  /** Writes a transition's status (with `change`) and its effects; answers what the caller sees. */
  private async apply(tx: Db, row: IntroductionRow, event: FlowEvent, actorId: string, change: Partial<typeof introductions.$inferInsert>, now: Date): Promise<Changed> {
    const transition = stepOrRefuse(row, event, event.type === 'approve' || event.type === 'elder-decline' ? 'elder' : partyOf(row, actorId), now);
    const [updated] = await tx
      .update(introductions)
      .set({ ...change, status: transition.status, updatedAt: now })
      .where(eq(introductions.id, row.id))
      .returning();
    await applyEffects(tx, updated!, transition);
    return { id: row.id, status: updated!.status };
  }

  /** A coordinator withdraws a proposal nobody has finished answering; whoever it had reached is told. */
  async cancel(coordinator: MemberActor, id: string, note: string, now: Date): Promise<Changed> {
    const coordinatorId = coordinator.userId;
    return this.db.transaction(async (tx) => {
      const { row, facts } = await lockWithFacts(tx, id, coordinatorId);
      if (!can.endIntroduction(facts)) throw introductionNotFound();
      return this.apply(tx, row, { type: 'cancel' }, coordinatorId, { cancelNote: note || null, respondBy: null }, now);
    });
  }

  /**
   * Ends an introduction both accepted: one of the two members (a confirmed "We have ended it") or a
   * coordinator. The other member and the coordinator are told in-app and by mail; their thread closes, in every
   * messaging mode (domain access.ts closedByIntroduction). Anyone else is answered as if it did not exist.
   */
  async end(userId: string, id: string, note: string, now: Date): Promise<Changed & { byStaff: boolean }> {
    return this.db.transaction(async (tx) => {
      const { row, facts } = await lockWithFacts(tx, id, userId);
      if (!can.endIntroduction(facts)) throw introductionNotFound();
      const byMember = can.followUp(facts);
      // A member's ending is also their check-in, for the coordinator's record.
      if (byMember) await tx.insert(introductionFollowUps).values({ introductionId: id, userId, status: 'ended', note: note || null, createdAt: now });
      return { ...(await this.apply(tx, row, { type: 'end' }, userId, { respondBy: null }, now)), byStaff: !byMember };
    });
  }

  /** The answer of the person asked now: the first, then the second. Anyone else is answered as if it did not exist. */
  async respond(userId: string, id: string, input: RespondInput, now: Date): Promise<Changed> {
    return this.db.transaction(async (tx) => {
      const { row, facts } = await lockWithFacts(tx, id, userId);
      if (!can.answerIntroduction(facts)) throw introductionNotFound();
      const event: FlowEvent = { type: input.accept ? 'accept' : 'decline' };
      // Asked now, and not past the deadline? (the machine refuses otherwise, before anything else is read)
      if (isRefusal(step(flowStateAt(row, now), event, partyOf(row, userId)))) throw new HttpError(409, 'introduction-not-awaiting-you');
      // A block either way or a suspension since the proposal: nothing more happens (no opening message, no mail).
      const [gone] = await tx.select({ unavailable: otherUnavailableFor(userId) }).from(introductions).where(eq(introductions.id, id));
      if (gone?.unavailable) throw new HttpError(409, 'introduction-unavailable');
      const isFirst = userId === row.memberA;
      const reason = input.reason?.trim() || null;
      const reasons = input.reasons ?? [];
      const change: Partial<typeof introductions.$inferInsert> = !input.accept
        ? { respondBy: null, ...(isFirst ? { firstReason: reason, firstDeclineReasons: reasons } : { secondReason: reason, secondDeclineReasons: reasons }) }
        : isFirst
          ? { reachedSecondAt: now, respondBy: addDays(now, this.config.responseDays) }
          : { introducedAt: now, respondBy: null };
      const changed = await this.apply(tx, row, event, userId, change, now);
      if (changed.status === 'introduced') await this.openThreads(tx, row, now);
      return changed;
    });
  }

  /** Both accepted: the coordinator's note opens each member's thread with the coordinator (the mails are the flow's). */
  private async openThreads(tx: Db, row: IntroductionRow, introducedAt: Date): Promise<void> {
    if (!row.coordinatorId) return;
    const names = await tx.select({ userId: profiles.userId, name: profiles.name }).from(profiles).where(inArray(profiles.userId, [row.memberA, row.memberB]));
    const nameOf = (userId: string) => firstName(names.find((n) => n.userId === userId)?.name ?? '');
    // The opening is a system message (its kind and the other's first name, or null); each reader's web words it.
    for (const [member, other] of [
      [row.memberA, row.memberB],
      [row.memberB, row.memberA],
    ] as const) {
      const system = { kind: 'introduced', name: nameOf(other) } as const;
      await insertMessage(tx, { senderId: row.coordinatorId, receiverId: member, content: (row.note ?? '').slice(0, 4000), system });
    }
    await scheduleFollowUpMails(tx, row.id, introducedAt);
  }

  async review(elder: MemberActor, id: string, input: ReviewInput, now: Date): Promise<Changed> {
    const elderId = elder.userId;
    return this.db.transaction(async (tx) => {
      const { row, facts } = await lockWithFacts(tx, id, elderId);
      if (!can.reviewIntroduction(facts)) throw new HttpError(403, 'review-own-introduction');
      if (row.status !== 'awaiting-elders') throw new HttpError(409, 'introduction-not-awaiting-elders');
      const [review] = await tx
        .insert(introductionReviews)
        .values({ introductionId: id, elderId, decision: input.decision, note: input.note, reasons: input.reasons ?? [], createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!review) throw new HttpError(409, 'introduction-already-reviewed');
      // One decline ends it: the members never hear of it (it had reached neither), the coordinator does.
      if (input.decision === 'decline') return this.apply(tx, row, { type: 'elder-decline' }, elderId, {}, now);
      const approvals = row.approvals + 1;
      const event: FlowEvent = { type: 'approve', approvals, required: this.config.elderApprovals };
      const approved = stepOrRefuse(row, event, 'elder').status === 'awaiting-first';
      return this.apply(tx, row, event, elderId, approved ? { approvals, reachedFirstAt: now, respondBy: addDays(now, this.config.responseDays) } : { approvals }, now);
    });
  }

  /**
   * A check-in: a private answer to the coordinator, never shown to the other member. Courting,
   * engaged and married need both members' answers (the status moves as far as both said); "We have ended it"
   * needs one, confirmed, and ends it as `end` does.
   */
  async followUp(userId: string, id: string, input: FollowUpInput, now: Date): Promise<Changed> {
    if (input.status === 'ended' && input.confirmed !== true) throw new HttpError(400, 'introduction-end-unconfirmed');
    return this.db.transaction(async (tx) => {
      const { row, facts } = await lockWithFacts(tx, id, userId);
      if (!can.followUp(facts)) throw introductionNotFound();
      if (!isStatusIn(currentStatuses, row.status)) throw new HttpError(409, 'introduction-not-current');
      await tx.insert(introductionFollowUps).values({ introductionId: id, userId, status: input.status, note: input.note || null, createdAt: now });
      const latest = await tx
        .selectDistinctOn([introductionFollowUps.userId], { userId: introductionFollowUps.userId, status: introductionFollowUps.status })
        .from(introductionFollowUps)
        .where(eq(introductionFollowUps.introductionId, id))
        .orderBy(introductionFollowUps.userId, desc(introductionFollowUps.createdAt), desc(introductionFollowUps.id));
      const answerOf = (member: string): FollowUpOutcome | null => (member === userId ? input.status : (latest.find((l) => l.userId === member)?.status ?? null));
      const event: FlowEvent = { type: 'check-in', answers: { memberA: answerOf(row.memberA), memberB: answerOf(row.memberB) } };
      return this.apply(tx, row, event, userId, {}, now);
    });
  }

  /**
   * "Did you meet?" (issue 51): one of the two, once both accepted and while it is current; a later answer replaces
   * hers. Nothing else changes: the status moves by check-ins, never by this private answer to the coordinators.
   */
  async met(userId: string, id: string, input: MetInput, now: Date): Promise<{ id: string; met: MetInput['met']; again: boolean | null }> {
    return this.db.transaction(async (tx) => {
      const { row, facts } = await lockWithFacts(tx, id, userId);
      if (!can.followUp(facts)) throw introductionNotFound();
      if (!isStatusIn(currentStatuses, row.status)) throw new HttpError(409, 'introduction-not-current');
      const values = { met: input.met, again: input.met === 'no' ? null : (input.again ?? null), answeredAt: now };
      await tx
        .insert(introductionMeetings)
        .values({ introductionId: id, userId, ...values })
        .onConflictDoUpdate({ target: [introductionMeetings.introductionId, introductionMeetings.userId], set: values });
      return { id, met: values.met, again: values.again };
    });
  }

  // ---- reads (introduction-views.ts): they write nothing (deadlines are jobs) ---------------------------------

  forMember(userId: string, now: Date): Promise<MemberIntroduction[]> {
    return this.views.forMember(userId, now);
  }

  coordinatorView(where: SQL | undefined, page: { limit: number; offset: number }, now: Date): Promise<{ items: CoordinatorIntroduction[]; total: number }> {
    return this.views.coordinatorView(where, page, now);
  }

  async forCoordinator(
    filter: { status?: CoordinatorIntroductionFilter | undefined; limit: number; offset: number },
    now: Date,
  ): Promise<{ items: CoordinatorIntroduction[]; total: number }> {
    return this.views.forCoordinator(filter, now);
  }

  async overview(now: Date): Promise<Omit<CoordinatorOverview, 'waitingMembers'>> {
    return this.views.overview(now);
  }

  /**
   * The elders' list: the introductions awaiting the caller's review, or the ones the caller reviewed.
   * Any other status is refused: an elder has no business with how introductions went on.
   */
  async forElder(elder: MemberActor, status: IntroductionStatus | 'reviewed', now: Date): Promise<ElderIntroductionBase[]> {
    if (status !== 'awaiting-elders' && status !== 'reviewed') {
      throw new HttpError(403, 'elders-see-reviews-only');
    }
    return this.views.forElder(elder.userId, status, now);
  }
}
