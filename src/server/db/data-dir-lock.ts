import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    public readonly dir: string,
    public readonly pid: number,
  ) {
    super(`The data directory ${dir} is in use by another Sanga process (pid ${pid}). Stop it first.`);
  }
}

/**
 * What the lock file says: the holder's pid, and (Linux) when that process started and in which boot, as
 * PostgreSQL's postmaster.pid does. A pid alone is not enough: a killed process stays a zombie until its parent
 * reaps it (its pid still "alive" to kill(pid, 0)), and after a container restart the old pid may belong to another
 * live process. The start time (/proc/<pid>/stat, clock ticks since boot) tells the holder from a stranger.
 */
interface LockRecord {
  pid: number;
  startTime?: string;
  bootId?: string;
}

const LOCK_FILE = 'sanga.lock';

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const bootId = () => readProc('/proc/sys/kernel/random/boot_id')?.trim();
/** Whether this system has /proc to ask (Linux); elsewhere only kill(pid, 0) can be asked. */
const hasProc = () => readProc('/proc/self/stat') !== undefined;

/** State and start time of a process from /proc/<pid>/stat (fields 3 and 22; the name in field 2 may hold spaces). */
export function processStat(pid: number): { state: string; startTime: string } | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}

function killZero(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process a lock file names is the live process that wrote it. */
function holderAlive(record: LockRecord): boolean {
  if (!hasProc()) return killZero(record.pid);
  const stat = processStat(record.pid);
  // Gone, or a zombie (killed, not yet reaped) or dying: it holds nothing.
  if (!stat || stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return false;
  if (record.startTime !== undefined) {
    if (record.bootId !== undefined && record.bootId !== bootId()) return false;
    return stat.startTime === record.startTime;
  }
  // A lock written by an older version (a pid alone): held only while that pid is still a node process.
  const argv0 = readProc(`/proc/${record.pid}/cmdline`)?.split('\0')[0] ?? '';
  return /(^|\/)node[^/]*$/.test(argv0);
}

function parseRecord(text: string): LockRecord | undefined {
  const [pidLine, startTime, boot] = text.split('\n').map((line) => line.trim());
  const pid = Number.parseInt(pidLine ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, startTime: startTime || undefined, bootId: boot || undefined };
}

function ownRecord(): string {
  const stat = processStat(process.pid);
  return stat ? `${process.pid}\n${stat.startTime}\n${bootId() ?? ''}\n` : `${process.pid}\n`;
}

/**
 * Takes an exclusive lock on an embedded database directory: a file naming this process (pid, start time, boot).
 * A lock whose holder is dead, a zombie, or another process that got its pid is taken over; a live holder makes
 * this throw. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine = ownRecord();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, mine);
      } finally {
        closeSync(fd);
      }
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) rmSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue; // Vanished between open and read: try again.
      }
      const record = parseRecord(text);
      if (record && record.pid !== process.pid && holderAlive(record)) throw new DataDirLockedError(dir, record.pid);
      removeStale(file, text);
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}

/**
 * Moves a stale lock out of the way, atomically: if another starting process replaced it with its own fresh lock
 * in the meantime, that one is put back and we stop, rather than both believing they hold the directory.
 */
function removeStale(file: string, staleText: string): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // Someone else moved it: the next attempt sees what is there now.
  }
  const moved = readProc(aside);
  if (moved !== undefined && moved !== staleText) {
    try {
      linkSync(aside, file);
    } catch {
      // A third lock is already there: the next attempt judges it.
    }
    rmSync(aside, { force: true });
    const record = parseRecord(moved);
    throw new DataDirLockedError(path.dirname(file), record?.pid ?? 0);
  }
  rmSync(aside, { force: true });
}

/** The pid of the live process holding the lock on `dir`, if any (`npm run backup` asks it for a snapshot). */
export function lockHolder(dir: string): number | undefined {
  const text = readProc(path.join(dir, LOCK_FILE));
  const record = text === undefined ? undefined : parseRecord(text);
  return record && holderAlive(record) ? record.pid : undefined;
}
