import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate (spec §9)', () => {
  const iso = new Date(2025, 4, 7, 14, 5).toISOString();

  it('shows creation and submission dates in English', () => {
    expect(formatDate(iso, 'MMM dd, yyyy', 'en')).toBe('May 07, 2025');
    expect(formatDate(iso, "MMM dd, yyyy 'at' h:mm a", 'en')).toBe('May 07, 2025 at 2:05 PM');
  });

  it('uses the Spanish locale in Spanish', () => {
    expect(formatDate(new Date(2025, 0, 7).toISOString(), 'MMM dd, yyyy', 'es')).toBe('ene 07, 2025');
  });

  it('shows an unreadable date as it came', () => {
    expect(formatDate('not a date', 'MMM dd, yyyy', 'en')).toBe('not a date');
  });
});
