import { describe, expect, it } from 'vitest';
import { biodataFit } from './biodata-fit';

type Person = Parameters<typeof biodataFit>[0];
const person = (overrides: Partial<Person> = {}): Person => ({ wantsChildren: null, familyInvolvement: null, practice: null, ...overrides });
const practice = (tradition: string | null, traditionOther: string | null = null) => ({ tradition, traditionOther }) as Person['practice'];

describe('the biodata beside the score', () => {
  it('lists only the answers both gave', () => {
    expect(biodataFit(person(), person())).toEqual([]);
    expect(biodataFit(person({ wantsChildren: 'yes' }), person())).toEqual([]);
    expect(biodataFit(person({ familyInvolvement: false }), person({ familyInvolvement: false }))).toEqual([{ field: 'familyInvolvement', fit: 'same' }]);
  });

  it('children: the same answer, one of them open, or yes against no', () => {
    expect(biodataFit(person({ wantsChildren: 'yes' }), person({ wantsChildren: 'yes' }))).toEqual([{ field: 'wantsChildren', fit: 'same' }]);
    expect(biodataFit(person({ wantsChildren: 'no' }), person({ wantsChildren: 'open' }))).toEqual([{ field: 'wantsChildren', fit: 'open' }]);
    expect(biodataFit(person({ wantsChildren: 'yes' }), person({ wantsChildren: 'no' }))).toEqual([{ field: 'wantsChildren', fit: 'different' }]);
  });

  it('traditions compare by code, and an "other" tradition by its words (case and accents aside)', () => {
    expect(biodataFit(person({ practice: practice('gaudiya-vaishnava') }), person({ practice: practice('gaudiya-vaishnava') }))).toEqual([{ field: 'tradition', fit: 'same' }]);
    expect(biodataFit(person({ practice: practice('gaudiya-vaishnava') }), person({ practice: practice('smarta') }))).toEqual([{ field: 'tradition', fit: 'different' }]);
    expect(biodataFit(person({ practice: practice('other', 'Nimbārka Sampradaya') }), person({ practice: practice('other', 'nimbarka  sampradaya') }))).toEqual([{ field: 'tradition', fit: 'same' }]);
    expect(biodataFit(person({ practice: practice('other', 'Nimbarka') }), person({ practice: practice('other', 'Madhva') }))).toEqual([{ field: 'tradition', fit: 'different' }]);
    // "Other" without words, or no tradition, is no answer.
    expect(biodataFit(person({ practice: practice('other') }), person({ practice: practice('other') }))).toEqual([]);
    expect(biodataFit(person({ practice: practice(null) }), person({ practice: practice('smarta') }))).toEqual([]);
  });

  it('is mutual, in the order the page lists it', () => {
    const a = person({ wantsChildren: 'open', familyInvolvement: true, practice: practice('shaiva') });
    const b = person({ wantsChildren: 'yes', familyInvolvement: false, practice: practice('shaiva') });
    expect(biodataFit(a, b)).toEqual(biodataFit(b, a));
    expect(biodataFit(a, b).map((fit) => fit.field)).toEqual(['wantsChildren', 'tradition', 'familyInvolvement']);
  });
});
