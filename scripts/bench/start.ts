/**
 * Server start benchmark (`npm run bench:start`): how long the real server takes from spawn to its first /healthz
 * answer, and how much memory it holds then, run through tsx (the TypeScript sources, as production ran before
 * the compiled server) and compiled (node on dist/server/main.js, what `npm start` runs now). Embedded database,
 * one data directory already initialised and migrated by a first start that is not counted.
 *
 *   npm run bench:start [-- --runs 5 --postgres postgres://…/scratch --no-write]
 *
 * With --postgres, the same is measured on that PostgreSQL database too (migrated by the first start; use a scratch
 * one): there the embedded database's own start (its wasm, a flush of every cluster file) is out of the figure, and
 * what is left is mostly node loading the server.
 * Memory is the resident set of the server's whole process tree (tsx keeps an esbuild service process beside the
 * server). Prints a table (medians of the runs) and rewrites the `bench:start` section of docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, machineLine, mib, ms, percentile, processMemory, serverArgs, writeBenchmarkSection } from './bench-utils';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    postgres: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);

/** The pids of a process and all its descendants (Linux /proc). */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (const task of safeList(`/proc/${pid}/task`)) {
    const children = safeRead(`/proc/${pid}/task/${task}/children`).trim();
    for (const child of children ? children.split(/\s+/).map(Number) : []) pids.push(...processTree(child));
  }
  return pids;
}
function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    // The process ended meanwhile: no threads, no children.
    return [];
  }
}
function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

interface Sample {
  startMs: number;
  rss: number;
}

/** One start: spawn, poll /healthz every 10 ms, read the tree's memory, stop with SIGTERM. */
async function startOnce(runtime: 'tsx' | 'compiled', dataDir: string, entryArgs: string[], databaseUrl = ''): Promise<Sample> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/healthz`;
  const began = performance.now();
  const child = spawn(process.execPath, entryArgs, {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`${runtime} server exited with ${child.exitCode}`);
      if (performance.now() - began > 120_000) throw new Error(`${runtime} server did not start in 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const startMs = performance.now() - began;
    const rss = processTree(child.pid!).reduce((sum, pid) => sum + safeMemory(pid), 0);
    return { startMs, rss };
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.on('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

function safeMemory(pid: number): number {
  try {
    return processMemory(pid).rss;
  } catch {
    return 0;
  }
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

/** Medians of `RUNS` starts of each runtime, interleaved, as table rows for one database. */
async function measure(database: string, dataDir: string, databaseUrl: string): Promise<string[]> {
  const runtimes = { tsx: serverArgs('tsx'), compiled: serverArgs('compiled') } as const;
  // The first start creates and migrates the database: not what a restart costs.
  await startOnce('compiled', dataDir, runtimes.compiled, databaseUrl);
  const results: Record<'tsx' | 'compiled', Sample[]> = { tsx: [], compiled: [] };
  // Interleaved, so a busy moment on the shared machine lands on both.
  for (let run = 0; run < RUNS; run += 1) {
    for (const runtime of ['tsx', 'compiled'] as const) results[runtime].push(await startOnce(runtime, dataDir, runtimes[runtime], databaseUrl));
  }
  return (['tsx', 'compiled'] as const).map((runtime) => {
    const starts = results[runtime].map((s) => s.startMs);
    const server = runtime === 'tsx' ? 'tsx (node --import tsx src/server/main.ts)' : 'compiled (node dist/server/main.js)';
    return `| ${database} | ${server} | ${ms(median(starts))} | ${ms(Math.min(...starts))} – ${ms(Math.max(...starts))} | ${mib(median(results[runtime].map((s) => s.rss)))} |`;
  });
}

async function main() {
  const rows: string[] = [];
  const load = os.loadavg()[0]!;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanga-bench-start-'));
  try {
    rows.push(...(await measure('embedded', path.join(dataDir, 'embedded'), '')));
    if (args.postgres) rows.push(...(await measure('PostgreSQL', path.join(dataDir, 'postgres'), args.postgres)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const table = [
    '| Database | Server | Start to /healthz, median (ms) | Range (ms) | RSS when ready, median (MiB) |',
    '|---|---|---:|---:|---:|',
    ...rows,
  ].join('\n');
  console.log(table);
  if (!args['no-write']) {
    writeBenchmarkSection(
      'bench:start',
      `## Server start (\`npm run bench:start\`)\n\n${machineLine()}; load average ${load.toFixed(1)} when it began (a shared machine). ` +
        `${RUNS} starts of each, interleaved, on a database that a first start (not counted) created and migrated; time from spawn to ` +
        'the first 200 from /healthz (polled every 10 ms); memory is the resident set of the whole process tree (tsx runs an esbuild ' +
        'service process beside the server).\n\n' +
        `${table}\n\nMeasured ${new Date().toISOString().slice(0, 10)}.`,
    );
  }
}

await main();
