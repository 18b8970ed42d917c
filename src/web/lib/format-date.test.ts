import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  const iso = new Date(2026, 10, 22, 14, 2).toISOString();

  it('follows spec §9 in English', () => {
    expect(formatDate(iso, 'en')).toBe('Nov 22, 2026');
    expect(formatDate(iso, 'en', 'dateTime')).toBe('Nov 22, 2026 at 2:02 PM');
    expect(formatDate(new Date(2025, 4, 7, 9, 5).toISOString(), 'en', 'dateTime')).toBe('May 07, 2025 at 9:05 AM');
  });

  it('reads naturally in Spanish: day first, lower-case month, 24-hour clock', () => {
    expect(formatDate(iso, 'es')).toBe('22 nov 2026');
    expect(formatDate(iso, 'es', 'dateTime')).toBe('22 nov 2026, 14:02');
    expect(formatDate(new Date(2025, 0, 7, 9, 5).toISOString(), 'es-ES', 'dateTime')).toBe('7 ene 2025, 09:05');
  });

  it('shows an unreadable date as it came', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatDate('not a date', 'es', 'dateTime')).toBe('not a date');
  });
});
