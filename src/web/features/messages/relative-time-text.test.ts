import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time-text';

const now = new Date('2025-03-10T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('relativeTime', () => {
  it('reads in English', () => {
    expect(relativeTime(minutesAgo(5), 'en', now)).toBe('5 minutes ago');
    expect(relativeTime(minutesAgo(0), 'en', now)).toBe('less than a minute ago');
  });

  it('reads in Spanish', () => {
    expect(relativeTime(minutesAgo(5), 'es', now)).toBe('hace 5 minutos');
    expect(relativeTime(minutesAgo(60 * 26), 'es', now)).toBe('hace 1 día');
  });

  it('treats a time a little in the future (clock skew) as just now', () => {
    const ahead = new Date(now.getTime() + 20_000).toISOString();
    expect(relativeTime(ahead, 'en', now)).toBe('less than a minute ago');
  });

  it('answers nothing for an unreadable date', () => {
    expect(relativeTime('not a date', 'en', now)).toBe('');
  });
});
