import { eq, sql } from 'drizzle-orm';
import type { IntroductionFacts } from '#domain/access';
import { isExpired, isRefusal, step, type FlowActor, type FlowEvent, type FlowState, type Party, type Refusal, type Transition } from '#domain/introductions/introduction-flow';
import type { MemberRole } from '#domain/staff/roles';
import type { NoticeKind } from '#domain/safety/safety';
import type { Db } from '#server/db/client';
import { introductions, notices, users } from '#server/db/schema';
import { HttpError } from '#server/errors';
import { notify } from '#server/events/channels';
import { enqueueGuardianMails, enqueueIntroductionMail, notifyStaffOfEndedIntroduction } from '../notifications';
import { scheduleExpiry } from './introduction-deadlines';

/**
 * The two halves around the pure state machine (domain/introductions/introduction-flow.ts): the facts read with the row under
 * its lock, and what a transition says to do (the event stream, in-app notices, mails through the outbox), written
 * in the transaction of the change so they go out exactly when it commits.
 */

export type IntroductionRow = typeof introductions.$inferSelect;

export const introductionNotFound = () => new HttpError(404, 'introduction-not-found');

/** One introduction locked for a change, with the facts the rules read about the person acting, in one statement. */
export async function lockWithFacts(tx: Db, id: string, viewerId: string): Promise<{ row: IntroductionRow; facts: IntroductionFacts }> {
  const [found] = await tx
    .select({
      row: introductions,
      viewerRoles: sql<MemberRole[] | null>`(select ${users.roles} from ${users} where ${users.id} = ${viewerId}::uuid)`,
    })
    .from(introductions)
    .where(eq(introductions.id, id))
    .for('update', { of: introductions });
  if (!found) throw introductionNotFound();
  return { row: found.row, facts: factsOf(found.row, viewerId, found.viewerRoles ?? []) };
}

export function factsOf(row: IntroductionRow, viewerId: string, viewerRoles: readonly MemberRole[]): IntroductionFacts {
  return {
    viewerId,
    viewerRoles,
    memberA: row.memberA,
    memberB: row.memberB,
    coordinatorId: row.coordinatorId,
    reachedA: row.reachedFirstAt !== null,
    reachedB: row.reachedSecondAt !== null,
    introduced: row.introducedAt !== null,
  };
}

export const flowStateOf = (row: IntroductionRow): FlowState => ({
  status: row.status,
  reachedA: row.reachedFirstAt !== null,
  reachedB: row.reachedSecondAt !== null,
  respondBy: row.respondBy,
});

/**
 * The state as of `now`: an answer past its deadline counts as expired even before its expiry job has run (the
 * worker polls every few seconds), so a late answer or cancellation is refused as it was once the job ran.
 */
export const flowStateAt = (row: IntroductionRow, now: Date): FlowState => {
  const state = flowStateOf(row);
  return isExpired(state, now) ? { ...state, status: 'expired', respondBy: null } : state;
};

/** Which party of this introduction a user is (a coordinator outside the pair acts as its coordinator). */
export function partyOf(row: IntroductionRow, userId: string): FlowActor {
  if (userId === row.memberA) return 'memberA';
  if (userId === row.memberB) return 'memberB';
  return 'coordinator';
}

const refusalCodes = {
  // A proposal only ever starts an introduction: the pair's open one is refused before (domain proposalRefusal).
  'not-proposable': 'introduction-already-open',
  'not-awaiting-you': 'introduction-not-awaiting-you',
  'not-awaiting-elders': 'introduction-not-awaiting-elders',
  'not-cancellable': 'introduction-not-cancellable',
  'not-current': 'introduction-not-current',
  'not-due': 'introduction-not-current',
} as const satisfies Record<Refusal['refused'], string>;

/**
 * The machine's answer, or the 409 that says why the event does not apply now (at `now` when given, see flowStateAt).
 * `row` is null for a proposal: there is no introduction before it.
 */
export function stepOrRefuse(row: IntroductionRow | null, event: FlowEvent, actor: FlowActor, now?: Date): Transition {
  const result = step(row === null ? null : now ? flowStateAt(row, now) : flowStateOf(row), event, actor);
  if (isRefusal(result)) throw new HttpError(409, refusalCodes[result.refused]);
  return result;
}

function userOf(row: Pick<IntroductionRow, 'memberA' | 'memberB' | 'coordinatorId'>, party: Party): string | null {
  return party === 'memberA' ? row.memberA : party === 'memberB' ? row.memberB : row.coordinatorId;
}

/** Tells the open event streams (any process) that an introduction changed; sent on commit. */
export async function announce(tx: Db, row: Pick<IntroductionRow, 'id' | 'status'>, userIds: string[]) {
  if (userIds.length === 0) return;
  await notify(tx, 'introductions', { id: row.id, status: row.status, userIds });
}

/**
 * Does what a transition says, after the row was written: streams, notices (a member's neutral "an introduction
 * ended", or `memberNotice` for a deleted account's), mails, and the expiry job of a wait it starts
 * (introduction-deadlines.ts). The coordinator's stream hears of every change too.
 */
export async function applyEffects(
  tx: Db,
  row: Pick<IntroductionRow, 'id' | 'status' | 'memberA' | 'memberB' | 'coordinatorId' | 'respondBy'>,
  transition: Transition,
  memberNotice: NoticeKind = 'introduction-closed',
): Promise<void> {
  const ids = (parties: Party[]) => [...new Set(parties.map((party) => userOf(row, party)).filter((id): id is string => id !== null))];
  const streams = ids(transition.announce);
  if (transition.notices.length > 0 && row.coordinatorId && !streams.includes(row.coordinatorId)) streams.push(row.coordinatorId);
  await announce(tx, row, streams);
  await scheduleExpiry(tx, row);
  for (const party of transition.notices) {
    const userId = userOf(row, party);
    if (userId) await tx.insert(notices).values({ userId, kind: party === 'coordinator' ? 'coordinated-introduction-ended' : memberNotice, introductionId: row.id });
  }
  // The members' guardians hear that an introduction moved (never the coordinator's).
  await enqueueGuardianMails(tx, streams.filter((id) => id === row.memberA || id === row.memberB));
  for (const mail of transition.mails) {
    // The coordinator's mail goes through the staff notices: at once, in the daily digest or not at
    // all, as the coordinator chose.
    if (mail.kind === 'ended-coordinator') {
      await notifyStaffOfEndedIntroduction(tx, row.id);
      continue;
    }
    const userId = userOf(row, mail.to);
    if (userId) await enqueueIntroductionMail(tx, { kind: mail.kind, introductionId: row.id, userId });
  }
}
