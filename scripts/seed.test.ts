import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '#server/db/data-dir-lock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run seed`'s script on a data folder; answers its exit code and what it wrote to stderr. */
function runSeed(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'seed.ts'), '--profiles', '1'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('npm run seed while the server runs', () => {
  it('says so in one line, with no stack trace, and changes nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sanga-seed-'));
    dirs.push(dataDir);
    // This test process stands for the running server: it holds the embedded database's folder, as the server does.
    const release = lockDataDir(dataDir);
    try {
      const { code, stderr } = await runSeed(dataDir);
      expect(code).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines).toEqual([expect.stringContaining(`the Sanga server (pid ${process.pid}) is running on this database`)]);
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      release();
    }
  });
});
