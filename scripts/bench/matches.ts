// npm run bench:matches — p50/p95/p99 latency and server memory of GET /api/matches with 10 concurrent
// signed-in users, at 1k, 10k and 100k profiles, on the embedded PostgreSQL and (with DATABASE_URL) on a PostgreSQL
// server. BENCH_DB=postgres or BENCH_DB=embedded measures one of them.
// Options: --sizes 1000,10000,100000 --seconds 15 --concurrency 10
//          --query 'minAge=25&maxAge=40&country=USA' measures the list narrowed so (its own section of the doc).
//          --query given more than once (--query '' for the whole list) measures each on the same seeded profiles,
//          in halves taken in ABBA order so a drift of the machine falls on all of them alike (section
//          bench:matches:compared): a million profiles take 16–17 minutes to seed, once.
import { parseArgs } from 'node:util';
import { createRng, DEMO_PASSWORD, hashDemoPassword, seedProfiles } from '../seed-data';
import { openFreshBenchDatabase } from './bench-db';
import { httpGet, machineLine, mib, ms, percentile, processMemory, processTreeMemory, signIn, startServer, writeBenchmarkSection } from './bench-utils';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    seconds: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '10' },
    query: { type: 'string', multiple: true, default: [''] },
  },
});
/** What narrows the list (GET /api/matches?…), each measured; '' is the whole list. */
const queries = values.query.map((query) => query.replace(/^\?/, ''));
const pathOf = (query: string) => (query ? `/api/matches?${query}` : '/api/matches');
const query = queries.length === 1 ? queries[0]! : '';
const matchesPath = pathOf(query);
const sizes = values.sizes.split(',').map(Number);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const postgresUrl = process.env.DATABASE_URL;

interface Row {
  db: string;
  /** The query measured ('' for the whole list). */
  query: string;
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

async function measure(kind: 'embedded' | 'postgres', size: number): Promise<Row[]> {
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
    const cookies: string[] = [];
    for (const viewer of viewers) cookies.push(await signIn(server.url, viewer.email, DEMO_PASSWORD));
    // Warm up: one request per viewer and query.
    for (const each of queries) for (const cookie of cookies) await fetch(`${server.url}${pathOf(each)}`, { headers: { cookie } }).then((r) => r.arrayBuffer());

    const latencies = new Map(queries.map((each) => [each, [] as number[]]));
    const errors = new Map(queries.map((each) => [each, 0]));
    /** All viewers request `each` in a loop for `spell` seconds. */
    const run = async (each: string, spell: number) => {
      const until = Date.now() + spell * 1000;
      await Promise.all(
        cookies.map(async (cookie) => {
          while (Date.now() < until) {
            const started = performance.now();
            const response = await httpGet(`${server.url}${pathOf(each)}`, { cookie });
            latencies.get(each)!.push(performance.now() - started);
            if (response.status !== 200) errors.set(each, errors.get(each)! + 1);
          }
        }),
      );
    };
    if (queries.length === 1) await run(queries[0]!, seconds);
    else for (const each of [...queries, ...[...queries].reverse()]) await run(each, seconds / 2);
    const memory = processMemory(server.child.pid!);
    const tree = kind === 'embedded' ? processTreeMemory(server.child.pid!) : null;
    return queries.map((each) => {
      const sorted = latencies.get(each)!.sort((a, b) => a - b);
      return {
        db: kind === 'embedded' ? 'embedded PostgreSQL' : 'PostgreSQL 15',
        query: each,
        profiles: size,
        seedSeconds,
        requests: sorted.length,
        errors: errors.get(each)!,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
        rss: memory.rss,
        peak: memory.peak,
        treePss: tree?.pss ?? null,
      };
    });
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
    for (const row of await measure(kind, size)) {
      rows.push(row);
      console.log(`  ${row.db} ${row.profiles} ${row.query || '(whole list)'}: p50 ${ms(row.p50)} ms, p95 ${ms(row.p95)} ms, p99 ${ms(row.p99)} ms, ${row.requests} requests, RSS ${mib(row.rss)} MiB`);
    }
  }
}

const compared = queries.length > 1;
const table = [
  `|${compared ? ' Query |' : ''} Database | Profiles | Requests | Errors | p50 ms | p95 ms | p99 ms | max ms | Server RSS MiB (peak) | With its PostgreSQL, PSS MiB | Seed s |`,
  `|${compared ? '---|' : ''}---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  ...rows.map(
    (r) =>
      `|${compared ? ` \`${r.query || '(whole list)'}\` |` : ''} ${r.db} | ${r.profiles.toLocaleString('en-US')} | ${r.requests} | ${r.errors} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${mib(r.rss)} (${mib(r.peak)}) | ${r.treePss === null ? '–' : mib(r.treePss)} | ${r.seedSeconds.toFixed(0)} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);
/** The command that made the section, as the doc quotes it. */
const commandLine = `npm run bench:matches${compared || query ? ` --${queries.map((each) => ` --query '${each}'`).join('')}` : ''}`;
writeBenchmarkSection(
  compared ? 'bench:matches:compared' : query ? 'bench:matches:narrowed' : 'bench:matches',
  `## GET ${compared ? '/api/matches, whole and narrowed, on one seed' : matchesPath} (\`${commandLine}\`)

${concurrency} signed-in users request their first page (50 matches${query ? ', narrowed' : ''}) in a loop for ${seconds} s per row, on the real server
process over loopback (node:http keep-alive client, responses compressed as a browser would ask). Each profile set is seeded fresh (about half of the profiles are of the other gender, so a viewer
is scored against ~${'half'} of them).${compared ? ' The queries share one seed, each measured in two halves taken in ABBA order.' : ''} "Server RSS" is the Node process; "with its PostgreSQL" adds the embedded
server's processes (PSS, so shared buffers count once); an outside PostgreSQL server's memory is not counted. Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 10)}.

${table}`,
);
