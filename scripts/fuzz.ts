/**
 * The long hostile-input run (src/server/security/hostile-input.test.ts): many more generated requests
 * per route than `npm test` makes, a status summary per route, and every failure's shrunk case
 * appended to src/server/test/hostile-input.regressions.json, so it is replayed by `npm test`
 * from then on (edit its "note" to say what it found and how it was fixed).
 *
 *   npm run test:fuzz                          400 runs per route, a random seed
 *   npm run test:fuzz -- --runs 2000           more
 *   npm run test:fuzz -- --seed 1234           replay a seed a failure printed
 *   npm run test:fuzz -- --no-record           do not touch the regressions file
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '400' },
    seed: { type: 'string' },
    'no-record': { type: 'boolean', default: false },
  },
});
if (!/^\d+$/.test(values.runs) || Number(values.runs) < 1) throw new Error(`--runs must be a positive whole number, not ${values.runs}`);
if (values.seed !== undefined && !/^-?\d+$/.test(values.seed)) throw new Error(`--seed must be a whole number, not ${values.seed}`);

const env: NodeJS.ProcessEnv = {
  ...process.env,
  FUZZ_RUNS: values.runs,
  FUZZ_RECORD: values['no-record'] ? '0' : '1',
  FUZZ_VERBOSE: '1',
};
if (values.seed !== undefined) env.FUZZ_SEED = values.seed;

const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const result = spawnSync(process.execPath, [vitest, 'run', 'src/server/security/hostile-input.test.ts'], { stdio: 'inherit', env, cwd: root });
process.exit(result.status ?? 1);
