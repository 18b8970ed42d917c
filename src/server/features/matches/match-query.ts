import { sql, type SQL } from 'drizzle-orm';
import { displayAge } from '../../../domain/age';
import {
  AGE_FLEXIBLE_POINTS_PER_YEAR,
  AGE_PREFERRED_PENALTY_CAP,
  AGE_PREFERRED_PENALTY_PER_YEAR,
  AGE_SIDE_MAX,
  AGE_SIDE_UNKNOWN,
  COMMUNITY_POINTS,
  COURTSHIP_PENALTIES,
  COURTSHIP_POINTS,
  DIET_PENALTIES,
  DIET_POINTS,
  LOCATION_POINTS,
  MARRIAGE_READINESS_POINTS,
  MOBILITY_RANK,
  mobilities,
  NORTH_AMERICA_COUNTRIES,
  proximities,
  RELOCATION_MOBILITY,
  storedConsultation,
} from '../../../domain/matching';
import type { ProfileRow } from '../profiles/profiles.service';

/**
 * The matching query. It mirrors domain/matching.ts's scoreMatch in SQL, specialised for one viewer:
 * the viewer's values are constants, so each component is a CASE over the candidate's column.
 * A test checks it against scoreMatch on many random pairs.
 */

type PairTable = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** CASE over a candidate's column, giving table[viewerValue][candidateValue] (0 when unknown). */
function pairCase(column: SQL, table: PairTable, viewerValue: string): SQL {
  const row = Object.hasOwn(table, viewerValue) ? table[viewerValue]! : {};
  const branches = Object.entries(row).map(([value, points]) => sql` when ${value} then ${sql.raw(String(points))}`);
  return sql`(case ${column}${sql.join(branches, sql``)} else 0 end)`;
}

const intArray2d = (rows: number[][]) => sql.raw(`'{${rows.map((r) => `{${r.join(',')}}`).join(',')}}'::int[]`);

export interface MatchQueryOptions {
  viewer: ProfileRow;
  today: Date;
  todayKey: number;
  limit: number;
  offset: number;
}

export function buildMatchQuery({ viewer, today, todayKey, limit, offset }: MatchQueryOptions): SQL {
  const viewerAge = displayAge(viewer, today);
  const otherGender = viewer.gender === 'man' ? 'woman' : 'man';
  const northAmerica = sql.join(NORTH_AMERICA_COUNTRIES.map((c) => sql`${c}`), sql`, `);

  // Proximity as 1..5 in the order of `proximities` (same-city … elsewhere).
  const proximity = sql`(case
    when ${viewer.locCountry} <> '' and c.loc_country = ${viewer.locCountry} then
      case when ${viewer.locCity} <> '' and c.loc_city = ${viewer.locCity}
                and (c.loc_region = ${viewer.locRegion} or ${viewer.locRegion} = '' or c.loc_region = '') then 1
           when ${viewer.locRegion} <> '' and c.loc_region = ${viewer.locRegion} then 2
           else 3 end
    when ${viewer.locCountry} in (${northAmerica}) and c.loc_country in (${northAmerica}) then 4
    else 5 end)`;
  const viewerMobility = MOBILITY_RANK[RELOCATION_MOBILITY[viewer.relocation as keyof typeof RELOCATION_MOBILITY] ?? 'none'];
  const candidateMobility = sql`(case c.relocation${sql.join(
    Object.entries(RELOCATION_MOBILITY).map(([value, mobility]) => sql` when ${value} then ${sql.raw(String(MOBILITY_RANK[mobility]))}`),
    sql``,
  )} else 0 end)`;
  const locationTable = intArray2d(mobilities.map((m) => proximities.map((p) => LOCATION_POINTS[m][p])));
  const location = sql`(${locationTable})[greatest(${sql.raw(String(viewerMobility))}, ${candidateMobility}) + 1][${proximity}]`;

  const community = sql`(case when ${viewer.communityKey} <> '' and c.community_key = ${viewer.communityKey} then ${sql.raw(String(COMMUNITY_POINTS.same))} else ${sql.raw(String(COMMUNITY_POINTS.different))} end)`;
  const courtship = pairCase(sql`c.courtship_alignment`, COURTSHIP_POINTS, viewer.courtshipAlignment);
  const diet = pairCase(sql`c.diet_alignment`, DIET_POINTS, viewer.dietAlignment);
  const readinessRow = MARRIAGE_READINESS_POINTS[storedConsultation(viewer.marriageReadinessConsultation)];
  const readiness = sql`(case c.marriage_readiness_consultation when 'yes' then ${sql.raw(String(readinessRow.yes))} when 'no' then ${sql.raw(String(readinessRow.no))} else ${sql.raw(String(readinessRow.other))} end)`;

  // Age: the viewer judges the candidate's age (c.age), and the candidate judges the viewer's (a constant).
  const viewerOutside = sql`greatest(0, ${viewer.minAge}::int - c.age, c.age - ${viewer.maxAge}::int)`;
  const candidateOutside = viewerAge === null ? null : sql`greatest(0, c.min_age - ${viewerAge}::int, ${viewerAge}::int - c.max_age)`;
  const sidePoints = (outside: SQL | null, ageKnown: SQL, flexibility: SQL) =>
    outside === null
      ? sql`${sql.raw(String(AGE_SIDE_UNKNOWN))}`
      : sql`(case when not (${ageKnown}) then ${sql.raw(String(AGE_SIDE_UNKNOWN))}
                  when ${outside} = 0 then ${sql.raw(String(AGE_SIDE_MAX))}
                  when ${flexibility} in ('strict', 'preferred') then 0
                  else greatest(0, ${sql.raw(String(AGE_SIDE_MAX))} - ${outside} * ${sql.raw(String(AGE_FLEXIBLE_POINTS_PER_YEAR))}) end)`;
  const sidePenalty = (outside: SQL | null, ageKnown: SQL, flexibility: SQL) =>
    outside === null
      ? sql`0`
      : sql`(case when (${ageKnown}) and ${flexibility} = 'preferred' and ${outside} > 0
                  then -least(${sql.raw(String(AGE_PREFERRED_PENALTY_CAP))}, ${outside} * ${sql.raw(String(AGE_PREFERRED_PENALTY_PER_YEAR))}) else 0 end)`;
  const viewerFlex = sql`${viewer.ageFlexibility}::text`;
  const candidateAgeKnown = sql`c.age is not null`;
  const always = sql`true`;
  const age = sql`(${sidePoints(viewerOutside, candidateAgeKnown, viewerFlex)} + ${sidePoints(candidateOutside, always, sql`c.age_flexibility`)})`;
  const penalties = sql`(${pairCase(sql`c.courtship_alignment`, COURTSHIP_PENALTIES, viewer.courtshipAlignment)}
    + ${pairCase(sql`c.diet_alignment`, DIET_PENALTIES, viewer.dietAlignment)}
    + ${sidePenalty(viewerOutside, candidateAgeKnown, viewerFlex)}
    + ${sidePenalty(candidateOutside, always, sql`c.age_flexibility`)})`;

  // Candidacy (domain/candidacy.ts): neither side's strict range excludes the other.
  const viewerStrict = viewer.ageFlexibility === 'strict' ? sql`and (c.age is null or ${viewerOutside} = 0)` : sql``;
  const candidateStrict = candidateOutside === null ? sql`` : sql`and not (c.age_flexibility = 'strict' and ${candidateOutside} > 0)`;

  return sql`
    with c as (
      select p.id, p.user_id, p.name, p.photos, p.min_age, p.max_age, p.age_flexibility,
             p.loc_city, p.loc_region, p.loc_country, p.relocation, p.community_key,
             p.courtship_alignment, p.diet_alignment, p.marriage_readiness_consultation,
             case when p.dob_key is not null and p.dob_key <= ${todayKey}::int then (${todayKey}::int - p.dob_key) / 10000
                  else p.stated_age end as age
      from profiles p
      where p.profile_active and cardinality(p.photos) >= 2 and p.gender = ${otherGender} and p.user_id <> ${viewer.userId}
    ),
    scored as (
      select c.id, c.name, c.photos, c.age,
             ${location} as location, ${community} as community, ${courtship} as courtship, ${diet} as diet,
             ${age} as age_points, ${readiness} as readiness, ${penalties} as penalties
      from c
      where true ${viewerStrict} ${candidateStrict}
    )
    select id, name, photos, age, location, community, courtship, diet, age_points, readiness, penalties,
           least(100, greatest(0, location + community + courtship + diet + age_points + readiness + penalties)) as score,
           count(*) over () as total
    from scored
    order by score desc, id
    limit ${limit} offset ${offset}
  `;
}
