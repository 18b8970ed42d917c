import { describe, expect, it } from 'vitest';
import { parseTables } from './bench-tables';

describe('parseTables', () => {
  it('reads every row of a section as its label and the numbers of each cell', () => {
    const section = [
      '## GET /api/matches',
      '',
      '| Database | Profiles | Requests | p50 ms | Server RSS MiB (peak) | p50 / p99 ms |',
      '|---|---:|---:|---:|---:|---|',
      '| PostgreSQL 15 | 100,000 | 7012 | 19.0 | 409 (512) | 1.5 / 30 |',
      '| PGlite | 1,000 | 3798 | – | 12 (14) | 2 / 4.25 |',
      '',
      'text between tables',
      '| a | b |',
      '|---|---|',
      '| x | 3 |',
    ].join('\n');
    const rows = parseTables(section);
    expect(rows.map((row) => row.label)).toEqual(['PostgreSQL 15 100,000', 'PGlite 1,000', 'x 3']);
    expect(rows[0]!.cells).toEqual([[15], [100000], [7012], [19], [409, 512], [1.5, 30]]);
    expect(rows[1]!.cells[3]).toEqual([]);
    expect(rows[2]!.headers).toEqual(['a', 'b']);
  });
});
