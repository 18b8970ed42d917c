import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm run seed', () => {
  it('refuses to run with NODE_ENV=production (it creates a demo account with a published password) and touches no database', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sanga-seed-'));
    try {
      const { DATABASE_URL: _ignored, ...env } = process.env;
      const run = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('scripts/seed.ts'), '--profiles', '1'], {
        env: { ...env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('refuses to run with NODE_ENV=production');
      expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
      expect(readdirSync(dataDir).filter((name) => name !== 'session-secret')).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
