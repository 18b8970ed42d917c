import { describe, expect, it } from 'vitest';
import { ageSide } from '#domain/matching/matching';
import { ageFlexibilities, type AgeFlexibility } from '#domain/profile/profile';
import { ageSideOf, UNKNOWN } from './age';
import { AGE_EXCLUDED, BEST_AGE_POINTS, codeOf } from './tables';

describe('the match index age table', () => {
  // The table stops at AGE_OUTSIDE_CAP years outside a range; this shows the domain's rule no longer
  // changes past it, for every age the Int16 columns can hold (ages are never negative: -1 is UNKNOWN).
  it('gives what the domain ageSide gives, for every flexibility and every distance from the range', () => {
    for (const flexibility of [...ageFlexibilities, 'unknown-value']) {
      const flex = codeOf(ageFlexibilities, flexibility);
      // A stored value outside the enum reads as flexible, in the domain and in the table alike.
      const seeker = { minAge: 30, maxAge: 40, ageFlexibility: flexibility as AgeFlexibility };
      for (let age = 0; age <= 32_767; age += age < 300 ? 1 : 97) {
        const side = ageSide(seeker, age);
        const expected = side.excluded ? AGE_EXCLUDED : side.points + side.penalty;
        if (ageSideOf(flex, 30, 40, age) !== expected) expect({ flexibility, age, side: ageSideOf(flex, 30, 40, age) }).toEqual({ flexibility, age, side: expected });
      }
      const unknown = ageSide(seeker, null);
      expect(ageSideOf(flex, 30, 40, UNKNOWN)).toBe(unknown.points + unknown.penalty);
    }
  });

  it('bounds a bucket with the most the age component can give', () => {
    const best = Math.max(...ageFlexibilities.flatMap((ageFlexibility) => [null, 20, 35, 50].map((age) => ageSide({ minAge: 30, maxAge: 40, ageFlexibility }, age).points)));
    expect(BEST_AGE_POINTS).toBe(2 * best);
  });
});
