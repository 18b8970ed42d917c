import { describe, expect, it } from 'vitest';
import { flattenPages, nextPageOffset, pageUrl } from './api-page';

describe('apiPage helpers', () => {
  it('puts only the set parameters in the address', () => {
    expect(pageUrl('/api/x', { offset: 0 })).toBe('/api/x?offset=0');
    expect(pageUrl('/api/x', { q: '  ', status: undefined, limit: 50, offset: 0 })).toBe('/api/x?limit=50&offset=0');
    expect(pageUrl('/api/x', { filter: 'waiting', q: ' ana ', limit: 50, offset: 100 })).toBe('/api/x?filter=waiting&q=ana&limit=50&offset=100');
  });

  it('pages on until the total is loaded, and drops an item seen on an earlier page', () => {
    const page = (ids: string[], total: number) => ({ items: ids.map((id) => ({ id })), total });
    expect(nextPageOffset([page(['a', 'b'], 3)])).toBe(2);
    expect(nextPageOffset([page(['a', 'b'], 3), page(['c'], 3)])).toBeUndefined();
    expect(flattenPages([page(['a', 'b'], 4), page(['b', 'c'], 4)], (item) => item.id).map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });
});
