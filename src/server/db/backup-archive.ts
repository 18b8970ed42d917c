import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { users } from './schema';
import { openEmbedded } from './client';
import { lockHolder } from './data-dir-lock';
import { requestSnapshot } from './snapshot-request';
import { takeSnapshot } from './snapshots';

/**
 * `npm run backup -- --out FILE` and `npm run restore -- FILE` for the embedded database (docs/deploy.md).
 *
 * The archive is one gzipped tar holding a snapshot as snapshots.ts writes it, plus what a restored install needs
 * to carry on as before:
 *
 *   sanga-backup.json   what this is (format, when, whether the photos are inside or in a bucket)
 *   pgdata.tar.gz       the database: an online base backup of the embedded PostgreSQL (base-backup.ts)
 *   objects/            the photos (DATA_DIR/objects), unless they live in an S3 bucket
 *   session-secret      DATA_DIR's generated secret, when there is one: without it every member is signed out and
 *                       every signed photo link changes. The archive holds every member's private data anyway, so
 *                       it is written readable by its owner only; keep it like the database itself.
 *
 * The archive is made with the system's tar (GNU tar or bsdtar): the same tool the documented manual restore of a
 * snapshot uses.
 */
export const BACKUP_FORMAT = 1;
const MANIFEST = 'sanga-backup.json';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** 'included': objects/ holds the photos; 'bucket': they are in S3_BUCKET, backed up by its versioning. */
  photos: 'included' | 'bucket';
}

export class BackupError extends Error {}

/** The snapshot: asked of the running server that holds the data folder, or taken here when none does. */
async function snapshotOf(dataDir: string, keep: number): Promise<{ folder: string; how: 'running server' | 'stopped server' }> {
  const pid = lockHolder(dataDir);
  if (pid !== undefined) return { folder: await requestSnapshot(dataDir, pid), how: 'running server' };
  // Opening takes the lock: a server started meanwhile refuses to start until this is done (and says so).
  const database = await openEmbedded(dataDir, { migrate: false, notice: () => undefined });
  try {
    return { folder: await takeSnapshot({ dataDir, dumpDatabase: database.dump! }, keep), how: 'stopped server' };
  } finally {
    await database.close();
  }
}

/** Writes the archive of the embedded database and photos in `dataDir` to `out`; answers how the snapshot was taken. */
export async function writeBackup(options: { dataDir: string; out: string; keep: number; photosInBucket: boolean }): Promise<{ folder: string; how: string }> {
  const { dataDir, keep, photosInBucket } = options;
  const out = path.resolve(options.out);
  if (!existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (DATA_DIR) to back up.`);
  }
  const snapshot = await snapshotOf(dataDir, keep);
  const staging = mkdtempSync(path.join(tmpdir(), 'sanga-backup-'));
  try {
    const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), photos: photosInBucket ? 'bucket' : 'included' };
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const extras = [MANIFEST];
    if (existsSync(path.join(dataDir, 'session-secret'))) {
      cpSync(path.join(dataDir, 'session-secret'), path.join(staging, 'session-secret'));
      extras.push('session-secret');
    }
    const inSnapshot = ['pgdata.tar.gz', ...(!photosInBucket && existsSync(path.join(snapshot.folder, 'objects')) ? ['objects'] : [])];
    const partial = `${out}.partial`;
    mkdirSync(path.dirname(out), { recursive: true });
    // Created owner-only before tar writes into it: the archive is never readable by others, not even for a moment.
    writeFileSync(partial, '', { mode: 0o600 });
    chmodSync(partial, 0o600);
    execFileSync('tar', ['-czf', partial, '-C', snapshot.folder, ...inSnapshot, '-C', staging, ...extras], { stdio: ['ignore', 'ignore', 'pipe'] });
    renameSync(partial, out);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return snapshot;
}

/** What a restore found. */
export interface RestoreSummary {
  manifest: BackupManifest;
  users: number;
  photos: number;
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => sum + (entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1), 0);
}

/**
 * Unpacks an archive into `dataDir`, which must be empty or absent (restoring over a live install would mix two
 * databases' files), and opens the restored database once to prove it. On any failure the folder is emptied again.
 */
export async function restoreBackup(options: { file: string; dataDir: string }): Promise<RestoreSummary> {
  const { dataDir } = options;
  const file = path.resolve(options.file);
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupError(`DATA_DIR ${dataDir} is not empty: a backup is restored into an empty folder only. Move the old one aside first.`);
  }
  mkdirSync(dataDir, { recursive: true });
  const staging = path.join(dataDir, '.restoring');
  try {
    mkdirSync(staging);
    execFileSync('tar', ['-xzf', file, '-C', staging], { stdio: ['ignore', 'ignore', 'pipe'] });
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(staging, MANIFEST), 'utf8')) as BackupManifest;
    } catch {
      throw new BackupError(`${file} is not a Sanga backup (no ${MANIFEST} inside).`);
    }
    if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} has backup format ${String(manifest.format)}; this version reads ${BACKUP_FORMAT}.`);
    const pgdata = path.join(dataDir, 'pg');
    mkdirSync(pgdata, { recursive: true, mode: 0o700 });
    execFileSync('tar', ['-xzf', path.join(staging, 'pgdata.tar.gz'), '-C', pgdata], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (existsSync(path.join(staging, 'objects'))) renameSync(path.join(staging, 'objects'), path.join(dataDir, 'objects'));
    if (existsSync(path.join(staging, 'session-secret'))) {
      renameSync(path.join(staging, 'session-secret'), path.join(dataDir, 'session-secret'));
      chmodSync(path.join(dataDir, 'session-secret'), 0o600);
    }
    rmSync(staging, { recursive: true, force: true });
    // Opening replays the backup's WAL to its end (a checkpoint then writes the result to disk) and proves it starts.
    const database = await openEmbedded(dataDir, { migrate: false, notice: () => undefined });
    try {
      const [row] = await database.db.select({ count: count() }).from(users);
      return { manifest, users: row?.count ?? 0, photos: countFiles(path.join(dataDir, 'objects')) };
    } finally {
      await database.close();
    }
  } catch (error) {
    for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    throw error;
  }
}
