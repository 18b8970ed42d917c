import { describe, expect, it } from 'vitest';
import {
  ageFromDateOfBirth,
  compareCalendarDates,
  daysInMonth,
  displayAge,
  fullYearsBetween,
  isLeapYear,
  localCalendarDate,
  parseCalendarDate,
} from './age';

/** A local-time Date at noon, so the calendar day is unambiguous. */
const on = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12, 0, 0);

describe('parseCalendarDate', () => {
  it('reads real YYYY-MM-DD dates', () => {
    expect(parseCalendarDate('1990-06-15')).toEqual({ year: 1990, month: 6, day: 15 });
    expect(parseCalendarDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseCalendarDate('1999-12-31')).toEqual({ year: 1999, month: 12, day: 31 });
  });

  it('refuses dates that do not exist', () => {
    expect(parseCalendarDate('2023-02-30')).toBeNull();
    expect(parseCalendarDate('2023-02-29')).toBeNull();
    expect(parseCalendarDate('1900-02-29')).toBeNull();
    expect(parseCalendarDate('2023-04-31')).toBeNull();
    expect(parseCalendarDate('2023-13-01')).toBeNull();
    expect(parseCalendarDate('2023-00-10')).toBeNull();
    expect(parseCalendarDate('2023-01-00')).toBeNull();
  });

  it('refuses other formats', () => {
    for (const value of ['', '1990-6-15', '15/06/1990', '1990-06-15T00:00:00Z', '19900615', ' 1990-06-15', 'abcd-ef-gh']) {
      expect(parseCalendarDate(value), value).toBeNull();
    }
  });
});

describe('calendar helpers', () => {
  it('knows leap years', () => {
    expect(isLeapYear(2024)).toBe(true);
    expect(isLeapYear(2000)).toBe(true);
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(2023)).toBe(false);
  });

  it('knows month lengths', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 12)).toBe(31);
  });

  it('reads today in local time and compares dates', () => {
    expect(localCalendarDate(new Date(2025, 0, 1, 0, 0, 1))).toEqual({ year: 2025, month: 1, day: 1 });
    expect(localCalendarDate(new Date(2024, 11, 31, 23, 59, 59))).toEqual({ year: 2024, month: 12, day: 31 });
    expect(compareCalendarDates({ year: 2000, month: 1, day: 2 }, { year: 2000, month: 1, day: 1 })).toBeGreaterThan(0);
    expect(compareCalendarDates({ year: 2000, month: 1, day: 1 }, { year: 2000, month: 1, day: 1 })).toBe(0);
    expect(compareCalendarDates({ year: 1999, month: 12, day: 31 }, { year: 2000, month: 1, day: 1 })).toBeLessThan(0);
    expect(fullYearsBetween({ year: 2010, month: 1, day: 1 }, { year: 2000, month: 1, day: 1 })).toBe(-10);
  });
});

describe('ageFromDateOfBirth', () => {
  it('counts full years around the birthday', () => {
    expect(ageFromDateOfBirth('1990-06-15', on(2025, 6, 14))).toBe(34);
    expect(ageFromDateOfBirth('1990-06-15', on(2025, 6, 15))).toBe(35);
    expect(ageFromDateOfBirth('1990-06-15', on(2025, 6, 16))).toBe(35);
  });

  it('handles a birthday in an earlier or later month', () => {
    expect(ageFromDateOfBirth('1990-01-31', on(2025, 2, 1))).toBe(35);
    expect(ageFromDateOfBirth('1990-12-01', on(2025, 11, 30))).toBe(34);
    expect(ageFromDateOfBirth('1990-12-31', on(2025, 12, 31))).toBe(35);
    expect(ageFromDateOfBirth('1990-01-01', on(2025, 1, 1))).toBe(35);
  });

  it('turns 18 exactly on the 18th birthday', () => {
    expect(ageFromDateOfBirth('2007-03-10', on(2025, 3, 9))).toBe(17);
    expect(ageFromDateOfBirth('2007-03-10', on(2025, 3, 10))).toBe(18);
  });

  it('uses the local calendar day of `today`, whatever the hour', () => {
    expect(ageFromDateOfBirth('1990-06-15', new Date(2025, 5, 15, 0, 0, 0))).toBe(35);
    expect(ageFromDateOfBirth('1990-06-15', new Date(2025, 5, 14, 23, 59, 59))).toBe(34);
  });

  it('counts a Feb 29 birthday on Mar 1 in non-leap years', () => {
    expect(ageFromDateOfBirth('2000-02-29', on(2023, 2, 28))).toBe(22);
    expect(ageFromDateOfBirth('2000-02-29', on(2023, 3, 1))).toBe(23);
    expect(ageFromDateOfBirth('2000-02-29', on(2023, 3, 2))).toBe(23);
  });

  it('counts a Feb 29 birthday on Feb 29 in leap years', () => {
    expect(ageFromDateOfBirth('2000-02-29', on(2024, 2, 28))).toBe(23);
    expect(ageFromDateOfBirth('2000-02-29', on(2024, 2, 29))).toBe(24);
    expect(ageFromDateOfBirth('2000-02-29', on(2024, 3, 1))).toBe(24);
  });

  it('gives 0 on the day of birth and a negative age for a future date', () => {
    expect(ageFromDateOfBirth('2025-06-15', on(2025, 6, 15))).toBe(0);
    expect(ageFromDateOfBirth('2026-06-15', on(2025, 6, 15))).toBe(-1);
  });

  it('tolerates surrounding spaces', () => {
    expect(ageFromDateOfBirth(' 1990-06-15 ', on(2025, 6, 15))).toBe(35);
  });

  it('gives NaN for a date that is not real', () => {
    expect(ageFromDateOfBirth('2023-02-30', on(2025, 1, 1))).toBeNaN();
    expect(ageFromDateOfBirth('not a date', on(2025, 1, 1))).toBeNaN();
  });

  it('defaults today to now', () => {
    const now = new Date();
    const birth = `${now.getFullYear() - 30}-01-01`;
    expect(ageFromDateOfBirth(birth)).toBe(30);
  });
});

describe('displayAge', () => {
  const today = on(2025, 6, 15);

  it('computes the age from dateOfBirth when present', () => {
    expect(displayAge({ dateOfBirth: '1990-06-16', age: '99' }, today)).toBe(34);
    expect(displayAge({ dateOfBirth: '1990-06-15' }, today)).toBe(35);
  });

  it('falls back to the stored age when there is no dateOfBirth', () => {
    expect(displayAge({ dateOfBirth: null, age: '42' }, today)).toBe(42);
    expect(displayAge({ age: ' 42 ' }, today)).toBe(42);
    expect(displayAge({ dateOfBirth: '', age: '42' }, today)).toBe(42);
  });

  it('falls back to the stored age when dateOfBirth is not a real past date', () => {
    expect(displayAge({ dateOfBirth: '2023-02-30', age: '42' }, today)).toBe(42);
    expect(displayAge({ dateOfBirth: '2030-01-01', age: '42' }, today)).toBe(42);
    expect(displayAge({ dateOfBirth: 'garbage' }, today)).toBeNull();
  });

  it('reads the leading whole number of a free-text age', () => {
    expect(displayAge({ age: '30 years' }, today)).toBe(30);
    expect(displayAge({ age: '30.5' }, today)).toBe(30);
  });

  it('gives null when the stored age is not a number or is missing', () => {
    expect(displayAge({ age: 'thirty' }, today)).toBeNull();
    expect(displayAge({ age: '' }, today)).toBeNull();
    expect(displayAge({ age: null }, today)).toBeNull();
    expect(displayAge({}, today)).toBeNull();
    expect(displayAge({ dateOfBirth: null, age: null }, today)).toBeNull();
  });

  it('defaults today to now', () => {
    const now = new Date();
    expect(displayAge({ dateOfBirth: `${now.getFullYear() - 40}-01-01` })).toBe(40);
  });
});
