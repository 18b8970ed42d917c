import { describe, expect, it } from 'vitest';
import { holdsRung, ladderOf, NO_RUNGS } from './ladder';
import { drawGesture, gestures, selfieDecisionInput } from './selfie';

const none = { email: null, selfie: null, metByCoordinator: null, references: null };

describe('the ladder of verification', () => {
  it('no rung is the one shared NO_RUNGS', () => {
    expect(ladderOf(none)).toBe(NO_RUNGS);
    expect(NO_RUNGS).toEqual({ ...none, full: null });
  });

  it('each rung keeps its own date; `full` stays null until all four hold', () => {
    const three = { email: '2026-01-02T00:00:00.000Z', selfie: '2026-03-04T00:00:00.000Z', metByCoordinator: '2026-02-01T00:00:00.000Z', references: null };
    expect(ladderOf(three)).toEqual({ ...three, full: null });
    for (const rung of ['email', 'selfie', 'metByCoordinator', 'references'] as const) {
      expect(ladderOf({ ...none, [rung]: '2026-05-05T00:00:00.000Z' })).toEqual({ ...none, [rung]: '2026-05-05T00:00:00.000Z', full: null });
    }
  });

  it('`full` is the latest of the four dates, whichever rung came last', () => {
    const dates = ['2026-01-02T00:00:00.000Z', '2026-03-04T10:00:00.000Z', '2026-02-01T00:00:00.000Z', '2025-12-31T23:59:59.000Z'];
    for (let shift = 0; shift < 4; shift += 1) {
      const [email, selfie, metByCoordinator, references] = dates.map((_, i) => dates[(i + shift) % 4]!);
      expect(ladderOf({ email: email!, selfie: selfie!, metByCoordinator: metByCoordinator!, references: references! }).full).toBe('2026-03-04T10:00:00.000Z');
    }
    // Compared as instants, not as text: an offset other than Z still orders right.
    expect(ladderOf({ email: '2026-01-01T12:00:00+05:00', selfie: '2026-01-01T08:00:00.000Z', metByCoordinator: '2025-01-01T00:00:00.000Z', references: '2025-01-01T00:00:00.000Z' }).full).toBe(
      '2026-01-01T08:00:00.000Z',
    );
  });

  it('a filter by rung reads the ladder; `full` asks all four', () => {
    const ladder = ladderOf({ ...none, selfie: '2026-05-05T00:00:00.000Z' });
    expect(holdsRung(ladder, 'selfie')).toBe(true);
    expect(holdsRung(ladder, 'email')).toBe(false);
    expect(holdsRung(ladder, 'full')).toBe(false);
    const all = ladderOf({ email: '2026-01-01T00:00:00Z', selfie: '2026-01-02T00:00:00Z', metByCoordinator: '2026-01-03T00:00:00Z', references: '2026-01-04T00:00:00Z' });
    expect(holdsRung(all, 'full')).toBe(true);
  });
});

describe('the selfie gestures', () => {
  it('twelve gestures with their own ids, some made without hands', () => {
    expect(gestures).toHaveLength(12);
    expect(new Set(gestures.map((gesture) => gesture.id)).size).toBe(12);
    expect(gestures.filter((gesture) => !gesture.hands).length).toBeGreaterThanOrEqual(3);
  });

  it('draws every allowed gesture across the range, never the previous one, only hands-free ones when asked', () => {
    const drawn = new Set<string>();
    for (let i = 0; i < 100; i += 1) drawn.add(drawGesture({ handsFree: false, previous: null }, i / 100));
    expect(drawn.size).toBe(12);
    for (let i = 0; i < 100; i += 1) expect(drawGesture({ handsFree: false, previous: 'thumbs-up' }, i / 100)).not.toBe('thumbs-up');
    const handsFree = new Set<string>(gestures.filter((gesture) => !gesture.hands).map((gesture) => gesture.id));
    for (let i = 0; i < 100; i += 1) expect(handsFree.has(drawGesture({ handsFree: true, previous: 'eyes-closed' }, i / 100))).toBe(true);
    expect(drawGesture({ handsFree: false, previous: null }, 0.999999)).toBe(gestures.at(-1)!.id);
  });

  it('a refusal needs a reason; an approval does not', () => {
    expect(selfieDecisionInput.safeParse({ approve: true }).success).toBe(true);
    const refused = selfieDecisionInput.safeParse({ approve: false });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['reason'], message: 'selfieReasonRequired' });
    expect(selfieDecisionInput.parse({ approve: false, reason: 'other', note: '  why  ' })).toEqual({ approve: false, reason: 'other', note: 'why' });
  });
});
