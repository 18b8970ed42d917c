import { describe, expect, it } from 'vitest';
import { allComponentRows, clampScore, positiveComponentRows, visiblePenalties } from './breakdown';

const breakdown = { location: 21, community: 0, courtship: 15, diet: 0, age: 14, marriageReadiness: 4, penalties: -10 };

describe('breakdown rows', () => {
  it('lists every component with its maximum, in the documented order', () => {
    expect(allComponentRows(breakdown)).toEqual([
      { component: 'location', points: 21, max: 25 },
      { component: 'community', points: 0, max: 15 },
      { component: 'courtship', points: 15, max: 20 },
      { component: 'diet', points: 0, max: 20 },
      { component: 'age', points: 14, max: 14 },
      { component: 'marriageReadiness', points: 4, max: 6 },
    ]);
  });

  it('keeps only components above zero for the match page, and penalties only when negative', () => {
    expect(positiveComponentRows(breakdown).map((row) => row.component)).toEqual(['location', 'courtship', 'age', 'marriageReadiness']);
    expect(visiblePenalties(breakdown)).toBe(-10);
    expect(visiblePenalties({ ...breakdown, penalties: 0 })).toBeNull();
  });

  it('clamps the score to a whole percent', () => {
    expect([clampScore(-3), clampScore(84), clampScore(101), clampScore(49.6)]).toEqual([0, 84, 100, 50]);
  });
});
