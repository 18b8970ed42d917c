import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Durable commits for the embedded database (docs/decisions/003-durable-embedded-commits.md).
 *
 * PGlite runs PostgreSQL compiled to WebAssembly over Emscripten's Node file system (NODEFS), and no
 * PostgreSQL flush reaches the disk there: PGlite starts it with `-F` (fsync off); without `-F`,
 * `fsync()` lands in NODEFS, which has no fsync operation, and `fdatasync()` (how PostgreSQL flushes
 * the WAL at commit on Linux) is a no-op in Emscripten. So a commit sat in the page cache only.
 *
 * This module puts the flushes back, in three parts:
 * 1. Every write to a file under pg_wal is noted (the WAL file is "dirty").
 * 2. `WalFlusher.flush()` makes every WAL byte written so far durable with an asynchronous
 *    `fdatasync` per dirty WAL file, with group commit: commits that finish while a flush is running
 *    share the next one. The database wrapper awaits it after each statement or transaction, before
 *    the caller hears back (see withDurableCommits); with nothing pending that costs nothing.
 * 3. PostgreSQL's own flushes of everything else (checkpoints, pg_control, new WAL segments,
 *    directories) become real synchronous `fsync` calls (we start it without `-F`), and the WAL is
 *    flushed first whenever a non-WAL file is written or flushed, which keeps PostgreSQL's rule that
 *    the WAL describing a change is on disk before the change itself.
 */

/** The parts of an Emscripten NODEFS stream this module reads. */
interface NodefsStream {
  nfd: number;
  node: unknown;
  /** Cached: is this a WAL file? */
  sangaWalPath?: string | null;
}
interface Nodefs {
  realPath(node: unknown): string;
  stream_ops: {
    write(stream: NodefsStream, ...rest: unknown[]): number;
    fsync?: (stream: NodefsStream) => number;
  };
}

export class WalFlusher {
  /** WAL files written since the last flush started. */
  private dirty = new Set<string>();
  /** WAL files the running flush is syncing (a synchronous flush must cover them too). */
  private flushing = new Set<string>();
  /** Counts WAL writes; `durable` is the count known to be on stable storage. */
  private writes = 0;
  private durable = 0;
  private running: Promise<void> | null = null;
  /** The write count the running flush covers. */
  private runningCovers = 0;
  private next: Promise<void> | null = null;
  private failure: Error | null = null;
  /** Flushes that went to the disk (fdatasync rounds), and how many callers waited for one. */
  readonly stats = { flushes: 0, waiters: 0 };

  /** Notes a write to a WAL file. */
  wrote(file: string): void {
    this.dirty.add(file);
    this.writes += 1;
  }

  /** A position in the WAL writes: pass it to flush() to wait for everything written up to it. */
  get written(): number {
    return this.writes;
  }

  /**
   * Resolves once the WAL writes up to `upTo` (default: all so far) are on stable storage. Group
   * commit: one fdatasync per dirty file serves every caller waiting at that moment, and callers that
   * arrive while it runs share the next one.
   */
  flush(upTo = this.writes): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (upTo <= this.durable) return Promise.resolve();
    this.stats.waiters += 1;
    if (this.running && upTo <= this.runningCovers) return this.running;
    if (!this.running) return this.start();
    this.next ??= this.running.then(
      () => this.start(),
      () => this.start(),
    );
    return this.next;
  }

  private start(): Promise<void> {
    this.next = null;
    if (this.failure) return Promise.reject(this.failure);
    const files = [...this.dirty];
    const covers = this.writes;
    this.dirty.clear();
    for (const file of files) this.flushing.add(file);
    const run = (async () => {
      if (files.length > 0) this.stats.flushes += 1;
      try {
        await Promise.all(files.map(syncFile));
        this.durable = Math.max(this.durable, covers);
      } catch (error) {
        // As PostgreSQL does after a failed fsync, stop: the kernel may have dropped the pages, and a
        // later fsync could say yes for data that is gone. Every later write is refused.
        this.failure = new Error(`WAL flush failed, refusing further writes: ${String(error)}`);
        throw this.failure;
      } finally {
        for (const file of files) this.flushing.delete(file);
      }
    })();
    this.running = run;
    this.runningCovers = covers;
    run.then(
      () => this.finished(run),
      () => this.finished(run),
    );
    return run;
  }

  private finished(run: Promise<void>): void {
    if (this.running === run) this.running = null;
  }

  /** Flushes every dirty or in-flight WAL file now, blocking: before a non-WAL file is written or synced. */
  flushSync(): void {
    if (this.dirty.size === 0 && this.flushing.size === 0) return;
    const covers = this.writes;
    for (const file of new Set([...this.flushing, ...this.dirty])) syncFileSync(file);
    this.dirty.clear();
    this.durable = Math.max(this.durable, covers);
  }
}

/** fdatasync by path, on a descriptor of our own: PostgreSQL may close its own at any time. */
async function syncFile(file: string): Promise<void> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (error) {
    // Renamed or removed since: WAL files go only after a checkpoint, which flushed them (flushSync).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

function syncFileSync(file: string): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    fs.fdatasyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** PGlite's start parameters without `-F`, so PostgreSQL asks for its checkpoint and control-file flushes. */
export function durableStartParams(defaults: readonly string[]): string[] {
  return defaults.filter((param) => param !== '-F');
}

/**
 * Hooks NODEFS's write and fsync operations of an open PGlite (they are shared by every file of the
 * mount), so WAL writes are noted and PostgreSQL's fsync calls reach the disk.
 */
export function installDurableFs(client: PGlite, pgdata: string, flusher: WalFlusher): void {
  const nodefs = (client.Module as unknown as { NODEFS?: Nodefs }).NODEFS;
  if (!nodefs) throw new Error('PGlite has no NODEFS: cannot make commits durable');
  const walDir = `${path.resolve(pgdata, 'pg_wal')}${path.sep}`;
  const ops = nodefs.stream_ops;
  const write = ops.write.bind(ops);
  const walPathOf = (stream: NodefsStream): string | null => {
    if (stream.sangaWalPath === undefined) {
      const file = nodefs.realPath(stream.node);
      stream.sangaWalPath = file.startsWith(walDir) ? file : null;
    }
    return stream.sangaWalPath;
  };
  ops.write = (stream, ...rest) => {
    const wal = walPathOf(stream);
    // WAL before data: a page, clog entry or control file never reaches the disk ahead of its WAL.
    if (wal === null) flusher.flushSync();
    const written = write(stream, ...rest);
    if (wal !== null) flusher.wrote(wal);
    return written;
  };
  ops.fsync = (stream) => {
    if (walPathOf(stream) === null) flusher.flushSync();
    fs.fsyncSync(stream.nfd);
    return 0;
  };
}

/** Flushes a whole directory tree once (files, then directories): what initdb or an earlier run left unflushed. */
export function syncTree(root: string): void {
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const fd = fs.openSync(full, 'r');
        try {
          fs.fsyncSync(fd);
        } finally {
          fs.closeSync(fd);
        }
      }
    }
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  };
  walk(root);
}

/** Methods that may write: after each, the WAL it wrote is flushed before the caller hears back. */
const WRITING = new Set<PropertyKey>(['query', 'exec', 'transaction', 'sql']);

/**
 * The PGlite client, every statement or transaction answering only once the WAL written so far is
 * on stable storage. A read when nothing is pending pays nothing.
 */
export function withDurableCommits(client: PGlite, flusher: WalFlusher): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!WRITING.has(property)) return method.bind(target);
      return async (...args: unknown[]) => {
        let result: unknown;
        try {
          result = await method.apply(target, args);
        } finally {
          // Every WAL write so far is flushed before the caller hears back, also after a failure.
          // A write thus answers only once its commit is durable; a read (no WAL of its own) waits
          // only when another caller's commit is still being flushed, so no query answers with data a
          // power loss could take back. With nothing pending this is one resolved promise.
          await flusher.flush();
        }
        return result;
      };
    },
  });
}
