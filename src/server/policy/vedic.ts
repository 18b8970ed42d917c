import { eq, inArray } from 'drizzle-orm';
import type { Gender } from '#domain/profile/profile';
import { vedicChart, type VedicChart } from '#domain/vedic/chart';
import { vedicAnswer, type VedicCompatibility } from '#domain/vedic/vedic-answer';
import { vedicMatch } from '#domain/vedic/vedic-match';
import type { Db } from '#server/db/client';
import { profiles, vedicBirthDetails, type VedicBirthRow } from '#server/db/schema';

/**
 * Vedic compatibility (issue 52) for the answers that show it: the match page, the introduction card, the
 * coordinators' and elders' introductions. Each member's chart is computed once, when her birth details or her date
 * of birth change (profiles.service.ts, `chartOf`), and stored in `vedic_birth_details.vedic_chart`; the pair is
 * computed here on demand from the two stored charts (microseconds). Only when both opted in, both have a chart and
 * the two are a woman and a man (the tables read a bride and a groom): otherwise there is no `vedic` at all.
 * Birth time and place never leave the table: only the chart's results (nakshatra, pada, rashi, Mangal dosha) do.
 */

/** The stored chart's version: a chart of another version is computed again when next read. */
const CHART_VERSION = 1;

/** Her chart from her birth details and date of birth; null without a date of birth (an age alone gives no chart). */
export function chartOf(row: Pick<VedicBirthRow, 'birthTime' | 'birthTimeAccuracy' | 'placeLatitude' | 'placeLongitude' | 'placeTimeZone'>, dateOfBirth: string | null): VedicChart | null {
  if (!dateOfBirth) return null;
  return vedicChart({
    birthDate: dateOfBirth,
    birthTime: row.birthTime,
    birthTimeAccuracy: row.birthTimeAccuracy,
    timeZone: row.placeTimeZone,
    birthPlace: { latitude: row.placeLatitude, longitude: row.placeLongitude },
  });
}

/** A member's stored chart as read (vedicOfCharts checks it) and her gender. */
interface ChartedMember {
  chart: unknown;
  gender: Gender;
}

/** The charts and genders of these members who opted in (one query for all). */
async function chartsOf(db: Db, userIds: readonly string[]): Promise<Map<string, ChartedMember>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: vedicBirthDetails.userId, chart: vedicBirthDetails.vedicChart, gender: profiles.gender })
    .from(vedicBirthDetails)
    .innerJoin(profiles, eq(profiles.userId, vedicBirthDetails.userId))
    .where(inArray(vedicBirthDetails.userId, ids));
  return new Map(rows.map((row) => [row.userId, { chart: row.chart, gender: row.gender }]));
}

/** A stored chart of the current computation, or null (none, or one an older computation wrote). */
function currentChart(stored: unknown): VedicChart | null {
  const chart = stored as VedicChart | null;
  return chart && chart.version === CHART_VERSION ? chart : null;
}

/**
 * The pair's compatibility from two charts already read (loadRelationship reads them with the two people: the match
 * page asks nothing more), or undefined unless both have one.
 */
export function vedicOfCharts(you: ChartedMember, them: ChartedMember): VedicCompatibility | undefined {
  const [a, b] = [currentChart(you.chart), currentChart(them.chart)];
  if (!a || !b || you.gender === them.gender) return undefined;
  return vedicAnswer(vedicMatch({ chart: a, gender: you.gender }, { chart: b, gender: them.gender }));
}

/** The compatibility of many pairs at once (a list of introductions), keyed by the pair's `key`; one query. */
export async function vedicForPairs<K>(db: Db, pairs: readonly { key: K; you: string; them: string }[]): Promise<Map<K, VedicCompatibility>> {
  const charts = await chartsOf(
    db,
    pairs.flatMap((pair) => [pair.you, pair.them]),
  );
  const found = new Map<K, VedicCompatibility>();
  for (const pair of pairs) {
    const [you, them] = [charts.get(pair.you), charts.get(pair.them)];
    const match = you && them ? vedicOfCharts(you, them) : undefined;
    if (match) found.set(pair.key, match);
  }
  return found;
}
