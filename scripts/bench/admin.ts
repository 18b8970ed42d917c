// npm run bench:admin — p50/p95 of each admin list call at 100,000 profiles, on the embedded PostgreSQL and
// (with DATABASE_URL) an external one, through the real server over loopback: one admin asking one call at a time,
// as a person at the dashboard does. Also the dashboard's first load: its four list calls sent together.
// Options: --profiles 100000 --volunteers 2000 --rounds 40
import { sql } from 'drizzle-orm';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Db } from '#server/db/client';
import { volunteerApplications } from '#server/db/schema';
import { createRng, hashDemoPassword, seedProfiles } from '../seed-data';
import { openFreshBenchDatabase } from './bench-db';
import { httpGet, machineLine, ms, percentile, startServer, writeBenchmarkSection } from './bench-utils';

const { values } = parseArgs({
  options: {
    profiles: { type: 'string', default: '100000' },
    volunteers: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '40' },
  },
});
const profileCount = Number(values.profiles);
const volunteerCount = Number(values.volunteers);
const rounds = Number(values.rounds);
const postgresUrl = process.env.DATABASE_URL;
const ADMIN_PASSWORD = 'bench-admin-password';

/** The calls measured: what the dashboard asks for, and the searches an admin types. */
const CALLS: Array<[label: string, url: string]> = [
  ['profiles, first page', '/api/admin/user-profiles?limit=20'],
  ['profiles, status=inactive', '/api/admin/user-profiles?status=inactive&limit=20'],
  ['profiles, q=name (radha)', '/api/admin/user-profiles?q=radha&limit=20'],
  ['profiles, q=name + status', '/api/admin/user-profiles?q=gopal&status=active&limit=20'],
  ['profiles, q=email fragment', '/api/admin/user-profiles?q=.4242%40&limit=20'],
  ['profiles, q=location (boulder)', '/api/admin/user-profiles?q=boulder&limit=20'],
  ['profiles, q=no match', '/api/admin/user-profiles?q=zzqx&limit=20'],
  ['profiles, page 2,500 (offset 49,980)', '/api/admin/user-profiles?limit=20&offset=49980'],
  ['profiles, status=suspended', '/api/admin/user-profiles?status=suspended&limit=20'],
  ['volunteers, pending', '/api/admin/volunteer-applications?status=pending&limit=20'],
  ['volunteers, q=name', '/api/admin/volunteer-applications?q=lakshmi&limit=20'],
  // The coordinators' outcomes (issue 51): the funnel by month, reasons and coordinators, over the seeded introductions.
  ['outcomes, last 12 months', '/api/coordinator/outcomes'],
  ['outcomes, 24 months', `/api/coordinator/outcomes?from=${monthsBack(23)}&to=${monthsBack(0)}`],
];

/** "YYYY-MM" of the month `count` months before this one (UTC). */
function monthsBack(count: number): string {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count, 1));
  return month.toISOString().slice(0, 7);
}

/**
 * Introductions for the outcomes page: one for every `INTRODUCTION_EVERY` profiles, paired with the profile half the
 * list away, proposed over the last two years by ten coordinators, in every status (a declined one with reasons,
 * about a third of the introduced ones with "Did you meet?" answers). Written in SQL, as a bulk load.
 */
const INTRODUCTION_EVERY = 3;
async function seedIntroductionsForOutcomes(db: Db): Promise<number> {
  await db.execute(sql`
    with people as (select user_id, row_number() over (order by id) as rn, count(*) over () as n from profiles),
    coordinators as (select user_id, row_number() over (order by user_id) as k from people where rn <= 10),
    pairs as (
      select a.user_id as a, b.user_id as b, a.rn,
        (array['declined','expired','ended','introduced','courting','engaged','married','awaiting-first','cancelled','declined-by-elders'])[1 + (a.rn % 10)::int] as status
      from people a join people b on b.rn = a.rn + a.n / 2
      where a.rn % ${INTRODUCTION_EVERY} = 0 and a.rn <= a.n / 2
    )
    insert into introductions (member_a, member_b, pair_low, pair_high, coordinator_id, status, reached_first_at, introduced_at, first_decline_reasons, created_at)
    select p.a, p.b, least(p.a, p.b), greatest(p.a, p.b), c.user_id, p.status,
      case when p.status = 'declined-by-elders' then null else now() - (p.rn % 730) * interval '1 day' end,
      case when p.status in ('ended', 'introduced', 'courting', 'engaged', 'married') then now() - (p.rn % 730) * interval '1 day' + interval '3 days' end,
      case when p.status <> 'declined' then '{}'::text[] when p.rn % 4 = 0 then array['distance'] when p.rn % 4 = 1 then array['age', 'practice']
        when p.rn % 4 = 2 then array['not-ready'] else array['photos', 'other'] end,
      now() - (p.rn % 730) * interval '1 day'
    from pairs p join coordinators c on c.k = 1 + p.rn % 10`);
  await db.execute(sql`
    insert into introduction_meetings (introduction_id, user_id, met, again, answered_at)
    select id, member_a, (array['no', 'video', 'in-person'])[1 + (abs(hashtext(id::text)) % 3)], null, introduced_at + interval '8 days'
    from introductions where introduced_at is not null and abs(hashtext(id::text)) % 3 = 0`);
  const [row] = (await db.execute(sql`select count(*)::int as n from introductions`) as unknown as { rows: { n: number }[] }).rows;
  return row?.n ?? 0;
}
/** The dashboard's first load: Needs action's count, both first pages and the legacy list, at once. */
const DASHBOARD = [
  '/api/admin/volunteer-applications?status=pending&limit=1',
  '/api/admin/volunteer-applications?limit=20',
  '/api/admin/user-profiles?limit=20',
  '/api/admin/partner-applications',
];

/** The admin list's indexes (trigram and created_at), with the statements that make them. */
async function searchIndexes(db: Db): Promise<{ name: string; definition: string }[]> {
  const result = await db.execute(
    sql`select indexname as name, indexdef as definition from pg_indexes where indexname like '%trgm_idx' or indexname in ('profiles_created_idx', 'volunteer_applications_created_idx')`,
  );
  return (result as unknown as { rows: { name: string; definition: string }[] }).rows;
}

interface Row {
  db: string;
  call: string;
  p50: number;
  p95: number;
  max: number;
  total: string;
}

async function measure(kind: 'embedded' | 'postgres'): Promise<{ rows: Row[]; seedSeconds: number }> {
  const { database, env, cleanup } = await openFreshBenchDatabase(kind, 'ops_scale_bench_admin', postgresUrl);
  const seedStarted = Date.now();
  // A bulk load: the search indexes are built once after the rows are in (as after a restore), not kept up
  // row by row; the migration's own definitions are put back unchanged.
  const dropped = await searchIndexes(database.db);
  for (const index of dropped) await database.db.execute(sql.raw(`drop index "${index.name}"`));
  await seedProfiles(database.db, {
    count: profileCount,
    rng: createRng(profileCount),
    realPhotos: false,
    passwordHash: await hashDemoPassword(),
    emailPrefix: 'bench',
    onProgress: (done) => process.stdout.write(`\r  ${kind}: seeded ${done} profiles`),
  });
  process.stdout.write('\n');
  // The seed makes everyone complete and active: a tenth incomplete and a fifth inactive, as a real list has.
  await database.db.execute(sql`update profiles set profile_complete = false, profile_active = false where abs(hashtext(id::text)) % 10 = 0`);
  await database.db.execute(sql`update profiles set profile_active = false where abs(hashtext(id::text)) % 10 in (1, 2)`);
  // One account in 500 suspended, for the status=suspended filter.
  await database.db.execute(sql`update users set suspended_at = now() where abs(hashtext(id::text)) % 500 = 0`);
  const names = ['Lakshmi', 'Gopal', 'Radha', 'Nitai', 'Mira', 'Hari'];
  for (let start = 0; start < volunteerCount; start += 500) {
    const batch = Array.from({ length: Math.min(500, volunteerCount - start) }, (_, i) => ({
      name: `${names[(start + i) % names.length]} Volunteer ${start + i}`,
      email: `volunteer.${start + i}@sanga.local`,
      contribution: 'Kirtan and counselling',
      background: 'Years of temple service',
      approved: (start + i) % 4 !== 0,
    }));
    await database.db.insert(volunteerApplications).values(batch);
  }
  const introductionCount = await seedIntroductionsForOutcomes(database.db);
  console.log(`  ${kind}: ${introductionCount} introductions for the outcomes`);
  for (const index of dropped) await database.db.execute(sql.raw(index.definition));
  // What PostgreSQL's autovacuum does within a minute of a bulk load, and the embedded database's hourly pass
  // (db/embedded-vacuum.ts): the visibility map lets a count read an index alone.
  await database.db.execute(sql`vacuum (analyze)`);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  await database.close();

  const server = await startServer({ ...env, ADMIN_PASSWORD });
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    if (login.status !== 204) throw new Error(`admin sign-in: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const get = async (url: string) => {
      const started = performance.now();
      const response = await httpGet(`${server.url}${url}`, { cookie });
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${response.body.toString()}`);
      return performance.now() - started;
    };
    const db = kind === 'embedded' ? 'embedded PostgreSQL' : 'PostgreSQL';
    const rows: Row[] = [];
    for (const [label, url] of CALLS) {
      await get(url); // warm-up
      const times: number[] = [];
      for (let i = 0; i < rounds; i++) times.push(await get(url));
      times.sort((a, b) => a - b);
      const response = await fetch(`${server.url}${url}`, { headers: { cookie } });
      await response.arrayBuffer();
      const total = response.headers.get('x-total-count');
      rows.push({ db, call: label, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, total: total === null ? '–' : Number(total).toLocaleString('en-US') });
      console.log(`  ${db} ${label}: p50 ${ms(rows.at(-1)!.p50)} ms, p95 ${ms(rows.at(-1)!.p95)} ms (total ${rows.at(-1)!.total})`);
    }
    const loads: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      await Promise.all(DASHBOARD.map((url) => get(url)));
      loads.push(performance.now() - started);
    }
    loads.sort((a, b) => a - b);
    rows.push({ db, call: 'dashboard first load (4 calls at once)', p50: percentile(loads, 50), p95: percentile(loads, 95), max: loads.at(-1)!, total: '–' });
    console.log(`  ${db} dashboard: p50 ${ms(rows.at(-1)!.p50)} ms, p95 ${ms(rows.at(-1)!.p95)} ms`);
    return { rows, seedSeconds };
  } finally {
    await server.stop();
    await cleanup();
  }
}

const rows: Row[] = [];
const seeds: string[] = [];
const loadBefore = os.loadavg()[0]!;
const kinds = (process.env.BENCH_DB ?? 'postgres,embedded').split(',') as ('postgres' | 'embedded')[];
for (const kind of kinds) {
  if (kind === 'postgres' && !postgresUrl) continue;
  const result = await measure(kind);
  rows.push(...result.rows);
  seeds.push(`${kind === 'embedded' ? 'embedded PostgreSQL' : 'PostgreSQL'} ${result.seedSeconds.toFixed(0)} s`);
}
const loadAfter = os.loadavg()[0]!;

const table = [
  '| Database | Call | X-Total-Count | p50 ms | p95 ms | max ms |',
  '|---|---|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.db} | ${r.call} | ${r.total} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} |`),
].join('\n');
console.log(`\n${table}\n`);
writeBenchmarkSection(
  'bench:admin',
  `## Admin lists at ${profileCount.toLocaleString('en-US')} profiles (\`npm run bench:admin\`)

One signed-in admin asks each call ${rounds} times in a row (after one warm-up) through the real server process over
loopback, 20 rows a page; every call also writes its admin_audit row (committed durably, as PostgreSQL does: fsync on). ${profileCount.toLocaleString('en-US')} seeded
profiles (a tenth incomplete, a fifth inactive, one in 500 suspended) and ${volunteerCount.toLocaleString('en-US')} volunteer applications (a quarter pending); searches are
ILIKE '%…%' answered by pg_trgm GIN indexes (the embedded PostgreSQL ships the same extension), pages by the created_at index (the seed
drops those indexes and builds them again after loading, as a bulk load would, then runs \`VACUUM (ANALYZE)\`, as
PostgreSQL's autovacuum and the embedded database's hourly pass do on a live database). The dashboard
row sends its four first calls at once and waits for all. Target: each list call p95 ≤ 100 ms; the outcomes (issue 51),
over one introduction for every ${INTRODUCTION_EVERY} profiles proposed across two years by ten coordinators, p95 ≤ 200 ms. Seeding: ${seeds.join(', ')}.
Machine: ${machineLine()}; the machine was shared (1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after).
Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.

${table}`,
);
