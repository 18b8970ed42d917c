/**
 * The moment of a birth, from what a profile stores: the local calendar date, the clock time ("HH:MM" or none), how
 * sure the person is of it, and the place's IANA time zone. Local time becomes UTC with the zone's historical rules
 * (daylight saving and war time included) as the platform's Intl carries them (the tz database in ICU).
 *
 * The answer is a window, not only an instant: the Moon moves about 0.5′ a minute and 13° a day, so what could change
 * within the window is said as uncertain instead of stated as fact (vedic-match.ts).
 *  - exact: the instant itself, widened only where the clock reading itself is ambiguous (below);
 *  - approximate: ± APPROXIMATE_BIRTH_MINUTES around it;
 *  - unknown (or no time given): the whole local day, from 00:00 to 24:00; the instant is local noon, its middle.
 *
 * Clock readings that a daylight-saving change makes ambiguous are read deterministically, as Temporal's
 * 'compatible' disambiguation does: a time that never happened (the hour skipped when clocks go forward) is read with
 * the offset before the change (02:30 on a spring-forward night is 03:30 new time); a time that happened twice (the
 * hour repeated when clocks go back) is its first occurrence. Either way the window spans both readings, since a
 * certificate may have used either.
 *
 * India before 1955: the tz database gives Asia/Kolkata railway time (+05:30 since 1906, war time +06:30 in 1941–42
 * and 1942–45), but Bombay kept its own Bombay Time (+04:51) for civil life until 1955 and Calcutta its Calcutta Time
 * (+05:53:20) until 1948 (tzdb `asia`, the India comment: "Some municipalities retained their former time"). A clock
 * time recorded there may be in either, so for Asia/Kolkata births before those years the window also spans those
 * readings (up to 39 minutes later and 23 minutes earlier than IST).
 */

import { parseCalendarDate } from '#domain/profile/age';

export type BirthTimeAccuracy = 'exact' | 'approximate' | 'unknown';

export interface BirthMoment {
  /** 'YYYY-MM-DD', the local calendar date. */
  birthDate: string;
  /** 'HH:MM' local clock time, or null when not known. */
  birthTime: string | null;
  birthTimeAccuracy: BirthTimeAccuracy;
  /** IANA zone of the birth place, e.g. 'Asia/Kolkata'. */
  timeZone: string;
}

/** Milliseconds since 1970 UTC: the best estimate, and the window the birth may have been in. */
export interface BirthInstant {
  at: number;
  earliest: number;
  latest: number;
}

/** An "approximate" birth time is taken as within ± this many minutes: what people mean by "around 3 pm". */
export const APPROXIMATE_BIRTH_MINUTES = 30;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Offsets, in minutes east of UTC, of the local clocks India's civil records may use, until the year they ended. */
const INDIAN_LOCAL_CLOCKS = [
  { name: 'Bombay Time', offsetMinutes: 4 * 60 + 51, until: Date.UTC(1955, 0, 1) },
  { name: 'Calcutta Time', offsetMinutes: 5 * 60 + 53 + 20 / 60, until: Date.UTC(1949, 0, 1) },
] as const;
const INDIA_ZONES = new Set(['Asia/Kolkata', 'Asia/Calcutta']);

export function birthInstant(moment: BirthMoment): BirthInstant {
  const date = parseCalendarDate(moment.birthDate);
  if (!date) throw new RangeError(`birth date "${moment.birthDate}" is not a YYYY-MM-DD date`);
  const midnight = Date.UTC(date.year, date.month - 1, date.day);
  const clock = moment.birthTime === null ? null : clockMinutes(moment.birthTime);
  if (clock === null || moment.birthTimeAccuracy === 'unknown') {
    const start = utcReadings(midnight, moment.timeZone);
    const end = utcReadings(midnight + DAY, moment.timeZone);
    const noon = utcReadings(midnight + DAY / 2, moment.timeZone);
    return { at: noon[0]!, earliest: start[0]!, latest: end[0]! };
  }
  const local = midnight + clock * MINUTE;
  const readings = [...utcReadings(local, moment.timeZone), ...indianLocalClockReadings(local, moment.timeZone)];
  const margin = moment.birthTimeAccuracy === 'approximate' ? APPROXIMATE_BIRTH_MINUTES * MINUTE : 0;
  return { at: readings[0]!, earliest: Math.min(...readings) - margin, latest: Math.max(...readings) + margin };
}

function clockMinutes(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`birth time "${time}" is not HH:MM`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * The UTC instants at which the zone's clocks showed `local` (a local date-time written as if it were UTC), the
 * deterministic reading first. One instant normally; two in a repeated hour; in a skipped hour, none really, so the
 * readings with the offsets before and after the change. Assumes at most one offset change within a day either side,
 * which holds for every zone in the tz database.
 */
function utcReadings(local: number, timeZone: string): number[] {
  const before = offsetAt(timeZone, local - DAY);
  const after = offsetAt(timeZone, local + DAY);
  const candidates = before === after ? [local - before] : [local - before, local - after].sort((a, b) => a - b);
  const real = candidates.filter((utc) => utc + offsetAt(timeZone, utc) === local);
  return real.length > 0 ? real : [local - before, local - after];
}

function indianLocalClockReadings(local: number, timeZone: string): number[] {
  if (!INDIA_ZONES.has(timeZone)) return [];
  return INDIAN_LOCAL_CLOCKS.filter((clock) => local < clock.until).map((clock) => local - clock.offsetMinutes * MINUTE);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in milliseconds (local minus UTC), to the second. */
function offsetAt(timeZone: string, utc: number): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(utc)) parts[part.type] = part.value;
  const shown = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return shown - Math.floor(utc / 1000) * 1000;
}
