/**
 * Runs one part of the suite many times in a row and says how often each run passed, to find tests whose result
 * depends on timing or order (docs/testing.md, "Flaky tests"). Each run's output is kept in .tmp/repeat/.
 *
 *   npm run test:repeat -- --times 5 e2e                 the browser tests, five times
 *   npm run test:repeat -- --times 20 durability         the durability test (strace), twenty times
 *   npm run test:repeat -- --times 3 unit                Vitest (unit + API on the embedded database)
 *   npm run test:repeat -- --times 3 api-postgres        the API suite on DATABASE_URL (default the local server)
 *   npm run test:repeat -- --times 3 npm-test            the whole `npm test`
 *   npm run test:repeat -- --times 10 -- npx playwright test e2e/messages.spec.ts    any command
 *
 * Stops at the first failure with --stop-on-failure. Prints a table (run, result, seconds) and, for Playwright
 * runs, the names of the tests that failed or were flaky in any run.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: options, positionals } = parseArgs({
  options: {
    times: { type: 'string', default: '5' },
    'stop-on-failure': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

const parts: Record<string, { command: string[]; env?: Record<string, string> }> = {
  e2e: { command: ['npx', 'playwright', 'test'] },
  unit: { command: ['npx', 'vitest', 'run'] },
  'api-postgres': { command: ['npx', 'vitest', 'run', 'src/server'], env: { DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' } },
  durability: { command: ['npx', 'tsx', 'scripts/durability-test.ts'], env: { CI: '1' } },
  crash: { command: ['npx', 'tsx', 'scripts/crash-test.ts'] },
  'npm-test': { command: ['npm', 'test'] },
};

const [first, ...rest] = positionals;
const part = first && parts[first] ? parts[first] : first ? { command: [first, ...rest] } : null;
if (!part) {
  console.error(`usage: npm run test:repeat -- --times N <${Object.keys(parts).join('|')}> | -- <command…>`);
  process.exit(2);
}

const times = Number(options.times);
const folder = path.resolve('.tmp', 'repeat');
mkdirSync(folder, { recursive: true });

function runOnce(index: number): Promise<{ ok: boolean; seconds: number; log: string }> {
  const log = path.join(folder, `run-${String(index).padStart(2, '0')}.log`);
  const out = createWriteStream(log);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(part!.command[0]!, part!.command.slice(1), { env: { ...process.env, ...part!.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => {
      out.end();
      resolve({ ok: code === 0, seconds: (performance.now() - started) / 1000, log });
    });
  });
}

/** Playwright's list reporter marks failed tests with ✘ and flaky ones (passed on retry) with "flaky". */
function playwrightTroubles(log: string): string[] {
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => /✘|\bflaky\b/.test(line))
    .map((line) => line.trim());
}

const results: { ok: boolean; seconds: number; log: string }[] = [];
for (let i = 1; i <= times; i += 1) {
  const result = await runOnce(i);
  results.push(result);
  console.log(`run ${i}/${times}: ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s (${path.relative(process.cwd(), result.log)})`);
  if (!result.ok && options['stop-on-failure']) break;
}

console.log(`\n| run | result | seconds |\n|---:|---|---:|`);
results.forEach((result, i) => console.log(`| ${i + 1} | ${result.ok ? 'passed' : 'failed'} | ${result.seconds.toFixed(0)} |`));
const failed = results.filter((result) => !result.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
const troubles = new Set(results.flatMap((result) => playwrightTroubles(result.log)));
if (troubles.size > 0) console.log(`Tests that failed or were flaky in some run:\n${[...troubles].map((line) => `  ${line}`).join('\n')}`);
process.exit(failed === 0 ? 0 : 1);
