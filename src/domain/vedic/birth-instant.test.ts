import { describe, expect, it } from 'vitest';
import { APPROXIMATE_BIRTH_MINUTES, birthInstant, type BirthMoment } from './birth-instant';
import { timeZoneOfPlace } from './time-zone-of-place';

const iso = (ms: number) => new Date(ms).toISOString();
function window(moment: BirthMoment) {
  const instant = birthInstant(moment);
  return { at: iso(instant.at), earliest: iso(instant.earliest), latest: iso(instant.latest) };
}
const exact = (birthDate: string, birthTime: string, timeZone: string): BirthMoment => ({ birthDate, birthTime, birthTimeAccuracy: 'exact', timeZone });

describe('birthInstant: the zone history', () => {
  it('reads India in war time (+06:30, 1942–45) and spans the local clocks Bombay and Calcutta kept', () => {
    expect(window(exact('1943-05-01', '12:00', 'Asia/Kolkata'))).toEqual({
      at: '1943-05-01T05:30:00.000Z', // 12:00 at +06:30
      earliest: '1943-05-01T05:30:00.000Z',
      latest: '1943-05-01T07:09:00.000Z', // 12:00 Bombay Time, +04:51
    });
  });

  it('reads India before the war at +05:30, the Calcutta clock (+05:53:20) 23 minutes earlier', () => {
    expect(window(exact('1935-05-01', '12:00', 'Asia/Kolkata'))).toEqual({
      at: '1935-05-01T06:30:00.000Z',
      earliest: '1935-05-01T06:06:40.000Z',
      latest: '1935-05-01T07:09:00.000Z',
    });
    // Calcutta Time had ended; Bombay Time had not.
    expect(window(exact('1950-03-10', '06:45', 'Asia/Kolkata'))).toEqual({
      at: '1950-03-10T01:15:00.000Z',
      earliest: '1950-03-10T01:15:00.000Z',
      latest: '1950-03-10T01:54:00.000Z',
    });
  });

  it('reads India after 1955 as plain IST, and before 1906 as Madras time (+05:21:10), as the tz database has it', () => {
    const after = birthInstant(exact('1960-05-01', '12:00', 'Asia/Kolkata'));
    expect(iso(after.at)).toBe('1960-05-01T06:30:00.000Z');
    expect(after.earliest).toBe(after.at);
    expect(after.latest).toBe(after.at);
    expect(window(exact('1900-05-01', '12:00', 'Asia/Calcutta')).at).toBe('1900-05-01T06:38:50.000Z');
  });

  it('reads a US daylight-saving change day: the skipped hour as the hour after, the repeated one as its first', () => {
    // 1970-04-26: New York's clocks went from 02:00 EST to 03:00 EDT. 02:30 never showed: read with EST's offset.
    expect(window(exact('1970-04-26', '02:30', 'America/New_York'))).toEqual({
      at: '1970-04-26T07:30:00.000Z',
      earliest: '1970-04-26T06:30:00.000Z',
      latest: '1970-04-26T07:30:00.000Z',
    });
    expect(window(exact('1970-04-26', '03:30', 'America/New_York')).at).toBe('1970-04-26T07:30:00.000Z');
    // 1970-10-25: 01:30 showed twice, first in EDT, then in EST.
    expect(window(exact('1970-10-25', '01:30', 'America/New_York'))).toEqual({
      at: '1970-10-25T05:30:00.000Z',
      earliest: '1970-10-25T05:30:00.000Z',
      latest: '1970-10-25T06:30:00.000Z',
    });
  });

  it('reads Latin American zones with their summer time', () => {
    expect(window(exact('1993-12-30', '10:10', 'America/Sao_Paulo')).at).toBe('1993-12-30T12:10:00.000Z'); // −02:00
    expect(window(exact('1993-06-30', '10:10', 'America/Sao_Paulo')).at).toBe('1993-06-30T13:10:00.000Z'); // −03:00
    expect(window(exact('1979-12-24', '05:45', 'America/Argentina/Buenos_Aires')).at).toBe('1979-12-24T08:45:00.000Z');
    expect(window(exact('1966-03-05', '22:00', 'America/Mexico_City')).at).toBe('1966-03-06T04:00:00.000Z');
  });
});

describe('birthInstant: the window', () => {
  it(`is ±${APPROXIMATE_BIRTH_MINUTES} minutes for an approximate time`, () => {
    expect(window({ ...exact('1993-12-30', '10:10', 'America/Sao_Paulo'), birthTimeAccuracy: 'approximate' })).toEqual({
      at: '1993-12-30T12:10:00.000Z',
      earliest: '1993-12-30T11:40:00.000Z',
      latest: '1993-12-30T12:40:00.000Z',
    });
  });

  it('is the whole local day for an unknown time, whatever the day holds', () => {
    const unknown = (birthDate: string, timeZone: string): BirthMoment => ({ birthDate, birthTime: null, birthTimeAccuracy: 'unknown', timeZone });
    expect(window(unknown('1985-11-03', 'America/Chicago'))).toEqual({
      at: '1985-11-03T18:00:00.000Z',
      earliest: '1985-11-03T06:00:00.000Z',
      latest: '1985-11-04T06:00:00.000Z',
    });
    // A day of 25 hours (clocks went back), and one that began at 01:00 (clocks went forward at midnight).
    expect(window(unknown('1970-10-25', 'America/New_York'))).toMatchObject({ earliest: '1970-10-25T04:00:00.000Z', latest: '1970-10-26T05:00:00.000Z' });
    expect(window(unknown('2018-11-04', 'America/Sao_Paulo'))).toMatchObject({ earliest: '2018-11-04T03:00:00.000Z', latest: '2018-11-05T02:00:00.000Z' });
    // A time given as unknown is ignored.
    expect(window({ ...exact('1985-11-03', '09:00', 'America/Chicago'), birthTimeAccuracy: 'unknown' }).at).toBe('1985-11-03T18:00:00.000Z');
  });

  it('refuses a date or a time it cannot read, and a zone that does not exist', () => {
    expect(() => birthInstant(exact('1990-02-30', '09:00', 'Asia/Kolkata'))).toThrow(RangeError);
    expect(() => birthInstant(exact('1990-01-01', '9:00', 'Asia/Kolkata'))).toThrow(RangeError);
    expect(() => birthInstant(exact('1990-01-01', '09:00', 'Asia/Nowhere'))).toThrow(RangeError);
  });
});

describe('timeZoneOfPlace', () => {
  it('names the IANA zone of a place from its coordinates', () => {
    expect(timeZoneOfPlace(22.5726, 88.3639)).toBe('Asia/Kolkata');
    expect(timeZoneOfPlace(40.7128, -74.006)).toBe('America/New_York');
    expect(timeZoneOfPlace(-23.5505, -46.6333)).toBe('America/Sao_Paulo');
    expect(timeZoneOfPlace(27.7172, 85.324)).toBe('Asia/Kathmandu');
  });
});
