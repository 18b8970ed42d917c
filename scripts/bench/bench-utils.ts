import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { existsSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { freePort } from '#server/test/free-port';
import os from 'node:os';
import path from 'node:path';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
export const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

export function machineLine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

export { freePort };

/** A free port, or BENCH_PORT when set (on a shared machine each person keeps to their own ports). */
export async function benchPort(): Promise<number> {
  return process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : freePort();
}

/** Resident and peak memory of a process, from /proc (Linux). */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** The processes below `pid` (children, theirs, …), from /proc (Linux). */
function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/PID/stat is the parent; the command name (field 2) may hold spaces, so read after its ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of parents.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * Memory of the server with the processes it started (the embedded PostgreSQL's postmaster and backends), as PSS:
 * shared memory counted once in all, split between the processes that map it, where adding their RSS would count
 * PostgreSQL's shared buffers once per backend.
 */
export function processTreeMemory(pid: number): { pss: number; processes: number } {
  let pss = 0;
  const tree = [pid, ...descendantsOf(pid)];
  for (const each of tree) {
    try {
      const rollup = readFileSync(`/proc/${each}/smaps_rollup`, 'utf8');
      pss += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
    } catch {
      // The process ended while we looked.
    }
  }
  return { pss, processes: tree.length };
}

/**
 * How the real server is started: `compiled` is what production runs (`npm start`: node on dist/server/main.js,
 * built here first when older than its sources), `tsx` the TypeScript sources through tsx (development, and the
 * "before" of bench:start). Answers node's arguments, entry file last.
 */
export function serverArgs(runtime: 'compiled' | 'tsx' = 'compiled'): string[] {
  if (runtime === 'tsx') return ['--import', 'tsx', path.resolve('src/server/main.ts')];
  const build = spawnSync(process.execPath, [path.resolve('scripts/server-build.mjs'), '--if-stale'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the server failed');
  return ['--enable-source-maps', path.resolve('dist/server/main.js')];
}

/**
 * Starts the real server as a child process, compiled as in production unless `runtime` says otherwise, and waits
 * for /healthz. `memoryProbe` loads scripts/bench/memory-probe.ts into it (see there).
 */
export async function startServer(
  env: Record<string, string>,
  options: { memoryProbe?: { file: string; everySeconds: number }; runtime?: 'compiled' | 'tsx'; port?: number } = {},
): Promise<{ child: ChildProcess; url: string; stop: () => Promise<void> }> {
  const port = options.port ?? (await benchPort());
  // BENCH_PROFILE_DIR=dir writes a V8 CPU profile of the server there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  // The probe is TypeScript: tsx loads it, whichever way the server itself runs.
  const probe = options.memoryProbe ? ['--expose-gc', '--import', 'tsx', '--import', path.resolve('scripts/bench/memory-probe.ts')] : [];
  const probeEnv: Record<string, string> = options.memoryProbe
    ? { MEMORY_PROBE_FILE: options.memoryProbe.file, MEMORY_PROBE_SECONDS: String(options.memoryProbe.everySeconds) }
    : {};
  const child = spawn(process.execPath, [...profile, ...probe, ...serverArgs(options.runtime)], {
    env: { ...process.env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error', ...env, ...probeEnv, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    // BENCH_SERVER_LOG=file keeps the server's log (set LOG_LEVEL=info in the environment to see every request).
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sanga.sid='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

/** Replaces (or appends) the section between `<!-- name:start -->` and `<!-- name:end -->` in docs/benchmarks.md. */
export function writeBenchmarkSection(name: string, body: string): void {
  const file = path.resolve('docs', 'benchmarks.md');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\nMeasured by the `npm run bench:*` scripts, which rewrite their own section.\n';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text = from >= 0 && to > from ? text.slice(0, from) + block + text.slice(to + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
}

const keepAliveAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * A GET over a kept-alive connection with node:http: a lighter client than fetch, so the load
 * generator takes less of the machine's two cores from the server it measures.
 */
export function httpGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: keepAliveAgent, headers: { 'accept-encoding': 'gzip, br', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
