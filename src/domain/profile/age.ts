/**
 * Ages from dates of birth. A date of birth is a calendar date 'YYYY-MM-DD' with no time zone;
 * "today" is read in the local time zone of the running process (the browser's zone in the web,
 * the server's zone on the server), since that is the calendar day the person sees.
 *
 * Leap-day birthdays: someone born on Feb 29 turns a year older on Mar 1 in non-leap years (on
 * Feb 28 they are still the younger age). This is what comparing (month, day) pairs gives, and it
 * matches the legal rule of many countries.
 */

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Parses 'YYYY-MM-DD' into a real calendar date; null for anything else (2023-02-30, 2024-13-01, '2024-1-1'). */
export function parseCalendarDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Today's calendar date in the local time zone. */
export function localCalendarDate(today: Date = new Date()): CalendarDate {
  return { year: today.getFullYear(), month: today.getMonth() + 1, day: today.getDate() };
}

/** Negative when a is before b, zero when equal, positive when after. */
export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Full years between a birth date and a day, birthday-adjusted. Negative when the birth is after that day. */
export function fullYearsBetween(birth: CalendarDate, on: CalendarDate): number {
  const years = on.year - birth.year;
  const birthdayReached = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return birthdayReached ? years : years - 1;
}

/**
 * Age in full years on `today` (local calendar day) for a 'YYYY-MM-DD' date of birth.
 * NaN when the date of birth is not a real calendar date. Not clamped: a future date gives a negative age.
 */
export function ageFromDateOfBirth(dateOfBirth: string, today: Date = new Date()): number {
  const birth = parseCalendarDate(dateOfBirth.trim());
  if (!birth) return Number.NaN;
  return fullYearsBetween(birth, localCalendarDate(today));
}

/**
 * The age to show for a profile: computed from dateOfBirth when it is present and a real date,
 * otherwise the stored free-text age parsed as a number (null when it is not a number).
 * The stored age is free text, so it is read like parseInt: its leading whole number counts
 * ('30' and '30 years' give 30, '30.5' gives 30); text that does not start with a number gives null.
 */
export function displayAge(
  profile: { dateOfBirth?: string | null; age?: string | null },
  today: Date = new Date(),
): number | null {
  if (profile.dateOfBirth) {
    const computed = ageFromDateOfBirth(profile.dateOfBirth, today);
    if (Number.isFinite(computed) && computed >= 0) return computed;
  }
  const stored = profile.age?.trim();
  if (!stored) return null;
  const match = /^\d+/.exec(stored);
  return match ? Number(match[0]) : null;
}
