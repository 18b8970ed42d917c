import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockHolder } from './data-dir-lock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sanga-lock-'));
  dirs.push(dir);
  return dir;
};

describe('data directory lock', () => {
  it('writes our pid and removes the file on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'sanga.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'sanga.lock'))).toBe(false);
  });

  it('refuses a directory held by another live process', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path.join(dir, 'sanga.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(readFileSync(path.join(dir, 'sanga.lock'), 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(dir, 'sanga.lock'), String(dead.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'sanga.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('names the live holder, and nobody for a free folder or a lock left by a dead process', async () => {
    const dir = tempDir();
    expect(lockHolder(dir)).toBeUndefined();
    const release = lockDataDir(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    release();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(dir, 'sanga.lock'), String(dead.pid));
    expect(lockHolder(dir)).toBeUndefined();
  });
});
