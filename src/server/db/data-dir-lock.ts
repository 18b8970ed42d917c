import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    public readonly dir: string,
    public readonly pid: number,
  ) {
    super(`The data directory ${dir} is in use by another Sanga process (pid ${pid}). Stop it first.`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on an embedded database directory: a file holding our pid.
 * A lock left by a dead process is taken over; a live holder makes this throw.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'sanga.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = Number.NaN;
      try {
        holder = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      } catch {
        // Vanished between open and read: try again.
      }
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dir, holder);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}

/** The pid of the live process holding the lock on `dir`, if any (`npm run backup` asks it for a snapshot). */
export function lockHolder(dir: string): number | undefined {
  let holder: number;
  try {
    holder = Number.parseInt(readFileSync(path.join(dir, 'sanga.lock'), 'utf8').trim(), 10);
  } catch {
    return undefined;
  }
  return Number.isInteger(holder) && holder > 0 && isAlive(holder) ? holder : undefined;
}
