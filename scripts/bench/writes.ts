/**
 * Write-heavy benchmark (`npm run bench:writes`): the real server on a fresh embedded PostgreSQL data directory, N
 * clients each writing as fast as answers come back, at several concurrencies, for three writes a member makes:
 * signing up (POST /api/auth/register: a password hash and a verification mail queued), saving their profile
 * (POST /api/profile) and sending a message (POST /api/messages: stored, a notice queued, delivered live). Each
 * answer means one committed transaction. What it measures is the price of a durable commit and how well group
 * commit shares it (docs/decisions/014-postgresql-embedded.md); then the database alone, durable commits off and on.
 *
 *   npm run bench:writes [-- --seconds 5 --concurrency 1,10 --ops signup,profile,message --label "durable" --no-write]
 *
 * Prints tables and rewrites the `bench:writes` section of docs/benchmarks.md (unless --no-write).
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { validProfileInput } from '#server/test/fixtures';
import { openEmbedded } from '#server/db/client';
import { profiles, users } from '#server/db/schema';
import { createRng, seedProfiles } from '../seed-data';
import { openFreshBenchDatabase, writeBenchSessions } from './bench-db';
import { machineLine, ms, percentile, startServer, writeBenchmarkSection } from './bench-utils';

const operations = ['signup', 'profile', 'message'] as const;
type Operation = (typeof operations)[number];

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '1,10' },
    ops: { type: 'string', default: operations.join(',') },
    label: { type: 'string', default: '' },
    'no-write': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const LEVELS = args.concurrency.split(',').map(Number);
const CLIENTS = Math.max(...LEVELS);
const OPS = args.ops.split(',').filter((op): op is Operation => (operations as readonly string[]).includes(op));
/** Message senders: enough that none meets the 30-a-minute sending limit within a run. */
const SENDERS = 2000;

async function post(url: string, route: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
}

let accounts = 0;
/** Signs up a new person; answers their session cookie. */
async function register(url: string): Promise<string> {
  const response = await post(url, '/api/auth/register', { email: `writer${(accounts += 1)}@example.com`, password: 'bench writes password' });
  if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().find((c) => c.startsWith('sanga.sid='))!.split(';')[0]!;
}

async function saveProfile(url: string, cookie: string, version: number): Promise<void> {
  const valid = validProfileInput();
  const response = await post(url, '/api/profile', validProfileInput({ aboutYou: `${valid.aboutYou} v${version}` }), cookie);
  if (!response.ok) throw new Error(`profile save: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

interface People {
  /** Signed up before timing, each with a profile: each timed save is an update of the same shape. */
  writers: string[];
  /** Seeded members who may write to each other (active, flexible about age), by gender, with their cookies. */
  men: string[];
  women: string[];
  cookies: Map<string, string>;
}

let sent = 0;
/** One write of the kind, by client number `client` of the level. */
async function write(op: Operation, url: string, people: People, client: number, concurrency: number): Promise<void> {
  if (op === 'signup') {
    await register(url);
    return;
  }
  if (op === 'profile') {
    await saveProfile(url, people.writers[client]!, (sent += 1));
    return;
  }
  // Each client sends from its own slice of the senders, in turn, to someone of the other gender.
  const n = (sent += 1);
  const fromMan = n % 2 === 0;
  const senders = fromMan ? people.men : people.women;
  const receivers = fromMan ? people.women : people.men;
  const sender = senders[(client + concurrency * Math.floor(n / 2)) % senders.length]!;
  const receiver = receivers[(n * 7919) % receivers.length]!;
  const response = await post(url, '/api/messages', { receiverId: receiver, content: `Hare Krishna ${n}` }, people.cookies.get(sender));
  if (response.status !== 201) throw new Error(`message: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

interface Row {
  op: Operation;
  concurrency: number;
  writes: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

async function level(op: Operation, url: string, people: People, concurrency: number): Promise<Row> {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await write(op, url, people, client, concurrency);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { op, concurrency, writes: latencies.length, perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

interface DbRow {
  durable: boolean;
  concurrency: number;
  commits: number;
  perSecond: number;
  p50: number;
  flushes: number;
}

/**
 * The database alone, in this process: `concurrency` workers each committing one-row INSERTs in a
 * loop, with fsync and synchronous_commit off and on. Commits per flush shows group commit.
 */
async function dbLevel(durable: boolean, concurrency: number): Promise<DbRow> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sanga-bench-db-writes-'));
  const database = await openEmbedded(dir, { durable, notice: () => undefined });
  // PostgreSQL's own count of WAL flushes (pg_stat_io, reported by every process within a second or so).
  const walFlushes = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const { rows } = (await database.db.execute(sql`select coalesce(sum(fsyncs), 0)::int as n from pg_stat_io where object = 'wal'`)) as unknown as { rows: Array<{ n: number }> };
    return rows[0]?.n ?? 0;
  };
  try {
    const latencies: number[] = [];
    let n = 0;
    const flushesBefore = await walFlushes();
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          await database.db.insert(users).values({ email: `db-writer-${(n += 1)}@example.com`, passwordHash: 'x' });
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const flushes = (await walFlushes()) - flushesBefore;
    return { durable, concurrency, commits: latencies.length, perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), flushes };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function databaseTable(): Promise<string> {
  const rows: DbRow[] = [];
  for (const concurrency of [1, 16]) {
    for (const durable of [false, true]) {
      const row = await dbLevel(durable, concurrency);
      rows.push(row);
      console.log(`database only, durable ${durable}, concurrency ${concurrency}: ${row.perSecond.toFixed(0)} commits/s, ${row.flushes} flushes`);
    }
  }
  return [
    '| durable commits | concurrent writers | commits | commits/s | p50 ms | WAL flushes | commits per flush |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.durable ? 'on' : 'off (fsync, synchronous_commit off)'} | ${r.concurrency} | ${r.commits} | ${r.perSecond.toFixed(0)} | ${ms(r.p50)} | ${r.durable ? r.flushes : '–'} | ${r.durable && r.flushes ? (r.commits / r.flushes).toFixed(1) : '–'} |`,
    ),
  ].join('\n');
}

const opNames: Record<Operation, string> = {
  signup: 'sign up (POST /api/auth/register)',
  profile: 'save profile (POST /api/profile)',
  message: 'send a message (POST /api/messages)',
};

/** The HTTP writes on the real server: its database seeded with members who may write to each other. */
async function httpTable(): Promise<string> {
  const secret = randomBytes(32).toString('hex');
  const { database, env, cleanup } = await openFreshBenchDatabase('embedded', 'sanga_bench_writes');
  const seeded = await seedProfiles(database.db, { count: SENDERS, rng: createRng(11), realPhotos: false, passwordHash: 'unused', emailPrefix: 'sender' });
  await database.db.update(profiles).set({ ageFlexibility: 'flexible' });
  const genders = new Map((await database.db.select({ userId: profiles.userId, gender: profiles.gender }).from(profiles)).map((p) => [p.userId, p.gender]));
  const cookies = await writeBenchSessions(database, secret, seeded);
  await database.close();
  // Every sign-up comes from this one address: the per-address limit is lifted for the run.
  const server = await startServer({ ...env, SESSION_SECRET: secret, SIGNUPS_PER_IP_PER_HOUR: '100000' });
  try {
    const writers: string[] = [];
    for (let i = 0; i < CLIENTS; i += 1) writers.push(await register(server.url));
    await Promise.all(writers.map((cookie) => saveProfile(server.url, cookie, 0)));
    const people: People = { writers, men: seeded.filter((id) => genders.get(id) === 'man'), women: seeded.filter((id) => genders.get(id) === 'woman'), cookies };
    const rows: Row[] = [];
    for (const op of OPS) {
      for (const concurrency of LEVELS) {
        const row = await level(op, server.url, people, concurrency);
        rows.push(row);
        console.log(`${op}, ${concurrency} clients: ${row.perSecond.toFixed(0)} writes/s, p50 ${ms(row.p50)} ms, p95 ${ms(row.p95)} ms, p99 ${ms(row.p99)} ms`);
      }
    }
    return [
      '| write | concurrent clients | acknowledged writes | writes/s | p50 ms | p95 ms | p99 ms |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${opNames[r.op]} | ${r.concurrency} | ${r.writes} | ${r.perSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} |`),
    ].join('\n');
  } finally {
    await server.stop();
    await cleanup();
  }
}

async function main() {
  delete process.env.DATABASE_URL;
  const table = await httpTable();
  console.log(`\n${table}\n`);
  const dbTable = await databaseTable();
  console.log(`\n${dbTable}\n`);
  if (args['no-write']) return;
  writeBenchmarkSection(
    'bench:writes',
    [
      '## Durable writes on the embedded PostgreSQL (`npm run bench:writes`)',
      '',
      `Each client writes in a loop for ${SECONDS} s: it signs up a new person, saves its own profile, or sends a message`,
      `from one of ${SENDERS} seeded members to one of the other gender. A 2xx means the commit is on stable storage`,
      "(PostgreSQL's own WAL flush and group commit; see docs/decisions/014-postgresql-embedded.md). A sign-up is",
      'mostly its password hash (argon2id, slow on purpose).',
      `${args.label ? `Run: ${args.label}. ` : ''}Machine: ${machineLine()}, data directory on ${tmpdir()}.`,
      '',
      table,
      '',
      'On a 2-core machine shared with other work, the HTTP figures swing by half between runs (CPU-bound: validation,',
      'JSON, match keys); the table below, with durable commits off and on measured in one run, is the comparison to read.',
      '',
      'The database alone (one-row INSERT transactions through Drizzle in one process, no HTTP), durable commits off',
      'and on, on the same machine in the same run:',
      '',
      dbTable,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
