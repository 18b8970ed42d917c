import { describe, expect, it } from 'vitest';
import { agreedStatus, isExpired, step, type FlowState } from './introduction-flow';

const state = (over: Partial<FlowState> = {}): FlowState => ({ status: 'introduced', reachedA: true, reachedB: true, respondBy: null, ...over });

describe('the introduction flow (issue 30.4)', () => {
  it('asks the first, then the second; both accepting introduces them and mails both', () => {
    expect(step(state({ status: 'awaiting-first', reachedB: false }), { type: 'accept' }, 'memberA')).toMatchObject({
      status: 'awaiting-second',
      mails: [{ to: 'memberB', kind: 'asked' }],
    });
    expect(step(state({ status: 'awaiting-first', reachedB: false }), { type: 'accept' }, 'memberB')).toEqual({ refused: 'not-awaiting-you' });
    expect(step(state({ status: 'awaiting-second' }), { type: 'accept' }, 'memberB')).toMatchObject({ status: 'introduced', notices: [] });
  });

  it('an ending tells everyone it had reached and the coordinator, never whoever ended it (issue 32.1)', () => {
    expect(step(state(), { type: 'end' }, 'memberA')).toEqual({
      status: 'ended',
      announce: ['memberA', 'memberB'],
      notices: ['memberB', 'coordinator'],
      mails: [
        { to: 'memberB', kind: 'ended' },
        { to: 'coordinator', kind: 'ended-coordinator' },
      ],
    });
    expect(step(state({ status: 'courting' }), { type: 'end' }, 'coordinator')).toMatchObject({ status: 'ended', notices: ['memberA', 'memberB'] });
    expect(step(state({ status: 'ended' }), { type: 'end' }, 'memberA')).toEqual({ refused: 'not-current' });
    expect(step(state(), { type: 'end' }, 'elder')).toEqual({ refused: 'not-current' });
  });

  it('a first refusal or an expiry never reaches the member who was never asked; an elder decline reaches only the coordinator', () => {
    expect(step(state({ status: 'awaiting-first', reachedB: false }), { type: 'decline' }, 'memberA')).toMatchObject({ status: 'declined', notices: ['coordinator'] });
    expect(step(state({ status: 'awaiting-first', reachedB: false }), { type: 'expire' }, 'system')).toMatchObject({ status: 'expired', notices: ['memberA', 'coordinator'] });
    expect(step(state({ status: 'awaiting-elders', reachedA: false, reachedB: false }), { type: 'elder-decline' }, 'elder')).toMatchObject({
      status: 'declined-by-elders',
      notices: ['coordinator'],
    });
    expect(step(state({ status: 'introduced' }), { type: 'cancel' }, 'coordinator')).toEqual({ refused: 'not-cancellable' });
  });

  it('a proposal starts it: the elders first when a panel is required, else member A is asked at once; only once', () => {
    expect(step(null, { type: 'propose', required: 2 }, 'coordinator')).toEqual({ status: 'awaiting-elders', announce: [], notices: [], mails: [] });
    expect(step(null, { type: 'propose', required: 0 }, 'coordinator')).toEqual({
      status: 'awaiting-first',
      announce: ['memberA'],
      notices: [],
      mails: [{ to: 'memberA', kind: 'asked' }],
    });
    expect(step(null, { type: 'propose', required: 0 }, 'memberA')).toEqual({ refused: 'not-proposable' });
    expect(step(state({ status: 'awaiting-first' }), { type: 'propose', required: 0 }, 'coordinator')).toEqual({ refused: 'not-proposable' });
    expect(step(null, { type: 'accept' }, 'memberA')).toEqual({ refused: 'not-proposable' });
  });

  it('approvals move on only at the required count', () => {
    const awaiting = state({ status: 'awaiting-elders', reachedA: false, reachedB: false });
    expect(step(awaiting, { type: 'approve', approvals: 1, required: 2 }, 'elder')).toMatchObject({ status: 'awaiting-elders', mails: [] });
    expect(step(awaiting, { type: 'approve', approvals: 2, required: 2 }, 'elder')).toMatchObject({ status: 'awaiting-first', mails: [{ to: 'memberA', kind: 'asked' }] });
  });

  it('check-ins: one answer moves nothing, both move it as far as the lesser; "ended" needs one (issue 32.2)', () => {
    expect(step(state(), { type: 'check-in', answers: { memberA: 'married', memberB: null } }, 'memberA')).toMatchObject({ status: 'introduced', announce: [] });
    expect(step(state(), { type: 'check-in', answers: { memberA: 'married', memberB: 'continuing' } }, 'memberB')).toMatchObject({ status: 'courting' });
    expect(step(state({ status: 'engaged' }), { type: 'check-in', answers: { memberA: 'continuing', memberB: 'continuing' } }, 'memberB')).toMatchObject({
      status: 'engaged',
    });
    expect(step(state(), { type: 'check-in', answers: { memberA: 'continuing', memberB: 'ended' } }, 'memberB')).toMatchObject({
      status: 'ended',
      notices: ['memberA', 'coordinator'],
    });
    expect(agreedStatus({ memberA: 'engaged', memberB: 'married' })).toBe('engaged');
  });

  it('expires only past the deadline of an answer asked for now; a deleted account ends what is open', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    expect(isExpired(state({ status: 'awaiting-first', respondBy: new Date('2026-11-25T00:00:00Z') }), now)).toBe(true);
    expect(isExpired(state({ status: 'awaiting-first', respondBy: new Date('2026-11-27T00:00:00Z') }), now)).toBe(false);
    expect(isExpired(state({ status: 'introduced', respondBy: new Date('2026-11-25T00:00:00Z') }), now)).toBe(false);
    expect(step(state({ status: 'awaiting-second' }), { type: 'account-deleted' }, 'memberB')).toMatchObject({ status: 'ended', notices: ['memberA', 'coordinator'] });
    expect(step(state({ status: 'married' }), { type: 'account-deleted' }, 'memberB')).toMatchObject({ status: 'married', notices: [] });
  });
});
