/**
 * How long the Vedic computation takes (issue #52: once per person when the birth details change, per pair on
 * demand): `npm run bench:vedic`. Prints microseconds per chart (exact, approximate, unknown time) and per pair
 * (exact pairs, and unknown × unknown, the most cells). A measurement, not a test: nothing fails on a slow machine.
 */
import { performance } from 'node:perf_hooks';
import { vedicChart, type BirthDetails } from '#domain/vedic/chart';
import { vedicMatch } from '#domain/vedic/vedic-match';
import { machineLine, writeBenchmarkSection } from './bench-utils';
import reference from '../../src/domain/vedic/reference-charts.json' with { type: 'json' };

const births: BirthDetails[] = reference.charts.map((chart) => ({
  birthDate: chart.date,
  birthTime: chart.time,
  birthTimeAccuracy: 'exact',
  timeZone: chart.timeZone,
  birthPlace: { latitude: chart.latitude, longitude: chart.longitude },
}));

function microsecondsPerCall(rounds: number, run: (round: number) => unknown): number {
  for (let round = 0; round < Math.min(rounds, 200); round++) run(round);
  const start = performance.now();
  for (let round = 0; round < rounds; round++) run(round);
  return ((performance.now() - start) * 1000) / rounds;
}

const rows: [string, string][] = [];
for (const accuracy of ['exact', 'approximate', 'unknown'] as const) {
  const perChart = microsecondsPerCall(2000, (round) => vedicChart({ ...births[round % births.length]!, birthTimeAccuracy: accuracy }));
  rows.push([`a chart, ${accuracy} time`, perChart.toFixed(1)]);
}

const exact = births.map((birth) => vedicChart(birth));
const unknown = births.map((birth) => vedicChart({ ...birth, birthTimeAccuracy: 'unknown' }));
for (const [label, charts] of [['exact × exact', exact], ['unknown × unknown', unknown]] as const) {
  const perPair = microsecondsPerCall(100_000, (round) =>
    vedicMatch({ chart: charts[round % charts.length]!, gender: 'woman' }, { chart: charts[(round * 7 + 3) % charts.length]!, gender: 'man' }),
  );
  rows.push([`a pair, ${label}`, perPair.toFixed(2)]);
}

const table = ['| Call | µs per call |', '|---|---:|', ...rows.map(([call, micros]) => `| ${call} | ${micros} |`)].join('\n');
console.log(table);
writeBenchmarkSection(
  'bench:vedic',
  `## Vedic compatibility, in process (\`npm run bench:vedic\`)

A chart is computed once a person, when her birth details or date of birth change (27 reference births, 2,000 calls
each); a pair on demand from two stored charts (100,000 calls). No database, no HTTP.
Machine: ${machineLine()}; measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC.

${table}`,
);
