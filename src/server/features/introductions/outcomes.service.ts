import { sql } from 'drizzle-orm';
import { declineReasons, type DeclineReason } from '#domain/introductions/introductions';
import { addMonths, funnelStages, monthStart, type FunnelCounts, type Outcomes } from '#domain/introductions/outcomes';
import { shownName } from '#domain/staff/staff-name';
import type { Db } from '#server/db/client';
import { executeRows } from '#server/db/rows';
import { introductionMeetings, introductionReviews, introductions, profiles, users } from '#server/db/schema';

/** One row of the funnel statement: the group's key and a count a stage (bigint counts arrive as text on some drivers). */
type FunnelRow = { key: string | null } & Record<FunnelStage, number | string>;
type FunnelStage = (typeof funnelStages)[number];

/**
 * The stages as counts over the introductions proposed in the range, in one pass (each a FILTER of one scan).
 * "Elder approved" is reaching the first member (with no elders' review that is the proposal itself); "met" a member
 * answered "Did you meet?" with video or in person; courting, engaged and married count introductions at or past that
 * status now (an introduction that courted and then ended is counted where it ended: statuses keep no history).
 */
const stageCounts = sql`
  count(*) as "proposed",
  count(*) filter (where i.reached_first_at is not null) as "elderApproved",
  count(*) filter (where i.introduced_at is not null) as "bothAccepted",
  count(*) filter (where exists (select 1 from ${introductionMeetings} m where m.introduction_id = i.id and m.met <> 'no')) as "met",
  count(*) filter (where i.status in ('courting', 'engaged', 'married')) as "courting",
  count(*) filter (where i.status in ('engaged', 'married')) as "engaged",
  count(*) filter (where i.status = 'married') as "married"`;

const countsOf = (row: FunnelRow): FunnelCounts => Object.fromEntries(funnelStages.map((stage) => [stage, Number(row[stage])])) as FunnelCounts;

/** The outcomes page (GET /api/coordinator/outcomes): three grouped statements over the range, all computed in SQL. */
export async function outcomesBetween(db: Db, range: { from: string; to: string }): Promise<Outcomes> {
  const start = monthStart(range.from).toISOString();
  const end = monthStart(addMonths(range.to, 1)).toISOString();
  const inRange = sql`i.created_at >= ${start}::timestamptz and i.created_at < ${end}::timestamptz`;
  const [months, coordinators, reasons] = await Promise.all([
    executeRows<FunnelRow>(db, sql`
      select to_char(date_trunc('month', i.created_at at time zone 'UTC'), 'YYYY-MM') as key, ${stageCounts}
      from ${introductions} i where ${inRange} group by 1 order by 1`),
    executeRows<FunnelRow & { profile_name: string | null; first_name: string | null }>(db, sql`
      select i.coordinator_id::text as key, ${stageCounts},
        (select p.name from ${profiles} p where p.user_id = i.coordinator_id limit 1) as profile_name,
        (select u.first_name from ${users} u where u.id = i.coordinator_id) as first_name
      from ${introductions} i where ${inRange} and i.coordinator_id is not null group by i.coordinator_id order by 2 desc`),
    executeRows<{ reason: string; count: number | string }>(db, sql`
      select reason, count(*) as count from (
        select unnest(i.first_decline_reasons || i.second_decline_reasons) as reason from ${introductions} i where ${inRange}
        union all
        select unnest(r.reasons) from ${introductionReviews} r join ${introductions} i on i.id = r.introduction_id where ${inRange}
      ) given group by reason order by count desc, reason`),
  ]);
  const totals = Object.fromEntries(funnelStages.map((stage) => [stage, months.reduce((sum, row) => sum + Number(row[stage]), 0)])) as FunnelCounts;
  return {
    from: range.from,
    to: range.to,
    // Every month of the range, an empty one with zeros, so the page's rows line up with the calendar.
    months: monthsOf(range).map((month) => {
      const row = months.find((m) => m.key === month);
      return { month, ...(row ? countsOf(row) : zeros()) };
    }),
    totals,
    reasons: reasons.filter((row): row is { reason: DeclineReason; count: number } => (declineReasons as readonly string[]).includes(row.reason)).map((row) => ({ reason: row.reason, count: Number(row.count) })),
    coordinators: coordinators.map((row) => ({ userId: row.key ?? '', name: shownName({ profileName: row.profile_name, accountFirstName: row.first_name }), ...countsOf(row) })),
  };
}

function zeros(): FunnelCounts {
  return Object.fromEntries(funnelStages.map((stage) => [stage, 0])) as FunnelCounts;
}

function monthsOf(range: { from: string; to: string }): string[] {
  const list: string[] = [];
  for (let month = range.from; month <= range.to; month = addMonths(month, 1)) list.push(month);
  return list;
}
