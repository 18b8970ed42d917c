// npm run bench:conversations — GET /api/conversations for a person with 20 conversations and 100, then 10,000
// messages in all, on the embedded PostgreSQL and (with DATABASE_URL) an external one: one client, --seconds each. The messages and the
// conversations rows are written straight into the database (the rows by the migration's own backfill statement),
// since sending 10,000 messages through the API would only meet its rate limit.
// Options: --messages 100,10000 --seconds 10
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createRng, hashDemoPassword, seedProfiles } from '../seed-data';
import { openFreshBenchDatabase, writeBenchSessions } from './bench-db';
import { httpGet, machineLine, ms, percentile, startServer, writeBenchmarkSection } from './bench-utils';

const { values } = parseArgs({
  options: { messages: { type: 'string', default: '100,10000' }, seconds: { type: 'string', default: '10' } },
});
const sizes = values.messages.split(',').map(Number);
const loadBefore = os.loadavg()[0]!;
const seconds = Number(values.seconds);
const postgresUrl = process.env.DATABASE_URL;
const PARTNERS = 20;

/** The backfill statement of the migration that made the conversations table: the rows as the messages say. */
const backfill = (() => {
  // Found by its name, not its number: merges renumber migrations (it was 0008, then 0011).
  const folder = path.resolve('src/server/db/migrations');
  const file = readdirSync(folder).find((name) => name.endsWith('_fast_conversations.sql'));
  if (!file) throw new Error('the migration that made the conversations table is missing');
  const migration = readFileSync(path.join(folder, file), 'utf8');
  return migration.slice(migration.indexOf('INSERT INTO "conversations"'));
})();

async function measure(kind: 'embedded' | 'postgres', messageCount: number) {
  const { database, env, cleanup } = await openFreshBenchDatabase(kind, `sanga_bench_conv_${messageCount}`, postgresUrl);
  const secret = randomBytes(32).toString('hex');
  try {
    const ids = await seedProfiles(database.db, { count: PARTNERS + 1, rng: createRng(3), realPhotos: false, passwordHash: await hashDemoPassword() });
    const [me, ...partners] = ids as [string, ...string[]];
    // Half sent, half received, spread over the partners, every tenth received one unread.
    await database.db.execute(sql`
      insert into messages (sender_id, receiver_id, content, read, created_at)
      select case when i % 2 = 0 then ${me}::uuid else (${sql.raw(`array[${partners.map((id) => `'${id}'::uuid`).join(',')}]`)})[1 + (i / 2) % ${PARTNERS}] end,
             case when i % 2 = 0 then (${sql.raw(`array[${partners.map((id) => `'${id}'::uuid`).join(',')}]`)})[1 + (i / 2) % ${PARTNERS}] else ${me}::uuid end,
             'Message number ' || i || ': Hare Krishna, how was the kirtan this evening?',
             i % 20 <> 1,
             now() - (${messageCount} - i) * interval '1 minute'
      from generate_series(1, ${messageCount}) as i`);
    await database.db.execute(sql.raw(backfill));
    await database.db.execute(sql`analyze`);
    const pages = { now: await pagesRead(database.db, listNow(me)), before: await pagesRead(database.db, listBefore(me)) };
    const cookie = (await writeBenchSessions(database, secret, [me])).get(me)!;
    await database.close();

    const server = await startServer({ ...env, SESSION_SECRET: secret });
    try {
      const url = `${server.url}/api/conversations`;
      const first = await httpGet(url, { cookie });
      if (first.status !== 200) throw new Error(`GET /api/conversations answered ${first.status}`);
      const latencies: number[] = [];
      const until = Date.now() + seconds * 1000;
      while (Date.now() < until) {
        const started = performance.now();
        const response = await httpGet(url, { cookie });
        latencies.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`GET /api/conversations answered ${response.status}`);
      }
      latencies.sort((a, b) => a - b);
      return {
        db: kind === 'embedded' ? 'embedded PostgreSQL' : 'PostgreSQL',
        messageCount,
        requests: latencies.length,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        pages,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await cleanup();
  }
}

/** The statement GET /api/conversations runs now (messages.service.ts), less the name lookups both share. */
const listNow = (me: string) => sql`
  select c.other_id, m.content, m.created_at, m.sender_id, c.unread_count
  from conversations c join messages m on m.id = c.last_message_id where c.user_id = ${me}`;
/** The statement it replaced: every message of the person, grouped. */
const listBefore = (me: string) => sql`
  with mine as (
    select case when sender_id = ${me} then receiver_id else sender_id end as other_id,
           content, created_at, sender_id, seq, (receiver_id = ${me} and not read) as unread
    from messages where sender_id = ${me} or receiver_id = ${me}
  ),
  unread as (select other_id, (count(*) filter (where unread))::int as unread_count from mine group by other_id),
  latest as (select distinct on (other_id) other_id, content, created_at, sender_id from mine order by other_id, seq desc)
  select latest.other_id, latest.content, latest.created_at, latest.sender_id, unread.unread_count
  from latest join unread using (other_id)`;

/**
 * Database pages (8 KiB buffers) a statement touches, from EXPLAIN (ANALYZE, BUFFERS): unlike its time, this does
 * not depend on how busy the machine is.
 */
async function pagesRead(db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(sql`explain (analyze, buffers, format json) ${query}`)) as { rows: Record<string, unknown>[] };
  const cell = Object.values(result.rows[0]!)[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: Record<string, number> }[];
  return (plan[0]!.Plan['Shared Hit Blocks'] ?? 0) + (plan[0]!.Plan['Shared Read Blocks'] ?? 0);
}

const rows = [];
for (const kind of (process.env.BENCH_DB ?? 'postgres,embedded').split(',') as ('postgres' | 'embedded')[]) {
  if (kind === 'postgres' && !postgresUrl) continue;
  for (const size of sizes) {
    const row = await measure(kind, size);
    rows.push(row);
    console.log(`${row.db}, ${size} messages: p50 ${ms(row.p50)} ms, p95 ${ms(row.p95)} ms, p99 ${ms(row.p99)} ms (${row.requests} requests); pages read ${row.pages.now}, by the statement it replaced ${row.pages.before}`);
  }
}
const table = [
  '| Database | Messages of the user | Requests | p50 ms | p95 ms | p99 ms | Pages read by the list | by the statement it replaced |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.db} | ${r.messageCount.toLocaleString('en-US')} | ${r.requests} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.pages.now} | ${r.pages.before} |`,
  ),
].join('\n');
console.log(`\n${table}`);
writeBenchmarkSection(
  'conversations',
  `### GET /api/conversations against the length of the history (\`npm run bench:conversations\`, ${new Date().toISOString().slice(0, 10)})

One person with ${PARTNERS} conversations, one client in a loop for ${seconds} s a row. The list reads one \`conversations\` row
a partner (kept with each message sent and each thread read), so the answer costs the same at 100 and at 10,000
messages: the pages (8 KiB buffers) its statement reads, from EXPLAIN (ANALYZE, BUFFERS), stay the same, where the
statement it replaced read every message of the person. Machine: ${machineLine()}; 1-minute load average
${loadBefore.toFixed(1)} when it began.

${table}`,
);
