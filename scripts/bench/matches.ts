// npm run bench:matches — p50/p95/p99 latency and server memory of GET /api/matches with 10 concurrent
// signed-in users, at 1k, 10k and 100k profiles, on the embedded PostgreSQL and (with DATABASE_URL) on a PostgreSQL
// server. BENCH_DB=postgres or BENCH_DB=embedded measures one of them.
// Options: --sizes 1000,10000,100000 --seconds 15 --concurrency 10
//          --query 'minAge=25&maxAge=40&country=USA' measures the list narrowed so (its own section of the doc).
import { parseArgs } from 'node:util';
import { createRng, DEMO_PASSWORD, hashDemoPassword, seedProfiles } from '../seed-data';
import { openFreshBenchDatabase } from './bench-db';
import { httpGet, machineLine, mib, ms, percentile, processMemory, processTreeMemory, signIn, startServer, writeBenchmarkSection } from './bench-utils';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    seconds: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '10' },
    query: { type: 'string', default: '' },
  },
});
/** What narrows the list (GET /api/matches?…), or '' for the whole list. */
const query = values.query.replace(/^\?/, '');
const matchesPath = query ? `/api/matches?${query}` : '/api/matches';
const sizes = values.sizes.split(',').map(Number);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const postgresUrl = process.env.DATABASE_URL;

interface Row {
  db: string;
  profiles: number;
  seedSeconds: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rss: number;
  peak: number;
  /** The server with the embedded PostgreSQL processes it started (PSS); null for an outside PostgreSQL server. */
  treePss: number | null;
}

async function measure(kind: 'embedded' | 'postgres', size: number): Promise<Row> {
  const { database, env, cleanup } = await openFreshBenchDatabase(kind, `sanga_bench_${size}`, postgresUrl);
  const seedStarted = Date.now();
  const passwordHash = await hashDemoPassword();
  const ids = await seedProfiles(database.db, {
    count: size,
    rng: createRng(size),
    realPhotos: false,
    passwordHash,
    emailPrefix: 'bench',
    onProgress: (done) => process.stdout.write(`\r  ${kind} ${size}: seeded ${done}`),
  });
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  process.stdout.write('\n');
  const { users } = await import('#server/db/schema');
  const { inArray } = await import('drizzle-orm');
  const viewers = await database.db.select({ email: users.email }).from(users).where(inArray(users.id, ids.slice(0, concurrency)));
  if (kind === 'postgres') await (database as { db: { execute: (q: unknown) => Promise<unknown> } }).db.execute('ANALYZE');
  await database.close();

  const server = await startServer(env);
  try {
    const cookies = [];
    for (const viewer of viewers) cookies.push(await signIn(server.url, viewer.email, DEMO_PASSWORD));
    // Warm up: one request per viewer.
    for (const cookie of cookies) await fetch(`${server.url}${matchesPath}`, { headers: { cookie } }).then((r) => r.arrayBuffer());

    const latencies: number[] = [];
    let errors = 0;
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      cookies.map(async (cookie) => {
        while (Date.now() < until) {
          const started = performance.now();
          const response = await httpGet(`${server.url}${matchesPath}`, { cookie });
          latencies.push(performance.now() - started);
          if (response.status !== 200) errors += 1;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const memory = processMemory(server.child.pid!);
    const tree = kind === 'embedded' ? processTreeMemory(server.child.pid!) : null;
    return {
      db: kind === 'embedded' ? 'embedded PostgreSQL' : 'PostgreSQL 15',
      profiles: size,
      seedSeconds,
      requests: latencies.length,
      errors,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
      rss: memory.rss,
      peak: memory.peak,
      treePss: tree?.pss ?? null,
    };
  } finally {
    await server.stop();
    await cleanup();
  }
}

const rows: Row[] = [];
const kinds = (process.env.BENCH_DB ?? 'postgres,embedded').split(',') as ('postgres' | 'embedded')[];
for (const kind of kinds) {
  if (kind === 'postgres' && !postgresUrl) continue;
  for (const size of sizes) {
    const row = await measure(kind, size);
    rows.push(row);
    console.log(`  ${row.db} ${row.profiles}: p50 ${ms(row.p50)} ms, p95 ${ms(row.p95)} ms, p99 ${ms(row.p99)} ms, ${row.requests} requests, RSS ${mib(row.rss)} MiB`);
  }
}

const table = [
  '| Database | Profiles | Requests | Errors | p50 ms | p95 ms | p99 ms | max ms | Server RSS MiB (peak) | With its PostgreSQL, PSS MiB | Seed s |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.db} | ${r.profiles.toLocaleString('en-US')} | ${r.requests} | ${r.errors} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${mib(r.rss)} (${mib(r.peak)}) | ${r.treePss === null ? '–' : mib(r.treePss)} | ${r.seedSeconds.toFixed(0)} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);
writeBenchmarkSection(
  query ? 'bench:matches:narrowed' : 'bench:matches',
  `## GET ${matchesPath} (\`npm run bench:matches${query ? ` -- --query '${query}'` : ''}\`)

${concurrency} signed-in users request their first page (50 matches${query ? ', narrowed' : ''}) in a loop for ${seconds} s per row, on the real server
process over loopback (node:http keep-alive client, responses compressed as a browser would ask). Each profile set is seeded fresh (about half of the profiles are of the other gender, so a viewer
is scored against ~${'half'} of them). "Server RSS" is the Node process; "with its PostgreSQL" adds the embedded
server's processes (PSS, so shared buffers count once); an outside PostgreSQL server's memory is not counted. Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 10)}.

${table}`,
);
