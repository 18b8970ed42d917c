import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockHolder, processStat } from './data-dir-lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sanga-lock-'));
  dirs.push(dir);
  return dir;
};
const linux = existsSync('/proc/self/stat');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A script that takes the lock on argv[2] with this module, prints its pid, and waits to be killed. */
function holderScript(dir: string): string {
  const file = path.join(dir, 'holder.mts');
  const lockModule = path.resolve('src/server/db/data-dir-lock.ts');
  writeFileSync(file, `import { lockDataDir } from ${JSON.stringify(lockModule)};\nlockDataDir(process.argv[2]);\nconsole.log(process.pid);\nsetInterval(() => {}, 1000);\n`);
  return file;
}

async function firstLine(child: ChildProcess): Promise<string> {
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
    });
    child.on('exit', () => reject(new Error(`exited before printing: ${out}`)));
  });
}

describe('data directory lock', () => {
  it('names our pid in the file and removes it on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'sanga.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'sanga.lock'))).toBe(false);
  });

  it('refuses a directory locked by another live server process', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['--import', 'tsx', holderScript(tempDir()), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(other);
    const pid = Number(await firstLine(other));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(lockHolder(dir)).toBe(pid);
    expect(readFileSync(path.join(dir, 'sanga.lock'), 'utf8').split('\n')[0]).toBe(String(pid));
  }, 30_000);

  it('refuses a lock written by an older version (a pid alone) while that pid is a live node process', () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    children.push(other);
    writeFileSync(path.join(dir, 'sanga.lock'), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(dir, 'sanga.lock'), String(dead.pid));
    const release = lockDataDir(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    release();
  });

  it.skipIf(!linux)('takes over the lock of a killed holder that is still a zombie (its parent has not reaped it)', async () => {
    const dir = tempDir();
    // sh starts the holder in the background and becomes `sleep`, which never waits for it: once killed, the
    // holder stays a zombie, its pid still answering kill(pid, 0), as under an init that is slow to reap.
    const group = spawn('sh', ['-c', `"${process.execPath}" --import tsx "${holderScript(tempDir())}" "${dir}" & exec sleep 60`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(group);
    const pid = Number(await firstLine(group));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 50 && processStat(pid)?.state !== 'Z'; i++) await sleep(10);
    expect(processStat(pid)?.state).toBe('Z');
    expect(lockHolder(dir)).toBeUndefined();
    const release = lockDataDir(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    release();
  }, 30_000);

  it.skipIf(!linux)('takes over a stale lock whose pid now belongs to an unrelated live process (a container restart)', () => {
    const dir = tempDir();
    const stranger = spawn('sleep', ['30']);
    children.push(stranger);
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    // The pid is alive, but it is not the process that wrote the lock: its start time differs.
    writeFileSync(path.join(dir, 'sanga.lock'), `${stranger.pid}\n1\n${bootId}\n`);
    expect(lockHolder(dir)).toBeUndefined();
    lockDataDir(dir)();
    // A pid alone naming a live process that is not node (an older version's lock, its pid reused) is stale too.
    writeFileSync(path.join(dir, 'sanga.lock'), String(stranger.pid));
    lockDataDir(dir)();
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
