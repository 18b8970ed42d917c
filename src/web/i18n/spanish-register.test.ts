import { describe, expect, it } from 'vitest';
import { vosotrosWords } from '../../domain/spanish-register';
import { flattenKeys } from './catalog';
import es from './es';

/** Issue #32: every Spanish text of the web app speaks "ustedes", never "vosotros" (the mails: server/mail). */
describe('the Spanish catalog', () => {
  it('has no vosotros pronoun or verb form', () => {
    const text = (key: string) => String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], es));
    const keys = flattenKeys(es);
    expect(keys.length).toBeGreaterThan(500);
    expect(keys.flatMap((key) => vosotrosWords(text(key)).map((word) => `${key}: ${word}`))).toEqual([]);
  });
});
