/**
 * The introduction's state machine, pure: from a status (none before the proposal), an event
 * and who caused it, the next status and who hears of it (the event stream, an in-app notice, a mail). The server
 * loads the row, asks `step`, writes the answer and enqueues what it says; nothing else decides a status, the first
 * one included.
 *
 * An introduction that ends once it has reached someone ends cleanly: the other member and the coordinator are told
 * (neutrally, in-app and by mail, in their language); whoever ended it is not told of their own act.
 */
import { awaitingMemberStatuses, awaitingStatuses, closedStatuses, currentStatuses, isStatusIn, type FollowUpOutcome, type IntroductionStatus } from './introductions';

/** The three people an introduction concerns. */
export type Party = 'memberA' | 'memberB' | 'coordinator';
/** Who caused an event: one of the parties, an elder, or nobody (the clock, a deleted account). */
export type FlowActor = Party | 'elder' | 'system';

export type FlowEvent =
  /**
   * A coordinator proposes the two (the pair's own checks are the policy's, domain/access.ts proposalRefusal);
   * `required` is the elders' approvals it needs first (none: it asks member A at once).
   */
  | { type: 'propose'; required: number }
  /** An elder approves; `approvals` counts this approval too. */
  | { type: 'approve'; approvals: number; required: number }
  | { type: 'elder-decline' }
  | { type: 'accept' }
  | { type: 'decline' }
  /** Nobody answered by the deadline. */
  | { type: 'expire' }
  /** The coordinator withdraws a proposal still awaiting an answer, or ends an introduction both accepted. */
  | { type: 'cancel' }
  /** A member (after a confirmed "We have ended it") or the coordinator ends an introduction both accepted. */
  | { type: 'end' }
  /** A member's private check-in; `answers` are both members' latest answers, this one included. */
  | { type: 'check-in'; answers: { memberA: FollowUpOutcome | null; memberB: FollowUpOutcome | null } }
  /** One member deleted their account (`actor` names which). */
  | { type: 'account-deleted' };

/** What a mail says: asked to answer, introduced, or that an introduction ended (to a member or to its coordinator). */
export const flowMails = ['asked', 'introduced', 'ended', 'ended-coordinator'] as const;
export type FlowMail = (typeof flowMails)[number];

export interface FlowState {
  status: IntroductionStatus;
  /** The proposal has reached member A / member B (a member never reached is never told anything). */
  reachedA: boolean;
  reachedB: boolean;
  /** When the answer asked for now is due (null when nobody is asked). */
  respondBy: Date | null;
}

export interface Transition {
  status: IntroductionStatus;
  /** The open event streams told that it changed (the web refetches). */
  announce: Party[];
  /** In-app notices that it ended (shown until acknowledged). */
  notices: Party[];
  mails: Array<{ to: Party; kind: FlowMail }>;
}

/** The event does not apply in this status or for this actor (the server answers 409). */
export interface Refusal {
  refused: 'not-proposable' | 'not-awaiting-you' | 'not-awaiting-elders' | 'not-cancellable' | 'not-current' | 'not-due';
}

/** How far a check-in answer goes: the status moves only as far as both members say. */
const rank: Record<Exclude<FollowUpOutcome, 'ended'>, number> = { continuing: 1, engaged: 2, married: 3 };
const statusRank: Partial<Record<IntroductionStatus, number>> = { introduced: 0, courting: 1, engaged: 2, married: 3 };
const statusOfRank: IntroductionStatus[] = ['introduced', 'courting', 'engaged', 'married'];

/** The status both members' latest answers agree on (the lesser of the two), or null while one has not answered. */
export function agreedStatus(answers: { memberA: FollowUpOutcome | null; memberB: FollowUpOutcome | null }): IntroductionStatus | null {
  const { memberA, memberB } = answers;
  if (!memberA || !memberB || memberA === 'ended' || memberB === 'ended') return null;
  return statusOfRank[Math.min(rank[memberA], rank[memberB])]!;
}

const reachedParties = (state: FlowState): Party[] => [...(state.reachedA ? ['memberA' as const] : []), ...(state.reachedB ? ['memberB' as const] : [])];

/**
 * An ending: the status, and everyone it had reached is told except whoever ended it. The coordinator hears of
 * every ending they did not make themselves; members only of one that had reached them.
 */
function ending(state: FlowState, status: IntroductionStatus, actor: FlowActor): Transition {
  const told = [...reachedParties(state), 'coordinator' as const].filter((party) => party !== actor);
  return {
    status,
    announce: reachedParties(state),
    notices: told,
    mails: told.map((to) => ({ to, kind: to === 'coordinator' ? 'ended-coordinator' : 'ended' })),
  };
}

const unchanged = (state: FlowState): Transition => ({ status: state.status, announce: [], notices: [], mails: [] });

/** The deadline has passed for the answer asked for now (`now` is the request's clock). */
export function isExpired(state: FlowState, now: Date): boolean {
  return isStatusIn(awaitingMemberStatuses, state.status) && state.respondBy !== null && state.respondBy < now;
}

/** The proposal reaches member A (at once, or with the elders' last approval): asked to answer, by mail too. */
const askMemberA = (): Transition => ({ status: 'awaiting-first', announce: ['memberA'], notices: [], mails: [{ to: 'memberA', kind: 'asked' }] });

/** What a proposal asks first: the elders' review (the members hear nothing yet), or member A's answer at once. */
const proposed = (required: number): Transition => (required > 0 ? { status: 'awaiting-elders', announce: [], notices: [], mails: [] } : askMemberA());

/** `state` is null before the proposal: there is no introduction yet, and proposing is all that can happen to it. */
export function step(state: FlowState | null, event: FlowEvent, actor: FlowActor): Transition | Refusal {
  if (state === null || event.type === 'propose') {
    if (state !== null || event.type !== 'propose' || actor !== 'coordinator') return { refused: 'not-proposable' };
    return proposed(event.required);
  }
  const { status } = state;
  switch (event.type) {
    case 'approve':
      if (status !== 'awaiting-elders' || actor !== 'elder') return { refused: 'not-awaiting-elders' };
      if (event.approvals < Math.max(1, event.required)) return unchanged(state);
      return askMemberA();
    case 'elder-decline':
      // The members never hear of it: it had reached neither.
      if (status !== 'awaiting-elders' || actor !== 'elder') return { refused: 'not-awaiting-elders' };
      return ending(state, 'declined-by-elders', actor);
    case 'accept':
      if (status === 'awaiting-first' && actor === 'memberA') {
        return { status: 'awaiting-second', announce: ['memberA', 'memberB'], notices: [], mails: [{ to: 'memberB', kind: 'asked' }] };
      }
      if (status === 'awaiting-second' && actor === 'memberB') {
        return {
          status: 'introduced',
          announce: ['memberA', 'memberB'],
          notices: [],
          mails: [
            { to: 'memberA', kind: 'introduced' },
            { to: 'memberB', kind: 'introduced' },
          ],
        };
      }
      return { refused: 'not-awaiting-you' };
    case 'decline':
      if ((status === 'awaiting-first' && actor === 'memberA') || (status === 'awaiting-second' && actor === 'memberB')) {
        return ending(state, 'declined', actor);
      }
      return { refused: 'not-awaiting-you' };
    case 'expire':
      if (!isStatusIn(awaitingMemberStatuses, status)) return { refused: 'not-cancellable' };
      return ending(state, 'expired', actor);
    case 'cancel':
      if (actor !== 'coordinator') return { refused: 'not-cancellable' };
      if (isStatusIn(awaitingStatuses, status)) return ending(state, 'cancelled', actor);
      return { refused: 'not-cancellable' };
    case 'end':
      if (!isStatusIn(currentStatuses, status) || actor === 'elder' || actor === 'system') return { refused: 'not-current' };
      return ending(state, 'ended', actor);
    case 'check-in': {
      if (!isStatusIn(currentStatuses, status) || (actor !== 'memberA' && actor !== 'memberB')) return { refused: 'not-current' };
      if (event.answers[actor] === 'ended') return ending(state, 'ended', actor);
      const agreed = agreedStatus(event.answers);
      // Only forward, and only as far as both said: one member's answer never moves the other.
      if (!agreed || (statusRank[agreed] ?? 0) <= (statusRank[status] ?? 0)) return unchanged(state);
      return { status: agreed, announce: ['memberA', 'memberB'], notices: [], mails: [] };
    }
    case 'account-deleted':
      if (isStatusIn(closedStatuses, status) || status === 'married') return unchanged(state);
      return ending(state, 'ended', actor);
  }
}

export function isRefusal(result: Transition | Refusal): result is Refusal {
  return 'refused' in result;
}
