/**
 * Write-heavy benchmark (`npm run bench:writes`): the real server on a fresh embedded PostgreSQL data
 * directory, N clients each saving their own profile (POST /api/profile, one committed transaction
 * per request) as fast as answers come back, at several concurrencies. What it measures is the price
 * of a durable commit and how well group commit shares it (docs/decisions/014-postgresql-embedded.md).
 *
 *   npm run bench:writes [-- --seconds 5 --concurrency 1,4,16,32 --label "durable" --no-write]
 *
 * Prints a table and rewrites the `bench:writes` section of docs/benchmarks.md (unless --no-write).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { validProfileInput } from '../../src/server/test/fixtures';
import { openEmbedded } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { sql } from 'drizzle-orm';
import { machineLine, ms, percentile, startServer, writeBenchmarkSection } from './bench-utils';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '1,4,16,32' },
    label: { type: 'string', default: '' },
    'no-write': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const LEVELS = args.concurrency.split(',').map(Number);
const CLIENTS = Math.max(...LEVELS);

async function register(url: string, index: number): Promise<string> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `writer${index}@example.com`, password: 'bench writes password' }),
  });
  if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().find((c) => c.startsWith('sanga.sid='))!.split(';')[0]!;
}

async function saveProfile(url: string, cookie: string, version: number): Promise<void> {
  const valid = validProfileInput();
  const response = await fetch(`${url}/api/profile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(validProfileInput({ aboutYou: `${valid.aboutYou} v${version}` })),
  });
  if (!response.ok) throw new Error(`profile save: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

interface Row {
  concurrency: number;
  writes: number;
  perSecond: number;
  p50: number;
  p99: number;
}

async function level(url: string, cookies: string[], concurrency: number): Promise<Row> {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  let version = 0;
  const started = performance.now();
  await Promise.all(
    cookies.slice(0, concurrency).map(async (cookie) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await saveProfile(url, cookie, (version += 1));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { concurrency, writes: latencies.length, perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
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

async function main() {
  const dbTable = await databaseTable();
  console.log(`\n${dbTable}\n`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanga-bench-writes-'));
  delete process.env.DATABASE_URL;
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < CLIENTS; i += 1) cookies.push(await register(server.url, i));
    // Every client has a profile before timing: each timed save is an update of the same shape.
    await Promise.all(cookies.map((cookie) => saveProfile(server.url, cookie, 0)));
    const rows: Row[] = [];
    for (const concurrency of LEVELS) {
      const row = await level(server.url, cookies, concurrency);
      rows.push(row);
      console.log(`concurrency ${concurrency}: ${row.perSecond.toFixed(0)} writes/s, p50 ${ms(row.p50)} ms, p99 ${ms(row.p99)} ms`);
    }
    const table = [
      '| concurrent writers | acknowledged writes | writes/s | p50 ms | p99 ms |',
      '|---:|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${r.concurrency} | ${r.writes} | ${r.perSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} |`),
    ].join('\n');
    console.log(`\n${table}`);
    if (!args['no-write']) {
      writeBenchmarkSection(
        'bench:writes',
        [
          '## Durable writes on the embedded PostgreSQL (`npm run bench:writes`)',
          '',
          `Each writer saves its own profile (POST /api/profile, one committed transaction) in a loop for ${SECONDS} s; a 2xx`,
          "means the commit is on stable storage (PostgreSQL's own WAL flush and group commit; see",
          'docs/decisions/014-postgresql-embedded.md).',
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
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
