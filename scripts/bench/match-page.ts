// npm run bench:match-page — p50/p95/p99 of GET /api/match/{id} (one candidate's page) with 10 concurrent signed-in
// users, each asking in turn for the candidates of its own first page of GET /api/matches, on a fresh seed.
// BENCH_DB=postgres (with DATABASE_URL) or BENCH_DB=embedded; both by default (postgres only when DATABASE_URL is set).
// Options: --profiles 10000 --seconds 15 --concurrency 10
//
// When the database has the table vedic_birth_details (issue 52), half of the seeded profiles and every signed-in
// user are given birth details with their chart computed (as a save would store it), so that about half of the
// pages carry `vedic`. On a schema without that table (an older build, compared with bench:compare) the page is
// measured as it is. Only modules that older builds also have are imported, except the chart, imported only when the
// table exists.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema';
import { createRng, DEMO_PASSWORD, hashDemoPassword, seedProfiles } from '../seed-data';
import { openFreshBenchDatabase } from './bench-db';
import { httpGet, machineLine, mib, ms, percentile, processMemory, signIn, startServer, writeBenchmarkSection } from './bench-utils';

const { values } = parseArgs({
  options: {
    profiles: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '10' },
  },
});
const profileCount = Number(values.profiles);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const postgresUrl = process.env.DATABASE_URL;

/** Birth places the seeded charts use: name, latitude, longitude, IANA zone. */
const PLACES: Array<[name: string, latitude: number, longitude: number, timeZone: string]> = [
  ['Mumbai, India', 19.076, 72.8777, 'Asia/Kolkata'],
  ['Vrindavan, India', 27.5806, 77.7006, 'Asia/Kolkata'],
  ['Kolkata, India', 22.5726, 88.3639, 'Asia/Kolkata'],
  ['London, United Kingdom', 51.5072, -0.1276, 'Europe/London'],
  ['New York, United States', 40.7128, -74.006, 'America/New_York'],
  ['Toronto, Canada', 43.6532, -79.3832, 'America/Toronto'],
];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Birth details with a computed chart for every other seeded profile and for the viewers, written straight into
 * vedic_birth_details; answers how many, or null when this build has no such table.
 */
async function seedBirthDetails(db: Db, userIds: readonly string[], viewerIds: readonly string[]): Promise<number | null> {
  const [table] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('public.vedic_birth_details') is not null as present`));
  if (!table?.present) return null;
  // Only builds with the table have the chart; an older tree never loads this module.
  const { vedicChart } = await import('#domain/vedic/chart');
  const chosen = [...new Set([...viewerIds, ...userIds.filter((_, index) => index % 2 === 0)])];
  const rng = createRng(profileCount + 52);
  let written = 0;
  for (let start = 0; start < chosen.length; start += 500) {
    const batch = chosen.slice(start, start + 500);
    const births = rowsOf<{ userId: string; dateOfBirth: string | null }>(
      await db.execute(
        sql`select user_id as "userId", date_of_birth::text as "dateOfBirth" from profiles where user_id in (${sql.join(
          batch.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
    const rows = births
      .filter((birth) => birth.dateOfBirth)
      .map((birth) => {
        const [placeName, latitude, longitude, timeZone] = rng.pick(PLACES);
        const birthTime = `${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;
        const chart = vedicChart({ birthDate: birth.dateOfBirth!, birthTime, birthTimeAccuracy: 'exact', timeZone, birthPlace: { latitude, longitude } });
        return sql`(${birth.userId}::uuid, ${birthTime}, 'exact', ${placeName}, ${latitude}, ${longitude}, ${timeZone}, ${JSON.stringify(chart)}::jsonb)`;
      });
    if (rows.length === 0) continue;
    await db.execute(
      sql`insert into vedic_birth_details (user_id, birth_time, birth_time_accuracy, place_name, place_latitude, place_longitude, place_time_zone, vedic_chart) values ${sql.join(rows, sql`, `)}`,
    );
    written += rows.length;
  }
  return written;
}

interface Row {
  db: string;
  profiles: number;
  seedSeconds: number;
  /** Profiles with birth details and a chart; null on a build without the table. */
  charted: number | null;
  /** Of the distinct pages measured, how many carried `vedic` (read once each before the timed run). */
  pages: number;
  pagesWithVedic: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rss: number;
  peak: number;
}

async function measure(kind: 'embedded' | 'postgres'): Promise<Row> {
  const { database, env, cleanup } = await openFreshBenchDatabase(kind, 'sanga_bench_match_page', postgresUrl);
  const seedStarted = Date.now();
  const ids = await seedProfiles(database.db, {
    count: profileCount,
    rng: createRng(profileCount),
    realPhotos: false,
    passwordHash: await hashDemoPassword(),
    emailPrefix: 'bench',
    onProgress: (done) => process.stdout.write(`\r  ${kind}: seeded ${done} profiles`),
  });
  process.stdout.write('\n');
  const viewerIds = ids.slice(0, concurrency);
  const viewers = await database.db.select({ email: users.email }).from(users).where(inArray(users.id, viewerIds));
  const charted = await seedBirthDetails(database.db, ids, viewerIds);
  console.log(`  ${kind}: ${charted === null ? 'no vedic_birth_details table (an older build): the page as it is' : `${charted} profiles with birth details and a chart`}`);
  await database.db.execute(sql`analyze`);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  await database.close();

  const server = await startServer(env);
  try {
    const cookies: string[] = [];
    for (const viewer of viewers) cookies.push(await signIn(server.url, viewer.email, DEMO_PASSWORD));
    // Each viewer's candidates: the profiles of its first page of matches, so every page asked is one it may see.
    const candidates: string[][] = [];
    let pages = 0;
    let pagesWithVedic = 0;
    for (const cookie of cookies) {
      const list = await fetch(`${server.url}/api/matches`, { headers: { cookie } });
      if (!list.ok) throw new Error(`GET /api/matches: ${list.status} ${await list.text()}`);
      const items = (await list.json()) as { profileId: string }[];
      if (items.length === 0) throw new Error('a viewer has no candidates');
      candidates.push(items.map((item) => item.profileId));
      // Warm-up: each page once, which also counts the pages that carry the compatibility.
      for (const item of items) {
        const page = await fetch(`${server.url}/api/match/${item.profileId}`, { headers: { cookie } });
        if (!page.ok) throw new Error(`GET /api/match/${item.profileId}: ${page.status} ${await page.text()}`);
        const body = (await page.json()) as { vedic?: unknown };
        pages += 1;
        if (body.vedic) pagesWithVedic += 1;
      }
    }
    console.log(`  ${kind}: ${pages} pages, ${pagesWithVedic} with vedic`);

    const latencies: number[] = [];
    let errors = 0;
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      cookies.map(async (cookie, viewer) => {
        const mine = candidates[viewer]!;
        for (let next = 0; Date.now() < until; next += 1) {
          const started = performance.now();
          const response = await httpGet(`${server.url}/api/match/${mine[next % mine.length]!}`, { cookie });
          latencies.push(performance.now() - started);
          if (response.status !== 200) errors += 1;
        }
      }),
    );
    const memory = processMemory(server.child.pid!);
    const sorted = latencies.sort((a, b) => a - b);
    return {
      db: kind === 'embedded' ? 'embedded PostgreSQL' : 'PostgreSQL 15',
      profiles: profileCount,
      seedSeconds,
      charted,
      pages,
      pagesWithVedic,
      requests: sorted.length,
      errors,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
      rss: memory.rss,
      peak: memory.peak,
    };
  } finally {
    await server.stop();
    await cleanup();
  }
}

const rows: Row[] = [];
const loadBefore = os.loadavg()[0]!;
const kinds = (process.env.BENCH_DB ?? 'postgres,embedded').split(',') as ('postgres' | 'embedded')[];
for (const kind of kinds) {
  if (kind === 'postgres' && !postgresUrl) continue;
  const row = await measure(kind);
  rows.push(row);
  console.log(`  ${row.db}: p50 ${ms(row.p50)} ms, p95 ${ms(row.p95)} ms, p99 ${ms(row.p99)} ms, ${row.requests} requests, ${row.errors} errors`);
}
const loadAfter = os.loadavg()[0]!;

const table = [
  '| Database | Profiles | Requests | Errors | p50 ms | p95 ms | p99 ms | max ms | Pages with vedic | Server RSS MiB (peak) | Seed s |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.db} | ${r.profiles.toLocaleString('en-US')} | ${r.requests} | ${r.errors} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.pagesWithVedic} of ${r.pages} | ${mib(r.rss)} (${mib(r.peak)}) | ${r.seedSeconds.toFixed(0)} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);
const charted = rows.find((r) => r.charted !== null)?.charted ?? null;
writeBenchmarkSection(
  'bench:match-page',
  `## GET /api/match/{id}, the match page (\`npm run bench:match-page\`)

${concurrency} signed-in users each ask for the pages of the candidates on their own first page of GET /api/matches (50),
one after another in a loop, for ${seconds} s, on the real server process over loopback (node:http keep-alive client,
responses compressed as a browser would ask), on ${profileCount.toLocaleString('en-US')} freshly seeded profiles. ${
    charted === null
      ? 'This build has no vedic_birth_details table: the page without Vedic compatibility.'
      : `Half of the profiles and every signed-in user have birth details (exact time) with their chart computed (${charted.toLocaleString('en-US')} rows), so a page carries \`vedic\` when both have one and are a woman and a man ("pages with vedic": of the distinct pages asked, read once each before the timed run).`
  }
Machine: ${machineLine()}; 1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after. Measured ${new Date().toISOString().slice(0, 10)}.

${table}`,
);
