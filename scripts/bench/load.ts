// npm run bench:load — load and soak: a realistic mix (sign-in, browse matches, open a profile, read and
// send messages) driven by autocannon over loopback while 1,000 event streams stay open, at rising
// concurrency until p99 passes 500 ms, then a 15-minute soak at half the load that passed it, sampling
// the server's memory (RSS, and live heap after a forced GC through memory-probe.ts). The embedded PostgreSQL and (with
// DATABASE_URL, or a PostgreSQL answering on 127.0.0.1:5432) an external one. Writes its own sections of docs/benchmarks.md.
// Options: --db embedded|postgres|both (or BENCH_DB) --seconds 20 --soak-minutes 15 --profiles 5000
//   --users 1000 --streams 1000 --steps 10,25,50,100,200,400,800 --max-connections 800 --p99-limit 500
//   --signin-rate 1 --warmup 5 --sample-seconds 30 --no-write
//   --quick: a smoke check (3 s steps up to 50 connections, 15 s soak, 500 profiles, 100 streams; no write)
import os from 'node:os';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { machineLine, mib, ms, percentile, processMemory, startServer, writeBenchmarkSection } from './bench-utils';
import { KIND_LABELS, KINDS, latencySummary, MIX, runPhase, type PhaseResult, type WindowSample } from './load-mix';
import { dbLabel, postgresReachable, setupPopulation, type DbKind, type Population } from './load-setup';
import { SignInDriver, type SignInStats } from './load-signins';
import { StreamPool, type DeliveryStats } from './load-streams';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    seconds: { type: 'string' },
    'soak-minutes': { type: 'string' },
    profiles: { type: 'string' },
    users: { type: 'string' },
    streams: { type: 'string' },
    steps: { type: 'string' },
    'max-connections': { type: 'string' },
    'p99-limit': { type: 'string' },
    'signin-rate': { type: 'string' },
    warmup: { type: 'string' },
    'sample-seconds': { type: 'string' },
    quick: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});

const quick = values.quick;
function option(name: keyof typeof values, normal: number, smoke: number): number {
  const raw = values[name];
  const value = typeof raw === 'string' ? Number(raw) : quick ? smoke : normal;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number >= 0`);
  return value;
}
const seconds = option('seconds', 20, 3);
const soakMinutes = option('soak-minutes', 15, 0.25);
const profileCount = Math.round(option('profiles', 5000, 500));
const streamCount = Math.round(option('streams', 1000, 100));
const userCount = Math.round(option('users', Math.min(profileCount, Math.max(1000, Math.ceil(streamCount / 10))), 100));
const maxConnections = Math.round(option('max-connections', 800, 50));
const p99Limit = option('p99-limit', 500, 500);
const signInRate = option('signin-rate', 1, 1);
const warmupSeconds = option('warmup', 5, 1);
const sampleSeconds = option('sample-seconds', 30, 5);
const write = !values['no-write'] && !quick;
const steps = (values.steps ?? '10,25,50,100,200,400,800')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0 && n <= maxConnections);
if (steps.length === 0) throw new Error('no concurrency steps at or under --max-connections');
if (userCount > profileCount) throw new Error('--users cannot exceed --profiles');
if (streamCount > userCount * 10) throw new Error('--streams: at most 10 streams a user (the server limit); raise --users');

const postgresUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbChoice = values.db ?? process.env.BENCH_DB ?? 'both';
const wanted: DbKind[] = dbChoice === 'both' ? ['embedded', 'postgres'] : (dbChoice.split(',') as DbKind[]);
for (const kind of wanted) if (kind !== 'embedded' && kind !== 'postgres') throw new Error(`--db: unknown database ${kind}`);

/** CPU seconds (user + system) a process has used, from /proc (Linux). */
function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Step {
  phase: PhaseResult;
  signIns: SignInStats;
  delivery: DeliveryStats;
  streamsOpen: number;
  rss: number;
  serverCpu: number;
  generatorCpu: number;
}

interface Soak extends Step {
  minutes: number;
  /** Just before the soak (after the ramp). */
  rssBefore: number;
  /** At the first sample, `sampleSeconds` into the soak. */
  rssStart: number;
  rssEnd: number;
  rssMin: number;
  rssMax: number;
  rssPeak: number;
  samples: { at: number; rss: number; live: number | undefined; sample: WindowSample }[];
}

interface DbRun {
  kind: DbKind;
  population: Omit<Population, 'env' | 'users' | 'cleanup'> & { users: number };
  streamsOpened: number;
  streamsFailed: number;
  idleRss: number;
  steps: Step[];
  knee: number | undefined;
  soak: Soak | undefined;
  dropLog: string[];
}

const count = (n: number) => n.toLocaleString('en-US');
const pct = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(0)}` : '–');
const signInCell = (s: SignInStats) => {
  const sorted = Float64Array.from(s.latencies).sort() as unknown as number[];
  const bad = s.rateLimited + s.failed + s.errors;
  return `${s.ok}${bad ? ` (+${bad} failed)` : ''}, ${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 99))}`;
};
const deliveryCell = (d: DeliveryStats) => `${count(d.delivered)} / ${count(d.tracked)}`;

async function measured(serverPid: number, streams: StreamPool, signIns: SignInDriver, run: () => Promise<PhaseResult>): Promise<Step> {
  const cpu0 = processCpuSeconds(serverPid);
  const gen0 = process.cpuUsage();
  const t0 = performance.now();
  const phase = await run();
  const wall = (performance.now() - t0) / 1000;
  const serverCpu = (100 * (processCpuSeconds(serverPid) - cpu0)) / wall;
  const gen = process.cpuUsage(gen0);
  const generatorCpu = (100 * (gen.user + gen.system)) / 1e6 / wall;
  const rss = processMemory(serverPid).rss;
  const delivery = await streams.takeDelivery();
  return { phase, signIns: signIns.take(), delivery, streamsOpen: streams.openCount, rss, serverCpu, generatorCpu };
}

function stepLine(step: Step): string {
  const p = step.phase;
  return (
    `  ${String(p.connections).padStart(4)} conns: ${p.rps.toFixed(0).padStart(5)} req/s, p50 ${ms(p.p50)} ms, p99 ${ms(p.p99)} ms, ` +
    `${count(p.requests)} requests, unintended non-2xx ${p.unintended}, 429 sign-in/send ${p.login429}/${p.send429}, errors ${p.errors}, ` +
    `streams ${step.streamsOpen}, delivered ${deliveryCell(step.delivery)}, sign-ins ${signInCell(step.signIns)}, ` +
    `CPU server/generator ${step.serverCpu.toFixed(0)}%/${step.generatorCpu.toFixed(0)}%, RSS ${mib(step.rss)} MiB`
  );
}

function statusSummary(statuses: Map<number, number>): string {
  return [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${count(n)}`).join(', ');
}

function kindTable(phase: PhaseResult): string {
  return [
    '| Request | Share | Requests | p50 ms | p99 ms | Statuses |',
    '|---|---:|---:|---:|---:|---|',
    ...KINDS.map((kind) => {
      const stats = phase.byKind.get(kind)!;
      const { p50, p99 } = latencySummary(stats.latencies);
      return `| ${KIND_LABELS[kind]} | ${pct(stats.count, phase.requests)}% | ${count(stats.count)} | ${ms(p50)} | ${ms(p99)} | ${statusSummary(stats.statuses)} |`;
    }),
  ].join('\n');
}

async function runDatabase(kind: DbKind): Promise<DbRun> {
  const label = dbLabel(kind);
  console.log(`\n== ${label}: seeding ${count(profileCount)} profiles, ${count(userCount)} bench users`);
  const population = await setupPopulation({
    kind,
    postgresUrl,
    profiles: profileCount,
    users: userCount,
    partnersPerUser: 3,
    candidatesPerUser: 20,
    log: (text) => process.stdout.write(text),
  });
  console.log(`  ${population.conversations} conversations (${population.seededMessages} messages) seeded in ${population.seedSeconds.toFixed(0)} s`);
  const probeFile = path.join(os.tmpdir(), `sanga-memory-probe-${process.pid}-${kind}.jsonl`);
  rmSync(probeFile, { force: true });
  const server = await startServer(population.env, { memoryProbe: { file: probeFile, everySeconds: sampleSeconds } });
  const pid = server.child.pid!;
  const streams = new StreamPool();
  const signIns = new SignInDriver(server.url, population.users, signInRate);
  try {
    const opened = Date.now();
    await streams.open(server.url, population.users, streamCount);
    console.log(`  ${streams.size} event streams open (${streams.failedToOpen} failed) in ${((Date.now() - opened) / 1000).toFixed(1)} s`);
    const idleRss = processMemory(pid).rss;
    signIns.start();
    let seed = 1;
    const phase = (connections: number, duration: number, onSample?: (sample: WindowSample) => void) =>
      runPhase({ url: server.url, users: population.users, connections, seconds: duration, streams, seed: seed++, onSample, sampleSeconds });

    if (warmupSeconds > 0) {
      const warm = await measured(pid, streams, signIns, () => phase(steps[0]!, warmupSeconds));
      console.log(`  warm-up (not recorded): ${warm.phase.rps.toFixed(0)} req/s, p99 ${ms(warm.phase.p99)} ms`);
    }

    const ramp: Step[] = [];
    for (const connections of steps) {
      const step = await measured(pid, streams, signIns, () => phase(connections, seconds));
      ramp.push(step);
      console.log(stepLine(step));
      if (step.phase.p99 > p99Limit) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const under = ramp.filter((s) => s.phase.p99 <= p99Limit);
    const knee = under.at(-1)?.phase.connections;
    let soak: Soak | undefined;
    if (soakMinutes > 0) {
      // The issue's rule: half the load at which p99 passed the line (or half the highest step, if none did).
      const connections = Math.max(1, Math.floor(ramp.at(-1)!.phase.connections / 2));
      console.log(`  soak: ${connections} connections for ${soakMinutes} min (RSS every ${sampleSeconds} s)`);
      const samples: Soak['samples'] = [];
      const rssBefore = processMemory(pid).rss;
      const started = Date.now();
      const step = await measured(pid, streams, signIns, () =>
        phase(connections, soakMinutes * 60, (sample) => {
          const rss = processMemory(pid).rss;
          samples.push({ at: (Date.now() - started) / 1000, rss, live: latestLiveHeap(probeFile), sample });
          console.log(
            `    ${sample.elapsedSeconds.toFixed(0).padStart(5)} s: ${sample.rps.toFixed(0)} req/s, p50 ${ms(sample.p50)} ms, p99 ${ms(sample.p99)} ms, ` +
              `unintended ${sample.unintended}, errors ${sample.errors}, streams ${streams.openCount}, RSS ${mib(rss)} MiB, ` +
              `live heap ${mib(samples.at(-1)?.live ?? Number.NaN)} MiB`,
          );
        }),
      );
      const memory = processMemory(pid);
      // The first sample, once the soak's load is steady, is its start: right after the ramp's last
      // (overloaded) step the heap is still inflated, which would flatter the comparison.
      const steadyStart = samples[0]?.rss ?? rssBefore;
      const all = [steadyStart, ...samples.map((s) => s.rss), memory.rss];
      soak = {
        ...step,
        minutes: soakMinutes,
        rssBefore,
        rssStart: steadyStart,
        rssEnd: memory.rss,
        rssMin: Math.min(...all),
        rssMax: Math.max(...all),
        rssPeak: memory.peak,
        samples,
      };
      console.log(stepLine(soak));
    }
    return {
      kind,
      population: { kind, profiles: population.profiles, users: population.users.length, conversations: population.conversations, seededMessages: population.seededMessages, seedSeconds: population.seedSeconds },
      streamsOpened: streams.size,
      streamsFailed: streams.failedToOpen,
      idleRss,
      steps: ramp,
      knee,
      soak,
      dropLog: streams.dropLog,
    };
  } finally {
    await signIns.stop();
    streams.close();
    await server.stop();
    await population.cleanup();
    rmSync(probeFile, { force: true });
  }
}

/** The server's heap in use right after its latest full garbage collection (scripts/bench/memory-probe.ts). */
function latestLiveHeap(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const last = readFileSync(file, 'utf8').trim().split('\n').at(-1);
  if (!last) return undefined;
  const { heapUsed, external } = JSON.parse(last) as { heapUsed: number; external: number };
  return heapUsed + external;
}

function report(run: DbRun): string {
  const label = dbLabel(run.kind);
  const rampTable = [
    '| Connections | Req/s | p50 ms | p99 ms | Requests | Unintended non-2xx | 429 sign-in / send | Errors (timeouts) | Streams open | Messages delivered | Real sign-ins ok, p50 / p99 ms | CPU % server / generator | Server RSS MiB |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...run.steps.map((s) => {
      const p = s.phase;
      const mark = p.p99 > p99Limit ? ' (past the line)' : '';
      return `| ${p.connections}${mark} | ${p.rps.toFixed(0)} | ${ms(p.p50)} | ${ms(p.p99)} | ${count(p.requests)} | ${p.unintended} | ${count(p.login429)} / ${count(p.send429)} | ${p.errors} (${p.timeouts}) | ${s.streamsOpen} | ${deliveryCell(s.delivery)} | ${signInCell(s.signIns)} | ${s.serverCpu.toFixed(0)} / ${s.generatorCpu.toFixed(0)} | ${mib(s.rss)} |`;
    }),
  ].join('\n');
  const lastStep = run.steps.at(-1)!;
  const passed = lastStep.phase.p99 > p99Limit;
  const kneeText =
    run.knee === undefined
      ? `p99 was over ${p99Limit} ms from the first step.`
      : passed
        ? `p99 passed ${p99Limit} ms at ${lastStep.phase.connections} connections; the last step under it was ${run.knee} connections.`
        : `p99 stayed under ${p99Limit} ms up to ${run.knee} connections (the highest step run).`;
  let text = `## Load and soak on ${label} (\`npm run bench:load\`)

autocannon on loopback drives a mix of signed-in users against one server process while ${count(run.streamsOpened)} event streams
(GET /api/events) stay open throughout${run.streamsFailed ? ` (${run.streamsFailed} failed to open)` : ''}. Population: ${count(run.population.profiles)} active profiles; ${count(run.population.users)} of them are bench
users with a session each and ${count(run.population.conversations)} conversations between matched bench users (${count(run.population.seededMessages)} messages seeded).
Each connection takes turns among its own slice of the bench users. Mix: ${KINDS.map((k) => `${KIND_LABELS[k]} ${(MIX[k] * 100).toFixed(0)}%`).join(', ')}.
The mix's sign-ins all come from 127.0.0.1, so after the first 30 per 15 minutes the sign-in limiter answers 429, as intended;
sends over 30 a minute per user get the intended 429 too. Every other non-2xx counts as unintended. Real sign-ins run beside the
mix at ${signInRate} a second, each from another loopback address (127.0.0.2–254). "Messages delivered" counts sends answered 201
whose event reached the receiver's stream. Each step runs ${seconds} s; the ramp stops once p99 passes ${p99Limit} ms. ${kneeText}
${run.kind === 'postgres' ? 'The load generator, the server and PostgreSQL' : 'The load generator, the server and the PostgreSQL it started (embedded)'} share the same ${os.cpus().length} cores, so the figures are lower than the server alone could do.
Server RSS is the server process only${run.kind === 'postgres' ? ' (PostgreSQL\'s own memory is not counted)' : ' (the embedded PostgreSQL runs in processes of its own, not counted)'}; it was ${mib(run.idleRss)} MiB with the streams open before the load.
Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 10)}.

${rampTable}
`;
  const soak = run.soak;
  if (soak) {
    const change = (100 * (soak.rssEnd - soak.rssStart)) / soak.rssStart;
    // RSS saw-tooths with garbage collection; a leak shows as a rise of the typical level, so the verdict
    // compares the median of the first five samples with the median of the last five.
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const rss = soak.samples.map((sample) => sample.rss);
    const window = Math.min(5, Math.floor(rss.length / 2)) || 1;
    const typicalStart = median(rss.slice(0, window));
    const typicalEnd = median(rss.slice(-window));
    const typicalChange = (100 * (typicalEnd - typicalStart)) / typicalStart;
    // What a leak grows: the heap still in use after a full collection (memory-probe.ts).
    const live = soak.samples.map((sample) => sample.live).filter((value): value is number => value !== undefined);
    const liveWindow = Math.min(5, Math.floor(live.length / 2)) || 1;
    const liveStart = median(live.slice(0, liveWindow));
    const liveEnd = median(live.slice(-liveWindow));
    const liveChange = (100 * (liveEnd - liveStart)) / liveStart;
    const p = soak.phase;
    const soakTable = [
      '| Connections | Minutes | Requests | Req/s | p50 ms | p99 ms | Unintended non-2xx | 429 sign-in / send | Errors (timeouts) | Streams open | Messages delivered | Real sign-ins ok, p50 / p99 ms | Server RSS start → end MiB | min / max MiB | Change |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| ${p.connections} | ${soak.minutes} | ${count(p.requests)} | ${p.rps.toFixed(0)} | ${ms(p.p50)} | ${ms(p.p99)} | ${p.unintended} | ${count(p.login429)} / ${count(p.send429)} | ${p.errors} (${p.timeouts}) | ${soak.streamsOpen} of ${run.streamsOpened} | ${deliveryCell(soak.delivery)} | ${signInCell(soak.signIns)} | ${mib(soak.rssStart)} → ${mib(soak.rssEnd)} | ${mib(soak.rssMin)} / ${mib(soak.rssMax)} | ${change >= 0 ? '+' : ''}${change.toFixed(1)}% |`,
    ].join('\n');
    // The step past the line is overload on purpose; the target holds for the steps under it and the soak.
    const underTheLine = run.steps.filter((s) => s.phase.p99 <= p99Limit);
    const errorsFree = p.errors === 0 && p.unintended === 0 && underTheLine.every((s) => s.phase.errors === 0 && s.phase.unintended === 0);
    const flat = Math.abs(typicalChange) <= 10 && live.length > 0 && Math.abs(liveChange) <= 10;
    const streamsKept = soak.streamsOpen === run.streamsOpened;
    text += `
Soak at ${passed ? `half the load at which p99 passed ${p99Limit} ms` : 'half the highest step (p99 never passed the line)'} (${p.connections} connections), server RSS every ${sampleSeconds} s; "start" is the first
sample, ${sampleSeconds} s in (just before the soak, after the ramp, it was ${mib(soak.rssBefore)} MiB):

${soakTable}

RSS samples (MiB): ${soak.samples.map((s) => mib(s.rss)).join(', ')}; the server's peak RSS over the whole run (VmHWM) was ${mib(soak.rssPeak)} MiB.
Typical RSS (median of the first and of the last ${window} samples): ${mib(typicalStart)} → ${mib(typicalEnd)} MiB, ${typicalChange >= 0 ? '+' : ''}${typicalChange.toFixed(1)}%.
Live heap (heap used + external right after a full garbage collection, MiB): ${live.map((value) => mib(value)).join(', ') || 'not measured'};
typical ${mib(liveStart)} → ${mib(liveEnd)} MiB, ${liveChange >= 0 ? '+' : ''}${liveChange.toFixed(1)}%. The server runs with
scripts/bench/memory-probe.ts, which forces that full collection every ${sampleSeconds} s; without it V8 lets its heap grow
headroom under steady load, and RSS wanders more (session 2, same load, no probe: typical RSS +15.8%).
Target (zero errors and unintended non-2xx under the line and in the soak; typical memory flat within 10% over the soak; every stream still open): ${errorsFree && flat && streamsKept ? '**met**' : `**not met** (${[!errorsFree && 'errors or unintended non-2xx', !flat && 'memory (RSS or live heap) changed more than 10%', !streamsKept && 'streams dropped'].filter(Boolean).join('; ')})`}.

Per request during the soak:

${kindTable(p)}
`;
  }
  return text;
}

/** A section new to docs/benchmarks.md goes before the reading notes (writeBenchmarkSection would append it at the end). */
function placeSectionBefore(name: string, heading: string): void {
  const file = path.resolve('docs', 'benchmarks.md');
  if (!existsSync(file)) return;
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(`\n${heading}`);
  if (text.includes(`<!-- ${name}:start -->`) || at < 0) return;
  writeFileSync(file, `${text.slice(0, at)}\n<!-- ${name}:start -->\n<!-- ${name}:end -->\n${text.slice(at)}`);
}

for (const kind of wanted) {
  if (kind === 'postgres' && !(await postgresReachable(postgresUrl))) {
    const message = `PostgreSQL does not answer at ${postgresUrl.replace(/\/\/[^@]*@/, '//…@')}: skipped (set DATABASE_URL)`;
    if (dbChoice === 'postgres') throw new Error(message);
    console.log(message);
    continue;
  }
  const run = await runDatabase(kind);
  const body = report(run);
  console.log(`\n${body}`);
  if (run.dropLog.length > 0) console.log(`Stream drops:\n  ${run.dropLog.join('\n  ')}`);
  if (write) {
    placeSectionBefore(`bench:load:${kind}`, '## History and reading notes');
    writeBenchmarkSection(`bench:load:${kind}`, body);
  }
}
if (!write) console.log('(not written to docs/benchmarks.md: --quick or --no-write)');
