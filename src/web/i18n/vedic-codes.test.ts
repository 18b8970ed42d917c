import { describe, expect, it } from 'vitest';
import { vedicValidationMessages } from '#domain/profile/vedic-messages';
import { profileValidationMessages } from '#domain/profile/profile-messages';
import { validationMessages } from '#domain/validation-messages';
import { VEDIC_CODE } from './validation-text';

describe('the birth details’ validation codes', () => {
  it('are told apart by their names, which no other code shares', () => {
    for (const code of Object.keys(vedicValidationMessages)) expect(code).toMatch(VEDIC_CODE);
    const others = Object.keys(validationMessages).filter((code) => !Object.hasOwn(vedicValidationMessages, code));
    expect(others.filter((code) => VEDIC_CODE.test(code))).toEqual([]);
    expect(Object.keys(profileValidationMessages).filter((code) => VEDIC_CODE.test(code))).toEqual([]);
  });
});
