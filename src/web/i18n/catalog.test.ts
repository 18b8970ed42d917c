import { describe, expect, it } from 'vitest';
import { flattenKeys } from './catalog';
import { resources } from './resources';

// With the verification screens' words, which the app loads with those screens (screen-texts.ts).
const en = resources.en.translation;
const es = resources.es.translation;

describe('translation catalogs', () => {
  const enKeys = flattenKeys(en).sort();
  const esKeys = flattenKeys(es).sort();

  it('have the same keys in English and Spanish', () => {
    expect(esKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !esKeys.includes(key))).toEqual([]);
  });

  it('have no empty strings', () => {
    const empty = (catalog: unknown) =>
      flattenKeys(catalog).filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog);
        return typeof value !== 'string' || value.trim() === '';
      });
    expect(empty(en)).toEqual([]);
    expect(empty(es)).toEqual([]);
  });

  it('use the same interpolation variables in both languages', () => {
    const vars = (catalog: unknown, key: string) => {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog);
      // `{{count, number}}` and `{{size, number(...)}}` name their variable before the comma.
      return [...String(value).matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1]).sort();
    };
    for (const key of enKeys) expect(vars(es, key), key).toEqual(vars(en, key));
  });
});
