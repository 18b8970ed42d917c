import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  nameLooksLikeLink,
  DEFAULT_MAX_AGE,
  DEFAULT_MIN_AGE,
  MAX_LONG_TEXT,
  MAX_NAME,
  MAX_PHOTOS,
  MAX_SHORT_TEXT,
  MAX_SOUGHT_AGE,
  MIN_ABOUT,
  MIN_DEAL_TEXT,
  MIN_PHOTOS_TO_ACTIVATE,
  MIN_PROFILE_AGE,
  MIN_SOUGHT_AGE,
  ageFlexibilities,
  consultationFromStorage,
  consultationToStorage,
  firstName,
  splitName,
  storedConsultation,
  consultations,
  courtshipAlignments,
  dateOfBirthProblem,
  dietAlignments,
  enumKey,
  genders,
  profileValidationMessages,
  relocations,
} from './profile';
import { isProfileComplete, pickProfileFields, profileFields, profileInput, type ProfileFormValues, type ProfileInput } from './profile-input';
import { textLengthMessages, tooLongCode } from '#domain/text-length';
import { isValidationCode, validationMessages, validationText } from '#domain/validation-messages';

// Every date-of-birth rule depends on today: fix it at noon, local time, on 15 June 2025.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 5, 15, 12, 0, 0));
});
afterAll(() => {
  vi.useRealTimers();
});

const valid = {
  name: 'Radha Devi',
  gender: 'woman',
  dateOfBirth: '1995-04-20',
  age: '',
  minAge: '28',
  maxAge: '38',
  ageFlexibility: 'preferred',
  exactLocation: 'Austin, Texas, USA',
  relocation: 'open-to-discuss',
  communityAffiliation: 'ISKCON Austin',
  courtshipAlignment: 'one-to-one-preferred',
  dietAlignment: 'strict-sattvic',
  languagesSpoken: 'English, Spanish',
  dealBreakers: 'Smoking, dishonesty, no spiritual practice',
  dealMakers: 'Kindness, humour, daily sadhana',
  aboutYou: 'I teach music, cook for the temple on Sundays and love long walks in the hills.',
  marriageReadinessConsultation: 'yes',
} satisfies ProfileFormValues;

/** The message codes of the issues on one field path, in order. */
function codesAt(input: unknown, path: string): string[] {
  const result = profileInput.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

function withField(field: string, value: unknown): Record<string, unknown> {
  return { ...valid, [field]: value };
}

function without(field: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...valid };
  delete copy[field];
  return copy;
}

describe('constants', () => {
  it('match spec §9 and the issue', () => {
    expect([MIN_SOUGHT_AGE, MAX_SOUGHT_AGE, DEFAULT_MIN_AGE, DEFAULT_MAX_AGE]).toEqual([18, 99, 18, 99]);
    expect([MIN_DEAL_TEXT, MIN_ABOUT]).toEqual([10, 50]);
    expect([MAX_NAME, MAX_LONG_TEXT, MAX_SHORT_TEXT]).toEqual([80, 2000, 200]);
    expect(MIN_PROFILE_AGE).toBe(18);
    expect([MAX_PHOTOS, MIN_PHOTOS_TO_ACTIVATE]).toEqual([2, 2]);
  });
});

describe('enum lists (spec §3)', () => {
  it('list exactly the spec values', () => {
    expect(genders).toEqual(['man', 'woman']);
    expect(ageFlexibilities).toEqual(['strict', 'preferred', 'flexible']);
    expect(relocations).toEqual(['local-only', 'i-will-relocate', 'partner-relocates', 'either-relocates', 'open-to-discuss']);
    expect(courtshipAlignments).toEqual([
      'one-to-one-essential',
      'one-to-one-preferred',
      'either-with-guidance',
      'rotational-preferred',
      'rotational-essential',
    ]);
    expect(dietAlignments).toEqual([
      'strict-sattvic',
      'plant-based-preferred',
      'vegetarian-flexible',
      'values-over-diet',
      'open-and-learning',
    ]);
    expect(consultations).toEqual(['yes', 'no', 'maybe-later']);
  });
});

describe('profileInput: a valid profile', () => {
  it('parses, trims strings and turns ages into numbers', () => {
    const result = profileInput.parse({ ...valid, name: '  Radha Devi  ', exactLocation: ' Austin, Texas, USA ' });
    expect(result).toEqual({ ...valid, minAge: 28, maxAge: 38 } satisfies ProfileInput);
  });

  it('applies the defaults: minAge 18, maxAge 99, ageFlexibility flexible', () => {
    const input = without('minAge');
    delete input.maxAge;
    delete input.ageFlexibility;
    const result = profileInput.parse(input);
    expect(result.minAge).toBe(18);
    expect(result.maxAge).toBe(99);
    expect(result.ageFlexibility).toBe('flexible');
  });

  it('accepts numbers for ages and leaves out optional fields', () => {
    const input: Record<string, unknown> = { ...without('age'), minAge: 18, maxAge: 99 };
    delete input.languagesSpoken;
    const result = profileInput.parse(input);
    expect(result.minAge).toBe(18);
    expect(result.maxAge).toBe(99);
    expect(result.age).toBeUndefined();
    expect(result.languagesSpoken).toBeUndefined();
  });

  it('drops fields that are not part of the form (photos, flags, ids)', () => {
    const result = profileInput.parse({ ...valid, photos: ['/objects/x'], profileActive: true, userId: 'u1', isPremium: true });
    expect(result).not.toHaveProperty('photos');
    expect(result).not.toHaveProperty('profileActive');
    expect(result).not.toHaveProperty('userId');
    expect(result).not.toHaveProperty('isPremium');
  });

  it('refuses a missing or non-object body with the required codes', () => {
    for (const input of [undefined, null, 'text', 42, []]) {
      expect(profileInput.safeParse(input).success).toBe(false);
    }
    const codes = profileInput.safeParse({}).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(codes).toEqual([
      ['name', 'nameRequired'],
      ['gender', 'genderRequired'],
      ['dateOfBirth', 'dateOfBirthRequired'],
      ['exactLocation', 'exactLocationRequired'],
      ['relocation', 'relocationRequired'],
      ['communityAffiliation', 'communityRequired'],
      ['courtshipAlignment', 'courtshipRequired'],
      ['dietAlignment', 'dietRequired'],
      ['dealBreakers', 'dealBreakersShort'],
      ['dealMakers', 'dealMakersShort'],
      ['aboutYou', 'aboutYouShort'],
      ['marriageReadinessConsultation', 'consultationRequired'],
    ]);
  });
});

describe('profileInput: required text fields', () => {
  const cases = [
    ['name', 'nameRequired', MAX_NAME],
    ['exactLocation', 'exactLocationRequired', MAX_SHORT_TEXT],
    ['communityAffiliation', 'communityRequired', MAX_SHORT_TEXT],
  ] as const;

  for (const [field, code, max] of cases) {
    it(`${field}: missing, wrong type, empty or blank gives ${code}`, () => {
      expect(codesAt(without(field), field)).toEqual([code]);
      expect(codesAt(withField(field, null), field)).toEqual([code]);
      expect(codesAt(withField(field, 42), field)).toEqual([code]);
      expect(codesAt(withField(field, ''), field)).toEqual([code]);
      expect(codesAt(withField(field, '   \t\n '), field)).toEqual([code]);
    });

    it(`${field}: at most ${max} characters after trimming, else tooLong`, () => {
      expect(codesAt(withField(field, 'x'), field)).toEqual([]);
      expect(codesAt(withField(field, 'x'.repeat(max)), field)).toEqual([]);
      expect(codesAt(withField(field, `  ${'x'.repeat(max)}  `), field)).toEqual([]);
      expect(codesAt(withField(field, 'x'.repeat(max + 1)), field)).toEqual([tooLongCode(max)]);
    });
  }
});

describe('profileInput: minimum-length texts', () => {
  const cases = [
    ['dealBreakers', 'dealBreakersShort', MIN_DEAL_TEXT],
    ['dealMakers', 'dealMakersShort', MIN_DEAL_TEXT],
    ['aboutYou', 'aboutYouShort', MIN_ABOUT],
  ] as const;

  for (const [field, code, min] of cases) {
    it(`${field}: at least ${min} characters after trimming, else ${code}`, () => {
      expect(codesAt(withField(field, 'x'.repeat(min)), field)).toEqual([]);
      expect(codesAt(withField(field, 'x'.repeat(min - 1)), field)).toEqual([code]);
      expect(codesAt(withField(field, `     ${'x'.repeat(min - 1)}     `), field)).toEqual([code]);
      expect(codesAt(withField(field, ''), field)).toEqual([code]);
    });

    it(`${field}: missing or wrong type gives ${code}`, () => {
      expect(codesAt(without(field), field)).toEqual([code]);
      expect(codesAt(withField(field, null), field)).toEqual([code]);
      expect(codesAt(withField(field, ['a', 'b', 'c']), field)).toEqual([code]);
    });

    it(`${field}: at most ${MAX_LONG_TEXT} characters, else tooLong`, () => {
      expect(codesAt(withField(field, 'x'.repeat(MAX_LONG_TEXT)), field)).toEqual([]);
      expect(codesAt(withField(field, 'x'.repeat(MAX_LONG_TEXT + 1)), field)).toEqual(['tooLong2000']);
    });
  }

  it('trims the stored text', () => {
    expect(profileInput.parse(withField('dealMakers', '  kind, honest, devoted  ')).dealMakers).toBe('kind, honest, devoted');
  });
});

describe('profileInput: optional texts (age, languagesSpoken)', () => {
  for (const field of ['age', 'languagesSpoken']) {
    it(`${field}: may be missing, null, empty or blank`, () => {
      expect(profileInput.parse(without(field))[field as 'age']).toBeUndefined();
      expect(profileInput.parse(withField(field, null))[field as 'age']).toBeUndefined();
      expect(profileInput.parse(withField(field, ''))[field as 'age']).toBe('');
      expect(profileInput.parse(withField(field, '   '))[field as 'age']).toBe('');
      expect(profileInput.parse(withField(field, ' 34 '))[field as 'age']).toBe('34');
    });

    it(`${field}: at most ${MAX_SHORT_TEXT} characters, else tooLong; not text gives textInvalid`, () => {
      expect(codesAt(withField(field, 'x'.repeat(MAX_SHORT_TEXT)), field)).toEqual([]);
      expect(codesAt(withField(field, 'x'.repeat(MAX_SHORT_TEXT + 1)), field)).toEqual(['tooLong200']);
      expect(codesAt(withField(field, 34), field)).toEqual(['textInvalid']);
    });
  }
});

describe('profileInput: enums', () => {
  const cases = [
    ['gender', 'genderRequired', genders],
    ['ageFlexibility', 'ageFlexibilityRequired', ageFlexibilities],
    ['relocation', 'relocationRequired', relocations],
    ['courtshipAlignment', 'courtshipRequired', courtshipAlignments],
    ['dietAlignment', 'dietRequired', dietAlignments],
    ['marriageReadinessConsultation', 'consultationRequired', consultations],
  ] as const;

  for (const [field, code, values] of cases) {
    it(`${field}: accepts every value of its list`, () => {
      for (const value of values) expect(codesAt(withField(field, value), field), value).toEqual([]);
    });

    it(`${field}: an empty, unknown, differently-cased or non-string value gives ${code}`, () => {
      for (const value of ['', 'other', values[0].toUpperCase(), ` ${values[0]}`, 1, null, true]) {
        expect(codesAt(withField(field, value), field), String(value)).toEqual([code]);
      }
    });
  }

  it('a missing enum gives its required code, except ageFlexibility which defaults to flexible', () => {
    expect(codesAt(without('gender'), 'gender')).toEqual(['genderRequired']);
    expect(codesAt(without('relocation'), 'relocation')).toEqual(['relocationRequired']);
    expect(codesAt(without('courtshipAlignment'), 'courtshipAlignment')).toEqual(['courtshipRequired']);
    expect(codesAt(without('dietAlignment'), 'dietAlignment')).toEqual(['dietRequired']);
    expect(codesAt(without('marriageReadinessConsultation'), 'marriageReadinessConsultation')).toEqual([
      'consultationRequired',
    ]);
    expect(profileInput.parse(without('ageFlexibility')).ageFlexibility).toBe('flexible');
  });

  it('the stored consultation value "other" is not a form value', () => {
    expect(codesAt(withField('marriageReadinessConsultation', 'other'), 'marriageReadinessConsultation')).toEqual([
      'consultationRequired',
    ]);
  });
});

describe('profileInput: dateOfBirth (today is 2025-06-15)', () => {
  const dob = (value: unknown) => codesAt(withField('dateOfBirth', value), 'dateOfBirth');

  it('missing, wrong type, empty or blank gives dateOfBirthRequired', () => {
    expect(codesAt(without('dateOfBirth'), 'dateOfBirth')).toEqual(['dateOfBirthRequired']);
    expect(dob(null)).toEqual(['dateOfBirthRequired']);
    expect(dob(19950420)).toEqual(['dateOfBirthRequired']);
    expect(dob('')).toEqual(['dateOfBirthRequired']);
    expect(dob('   ')).toEqual(['dateOfBirthRequired']);
  });

  it('a date that does not exist or another format gives dateOfBirthInvalid', () => {
    for (const value of ['2003-02-30', '2001-02-29', '1995-13-01', '1995-04-31', '1995-4-20', '20/04/1995', '1995-04-20T00:00:00Z', 'yesterday']) {
      expect(dob(value), value).toEqual(['dateOfBirthInvalid']);
    }
  });

  it('today or a future date gives dateOfBirthInvalid', () => {
    expect(dob('2025-06-15')).toEqual(['dateOfBirthInvalid']);
    expect(dob('2025-06-16')).toEqual(['dateOfBirthInvalid']);
    expect(dob('2090-01-01')).toEqual(['dateOfBirthInvalid']);
  });

  it('under 18 gives dateOfBirthUnderage; the 18th birthday itself is accepted', () => {
    expect(dob('2024-06-15')).toEqual(['dateOfBirthUnderage']);
    expect(dob('2007-06-16')).toEqual(['dateOfBirthUnderage']); // 18 tomorrow
    expect(dob('2007-06-15')).toEqual([]); // 18 today
    expect(dob('2007-06-14')).toEqual([]); // 18 since yesterday
  });

  it('older than 120 gives dateOfBirthInvalid; exactly 120 is accepted', () => {
    expect(dob('1905-06-15')).toEqual([]);
    expect(dob('1904-06-15')).toEqual(['dateOfBirthInvalid']);
    expect(dob('0000-01-01')).toEqual(['dateOfBirthInvalid']);
  });

  it('trims the date', () => {
    expect(profileInput.parse(withField('dateOfBirth', ' 1995-04-20 ')).dateOfBirth).toBe('1995-04-20');
  });

  it('a leap-day birth turns 18 on Mar 1 of a non-leap year', () => {
    expect(dateOfBirthProblem('2004-02-29', new Date(2022, 1, 28, 12))).toBe('dateOfBirthUnderage');
    expect(dateOfBirthProblem('2004-02-29', new Date(2022, 2, 1, 12))).toBeNull();
    expect(dateOfBirthProblem('2004-02-29', new Date(2023, 0, 1, 12))).toBeNull();
  });

  it('dateOfBirthProblem names each problem', () => {
    const today = new Date(2025, 5, 15, 12);
    expect(dateOfBirthProblem('', today)).toBe('dateOfBirthRequired');
    expect(dateOfBirthProblem('2023-02-30', today)).toBe('dateOfBirthInvalid');
    expect(dateOfBirthProblem('2030-01-01', today)).toBe('dateOfBirthInvalid');
    expect(dateOfBirthProblem('2010-01-01', today)).toBe('dateOfBirthUnderage');
    expect(dateOfBirthProblem('1990-01-01', today)).toBeNull();
  });
});

describe('profileInput: sought ages', () => {
  const cases = [
    ['minAge', 'minAgeRequired'],
    ['maxAge', 'maxAgeRequired'],
  ] as const;

  for (const [field, code] of cases) {
    it(`${field}: blank, null or not a number gives ${code}`, () => {
      for (const value of ['', '   ', null, 'abc', Number.NaN, Number.POSITIVE_INFINITY, {}]) {
        expect(codesAt(withField(field, value), field), String(value)).toEqual([code]);
      }
    });

    it(`${field}: integers 18 to 99 as numbers or strings, else ageRange`, () => {
      const other = field === 'minAge' ? { maxAge: 99 } : { minAge: 18 };
      for (const value of [18, 99, '18', ' 40 ', '99']) {
        expect(codesAt({ ...withField(field, value), ...other }, field), String(value)).toEqual([]);
      }
      for (const value of [17, 100, 0, -5, 18.5, '17', '100', '30.5']) {
        expect(codesAt({ ...withField(field, value), ...other }, field), String(value)).toEqual(['ageRange']);
      }
    });
  }

  it('minAge above maxAge gives minAgeAboveMax on maxAge', () => {
    const result = profileInput.safeParse({ ...valid, minAge: '40', maxAge: '30' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['maxAge', 'minAgeAboveMax']]);
  });

  it('minAge equal to maxAge is accepted', () => {
    expect(profileInput.safeParse({ ...valid, minAge: 30, maxAge: '30' }).success).toBe(true);
  });

  it('minAge above the default maxAge is checked against it', () => {
    expect(codesAt({ ...without('maxAge'), minAge: 99 }, 'maxAge')).toEqual([]);
    expect(codesAt({ ...without('minAge'), maxAge: 18 }, 'maxAge')).toEqual([]);
  });

  it('reports minAgeAboveMax together with errors in other fields', () => {
    expect(codesAt({ ...without('name'), minAge: 50, maxAge: 30 }, 'maxAge')).toEqual(['minAgeAboveMax']);
  });

  it('does not compare when an age itself is wrong', () => {
    expect(codesAt({ ...valid, minAge: '', maxAge: 30 }, 'maxAge')).toEqual([]);
    expect(codesAt({ ...valid, minAge: 50, maxAge: 17 }, 'maxAge')).toEqual(['ageRange']);
  });
});

describe('messages', () => {
  it('use the spec §5 wording', () => {
    expect(profileValidationMessages).toMatchObject({
      nameRequired: 'Name is required',
      genderRequired: 'Please select your gender',
      dateOfBirthRequired: 'Date of birth is required for age matching',
      minAgeRequired: 'Please enter minimum age',
      maxAgeRequired: 'Please enter maximum age',
      minAgeAboveMax: 'Minimum age must be less than or equal to maximum age',
      ageFlexibilityRequired: 'Please select age flexibility',
      exactLocationRequired: 'Please enter city, state/region, and country',
      relocationRequired: 'Please select relocation preference',
      communityRequired: 'Community affiliation is required',
      courtshipRequired: 'Please select courtship preference',
      dietRequired: 'Please select diet preference',
      dealBreakersShort: 'Please list your top 3 deal-breakers',
      dealMakersShort: 'Please list your top 3 deal-makers',
      aboutYouShort: 'Please share more about yourself',
      consultationRequired: 'Please select an option',
      dateOfBirthUnderage: 'You must be at least 18 years old',
      ageRange: 'Age must be between 18 and 99',
    });
    expect(profileValidationMessages.dateOfBirthInvalid).toMatch(/valid date of birth/);
    expect(validationText(tooLongCode(MAX_LONG_TEXT))).toBe('At most 2,000 characters');
  });

  it('every issue the schema raises carries a code with a text', () => {
    const inputs: unknown[] = [
      {},
      { ...valid, minAge: 50, maxAge: 20 },
      { ...valid, minAge: 'x', maxAge: 100, dateOfBirth: '2023-02-30', age: 5 },
      { ...valid, dateOfBirth: '2020-01-01', name: 'x'.repeat(81), aboutYou: 'short' },
    ];
    const seen = new Set<string>();
    for (const input of inputs) {
      for (const issue of profileInput.safeParse(input).error?.issues ?? []) {
        expect([...Object.keys(profileValidationMessages), ...Object.keys(textLengthMessages)], issue.message).toContain(issue.message);
        seen.add(issue.message);
      }
    }
    expect(seen.size).toBeGreaterThan(15);
  });

  it('are in the shared registry next to the auth codes, so the server answers in English', () => {
    expect(validationMessages).toMatchObject(profileValidationMessages);
    expect(validationMessages.emailInvalid).toBe('Invalid email address');
    expect(isValidationCode('minAgeAboveMax')).toBe(true);
    expect(validationText('nameRequired')).toBe('Name is required');
    expect(validationText('dateOfBirthUnderage')).toBe('You must be at least 18 years old');
  });
});

// The catalogs (src/web/i18n/{en,es}/profile.ts) cannot be imported here (domain/ imports no web
// code); their enum labels are checked at compile time with `satisfies Record<EnumKey<...>, string>`
// and their key parity by src/web/i18n/catalog.test.ts. What this side guarantees:
describe('catalog keys for enum values', () => {
  const all = [...genders, ...ageFlexibilities, ...relocations, ...courtshipAlignments, ...dietAlignments, ...consultations];

  it('every enum value has a distinct identifier key', () => {
    for (const value of all) expect(enumKey(value), value).toMatch(/^[a-z][A-Za-z0-9]*$/);
    for (const list of [genders, ageFlexibilities, relocations, courtshipAlignments, dietAlignments, consultations]) {
      const keys: string[] = list.map((value) => enumKey(value));
      expect(new Set(keys).size).toBe(list.length);
    }
  });

  it('the consultation keys are yes, no and maybeLater (the badge keys)', () => {
    expect(consultations.map((value) => enumKey(value))).toEqual(['yes', 'no', 'maybeLater']);
  });
});

describe('helpers', () => {
  it('consultationToStorage stores maybe-later as other', () => {
    expect(consultationToStorage('yes')).toBe('yes');
    expect(consultationToStorage('no')).toBe('no');
    expect(consultationToStorage('maybe-later')).toBe('other');
  });

  it('consultationFromStorage reads yes and no, and anything else as maybe-later', () => {
    expect(consultationFromStorage('yes')).toBe('yes');
    expect(consultationFromStorage('no')).toBe('no');
    expect(consultationFromStorage('other')).toBe('maybe-later');
    expect(consultationFromStorage('maybe-later')).toBe('maybe-later');
    expect(consultationFromStorage('')).toBe('maybe-later');
    for (const value of consultations) expect(consultationFromStorage(consultationToStorage(value))).toBe(value);
  });

  it('storedConsultation reads any answer, form or stored, as stored (the score keys on it)', () => {
    expect(['yes', 'no', 'maybe-later', 'other', '', 'perhaps'].map(storedConsultation)).toEqual(['yes', 'no', 'other', 'other', 'other', 'other']);
  });

  it('splitName gives the first word and the rest; firstName is its first word or null', () => {
    expect(splitName('  Radha   Devi Dasi ')).toEqual({ firstName: 'Radha', lastName: 'Devi Dasi' });
    expect(splitName('Gopal')).toEqual({ firstName: 'Gopal', lastName: '' });
    expect(splitName('')).toEqual({ firstName: '', lastName: '' });
    expect(firstName(' Radha Devi')).toBe('Radha');
    expect(firstName('   ')).toBeNull();
  });

  it('enumKey camel-cases hyphenated values', () => {
    expect(enumKey('local-only')).toBe('localOnly');
    expect(enumKey('i-will-relocate')).toBe('iWillRelocate');
    expect(enumKey('one-to-one-essential')).toBe('oneToOneEssential');
    expect(enumKey('maybe-later')).toBe('maybeLater');
    expect(enumKey('man')).toBe('man');
    const typed: 'plantBasedPreferred' = enumKey('plant-based-preferred');
    expect(typed).toBe('plantBasedPreferred');
  });

  describe('isProfileComplete', () => {
    it('needs a valid profile and at least 2 photos', () => {
      expect(isProfileComplete(valid, 2)).toBe(true);
      expect(isProfileComplete(valid, 3)).toBe(true);
      expect(isProfileComplete(valid, 1)).toBe(false);
      expect(isProfileComplete(valid, 0)).toBe(false);
      expect(isProfileComplete(valid, Number.NaN)).toBe(false);
    });

    it('is false for a missing or invalid profile', () => {
      expect(isProfileComplete(null, 2)).toBe(false);
      expect(isProfileComplete(undefined, 2)).toBe(false);
      expect(isProfileComplete({}, 2)).toBe(false);
      expect(isProfileComplete(withField('aboutYou', 'too short'), 2)).toBe(false);
      expect(isProfileComplete({ ...valid, minAge: 50, maxAge: 30 }, 2)).toBe(false);
      expect(isProfileComplete(withField('dateOfBirth', '2010-01-01'), 2)).toBe(false);
    });

    it('accepts a stored row: null optional columns, integer ages, consultation "other", extra columns', () => {
      const row = {
        ...valid,
        id: 7,
        userId: 'u1',
        age: null,
        languagesSpoken: null,
        minAge: 25,
        maxAge: 40,
        marriageReadinessConsultation: 'other',
        photos: ['/objects/a', '/objects/b'],
        profileComplete: false,
        profileActive: false,
        createdAt: new Date(),
      };
      expect(isProfileComplete(row, row.photos.length)).toBe(true);
      expect(isProfileComplete({ ...row, marriageReadinessConsultation: '' }, 2)).toBe(false);
      expect(isProfileComplete({ ...row, name: null }, 2)).toBe(false);
    });
  });
});

describe('the profile field list', () => {
  it('is the schema’s keys but vedic (a table of its own), and picking keeps exactly them', () => {
    expect([...profileFields].sort()).toEqual(Object.keys(profileInput.shape).filter((field) => field !== 'vedic').sort());
    expect(profileFields).not.toContain('vedic');
    expect(profileFields).toContain('marriageReadinessConsultation');
    const row = Object.fromEntries([...profileFields.map((field) => [field, `v-${field}`]), ['passwordHash', 'secret'], ['locCity', 'x']]);
    const picked = pickProfileFields(row as Record<(typeof profileFields)[number], string>);
    expect(Object.keys(picked).sort()).toEqual([...profileFields].sort());
    expect(picked).not.toHaveProperty('passwordHash');
    expect(picked.aboutYou).toBe('v-aboutYou');
  });
});

describe('names refuse links and @ (security review #28.7)', () => {
  it.each([
    'https://sanga-login.evil.example/reset',
    'sanga-login.evil.example/reset',
    'www.sanga-help',
    'visit sanga-help.com',
    'Radha @ radha',
    'radha@example.org',
    'hxxp://x',
  ])('refuses %j with nameLinkOrAt', (name) => {
    expect(codesAt({ ...valid, name }, 'name')).toContain('nameLinkOrAt');
    expect(nameLooksLikeLink(name)).toBe(true);
  });

  it.each(['Radha Devi', 'J. R. Sharma', 'Dr. Rao', 'St.Clair Das', "Anne-Marie O'Neil", 'Śrīmatī Rādhārāṇī Dāsī'])('accepts %j', (name) => {
    expect(codesAt({ ...valid, name }, 'name')).toEqual([]);
    expect(nameLooksLikeLink(name)).toBe(false);
  });
});
