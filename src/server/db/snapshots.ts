import { closeSync, cpSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Scheduled snapshots of a single-machine install (BACKUP_EVERY, BACKUP_KEEP): the embedded
 * database and the photos, into DATA_DIR/backups/<UTC time>/:
 *
 *   pgdata.tar.gz   an online base backup of the embedded PostgreSQL (base-backup.ts; paths relative to DATA_DIR/pg):
 *                   backup_label and the WAL it needs included, so it starts like pg_basebackup's copy (docs/deploy.md)
 *   objects/        a copy of DATA_DIR/objects (photos are written once and never changed in place)
 *
 * A snapshot is written under a hidden name and renamed when complete, so a folder without the dot
 * is always whole. The newest `keep` are kept, and none older than `maxAgeDays` (BACKUP_MAX_AGE_DAYS, default 30):
 * a snapshot holds the data of members deleted since, so its age bounds how long a deletion takes to reach every
 * copy on this machine (docs/privacy.md). main.ts also prunes by age with the hourly purge, snapshots or not.
 */

/** BACKUP_MAX_AGE_DAYS's default. */
export const DEFAULT_SNAPSHOT_MAX_AGE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When a snapshot folder was taken, from its name. */
function snapshotTime(name: string): number {
  const [, date, hours, minutes, seconds] = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})/.exec(name) ?? [];
  return Date.parse(`${date}T${hours}:${minutes}:${seconds}Z`);
}

/** Folder names sort by time: 2026-11-23T03-10-00Z. */
const SNAPSHOT_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(-\d+)?Z$/;

function fsyncPath(target: string): void {
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export interface SnapshotSource {
  dataDir: string;
  /** Writes the database to `file` as a gzipped tar (base-backup.ts). */
  dumpDatabase(file: string): Promise<void>;
}

/** Writes one snapshot and prunes old ones; answers the new snapshot's folder. */
export async function takeSnapshot(source: SnapshotSource, keep: number, now = new Date(), maxAgeDays = DEFAULT_SNAPSHOT_MAX_AGE_DAYS): Promise<string> {
  const backups = path.join(source.dataDir, 'backups');
  mkdirSync(backups, { recursive: true });
  let name = now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
  for (let n = 2; existsSync(path.join(backups, name)); n += 1) name = name.replace(/(-\d+)?Z$/, `-${n}Z`);
  const partial = path.join(backups, `.${name}.partial`);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial);
  const tarball = path.join(partial, 'pgdata.tar.gz');
  await source.dumpDatabase(tarball);
  fsyncPath(tarball);
  const objects = path.join(source.dataDir, 'objects');
  if (existsSync(objects)) cpSync(objects, path.join(partial, 'objects'), { recursive: true });
  fsyncPath(partial);
  const done = path.join(backups, name);
  renameSync(partial, done);
  fsyncPath(backups);
  pruneSnapshots(backups, keep, { maxAgeDays, now });
  return done;
}

/** When the newest complete snapshot in DATA_DIR/backups was taken (from its name), or null when there is none. */
export function latestSnapshotAt(dataDir: string): Date | null {
  const backups = path.join(dataDir, 'backups');
  if (!existsSync(backups)) return null;
  const newest = readdirSync(backups).filter((entry) => SNAPSHOT_NAME.test(entry)).sort().at(-1);
  if (!newest) return null;
  // 2026-11-26T03-40-00Z (or -2Z for a second one that second) back to an ISO time.
  const [, day, hours, minutes, seconds] = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})/.exec(newest)!;
  return new Date(`${day}T${hours}:${minutes}:${seconds}Z`);
}

/**
 * Removes all but the newest `keep` complete snapshots, those older than `maxAgeDays` (when given), and any partial
 * one left by a crash (only when `partials` is not false: the hourly age prune must not remove one being written).
 */
export function pruneSnapshots(backups: string, keep: number, age?: { maxAgeDays: number; now: Date; partials?: boolean }): string[] {
  if (!existsSync(backups)) return [];
  const entries = readdirSync(backups);
  const complete = entries.filter((entry) => SNAPSHOT_NAME.test(entry)).sort();
  const cutoff = age ? age.now.getTime() - age.maxAgeDays * DAY_MS : -Infinity;
  const removed = [
    ...complete.filter((entry, index) => index < complete.length - keep || snapshotTime(entry) < cutoff),
    ...(age?.partials === false ? [] : entries.filter((entry) => entry.endsWith('.partial'))),
  ];
  for (const entry of removed) rmSync(path.join(backups, entry), { recursive: true, force: true });
  return removed;
}

/**
 * Snapshots one at a time: a scheduled one and one asked for by `npm run backup` (snapshot-request.ts) must not
 * write and prune the backups folder at once (a prune removes a `.partial` folder it finds).
 */
export function serialSnapshots(source: SnapshotSource, keep: number, maxAgeDays = DEFAULT_SNAPSHOT_MAX_AGE_DAYS): () => Promise<string> {
  let last: Promise<unknown> = Promise.resolve();
  return () => {
    const next = last.then(() => takeSnapshot(source, keep, new Date(), maxAgeDays));
    last = next.catch(() => undefined);
    return next;
  };
}

/**
 * Calls `take` every `everyMs`, skipping a turn while the previous one runs; answers the function that stops it, whose
 * promise settles once a snapshot already under way has ended (so a test, or a shutdown that waits, does not close the
 * database under it).
 */
export function scheduleSnapshots(
  take: () => Promise<string>,
  options: { everyMs: number; onDone: (folder: string) => void; onError: (error: unknown) => void },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = take()
      .then(options.onDone, options.onError)
      .finally(() => (running = null));
  }, options.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
