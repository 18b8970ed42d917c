import { describe, expect, it } from 'vitest';
import { isBrowsable, isMatchCandidate, type CandidacyProfile } from './candidacy';

const today = new Date(2026, 5, 1);
const person = (overrides: Partial<CandidacyProfile>): CandidacyProfile => ({
  userId: 'a',
  gender: 'woman',
  dateOfBirth: '1996-01-01',
  age: null,
  minAge: 25,
  maxAge: 35,
  ageFlexibility: 'flexible',
  profileActive: true,
  photos: ['/objects/photos/1.jpg', '/objects/photos/2.jpg'],
  maritalHistory: null,
  children: null,
  wantsChildren: null,
  heightCm: null,
  practice: null,
  mustHaves: null,
  ...overrides,
});
const her = person({});
const him = person({ userId: 'b', gender: 'man', dateOfBirth: '1992-01-01' });

describe('isBrowsable', () => {
  it('needs an active profile with the 2 photos activation requires', () => {
    expect(isBrowsable(her)).toBe(true);
    expect(isBrowsable({ ...her, profileActive: false })).toBe(false);
    expect(isBrowsable({ ...her, photos: ['/objects/photos/1.jpg'] })).toBe(false);
  });
});

describe('isMatchCandidate', () => {
  it('pairs a browsable woman and man, both ways', () => {
    expect(isMatchCandidate(her, him, today)).toBe(true);
    expect(isMatchCandidate(him, her, today)).toBe(true);
  });

  it('never pairs oneself, the same gender, or someone not browsable', () => {
    expect(isMatchCandidate(her, { ...her }, today)).toBe(false);
    expect(isMatchCandidate(her, { ...her, userId: 'c' }, today)).toBe(false);
    expect(isMatchCandidate(her, { ...him, profileActive: false }, today)).toBe(false);
    expect(isMatchCandidate({ ...her, photos: [] }, him, today)).toBe(false);
  });

  it('a strict range excludes an age outside it, from either side (matching.ts ageSide); other flexibilities do not', () => {
    const older = { ...him, dateOfBirth: '1980-01-01' }; // 46
    expect(isMatchCandidate({ ...her, ageFlexibility: 'strict' }, older, today)).toBe(false);
    expect(isMatchCandidate(older, { ...her, ageFlexibility: 'strict' }, today)).toBe(false);
    expect(isMatchCandidate({ ...her, ageFlexibility: 'preferred' }, older, today)).toBe(true);
    expect(isMatchCandidate(her, older, today)).toBe(true);
    // The range's ends are inside it; an unknown age is never excluded.
    expect(isMatchCandidate({ ...her, ageFlexibility: 'strict', minAge: 34, maxAge: 34 }, him, today)).toBe(true);
    expect(isMatchCandidate({ ...her, ageFlexibility: 'strict' }, { ...him, dateOfBirth: null, age: null }, today)).toBe(true);
  });
});

describe('isMatchCandidate: mutual must-haves', () => {
  it('a must-have keeps the pair apart both ways; an answer not given excludes no one', () => {
    const divorced = { ...him, maritalHistory: 'divorced' as const };
    const picky = { ...her, mustHaves: { maritalHistory: ['never-married' as const, 'widowed' as const] } };
    expect(isMatchCandidate(picky, divorced, today)).toBe(false);
    expect(isMatchCandidate(divorced, picky, today)).toBe(false);
    expect(isMatchCandidate(picky, { ...him, maritalHistory: 'widowed' }, today)).toBe(true);
    expect(isMatchCandidate(picky, him, today)).toBe(true);
  });

  it('children, wanting children, tradition (from the practice) and a height range, each on its own', () => {
    expect(isMatchCandidate({ ...her, mustHaves: { children: ['none'] } }, { ...him, children: 'yes-living-with-me' }, today)).toBe(false);
    expect(isMatchCandidate({ ...her, mustHaves: { wantsChildren: ['yes', 'open'] } }, { ...him, wantsChildren: 'no' }, today)).toBe(false);
    expect(isMatchCandidate({ ...her, mustHaves: { wantsChildren: ['yes', 'open'] } }, { ...him, wantsChildren: 'open' }, today)).toBe(true);
    const practice = { tradition: 'smarta' as const };
    expect(isMatchCandidate(her, { ...him, practice, mustHaves: { tradition: ['smarta'] } }, today)).toBe(true);
    expect(isMatchCandidate({ ...her, practice: { tradition: 'shaiva' } }, { ...him, mustHaves: { tradition: ['smarta'] } }, today)).toBe(false);
    const range = { heightCm: { min: 170, max: 190 } };
    expect(isMatchCandidate({ ...her, mustHaves: range }, { ...him, heightCm: 169 }, today)).toBe(false);
    expect(isMatchCandidate({ ...her, mustHaves: range }, { ...him, heightCm: 170 }, today)).toBe(true);
    expect(isMatchCandidate({ ...her, mustHaves: range }, { ...him, heightCm: 191 }, today)).toBe(false);
    expect(isMatchCandidate({ ...her, mustHaves: range }, { ...him, heightCm: null }, today)).toBe(true);
    expect(isMatchCandidate({ ...her, heightCm: 150 }, { ...him, mustHaves: range }, today)).toBe(false);
  });
});
