/**
 * Hostile input: fast-check generates bodies, params, query strings and headers for every route from
 * its zod schemas and mutates them (wrong types, huge and empty strings, unicode, deep nesting,
 * `__proto__`/`constructor` keys, numbers out of range), sent as a visitor, a signed-in user with an
 * active profile, and an admin. For every answer:
 *   - no 5xx, and nothing logged at error level (an error after an event stream has started is not a
 *     5xx, but it is a failure all the same);
 *   - a 4xx body is {message: string, errors: [{path, message}]};
 *   - a 2xx JSON body matches the route's response schema for that status;
 *   - a redirect stays on this site;
 *   - no prototype gained, lost or changed a property;
 * and after each route the app still answers GET /healthz.
 *
 * Routes come from Fastify's onRoute hook, so a route added later is fuzzed without touching this file.
 * GET /api/events (a never-ending stream) is read with payloadAsStream: its first chunk, then we hang up.
 *
 * Runs: FUZZ_RUNS per route (default 40), FUZZ_SEED to replay a seed, FUZZ_RECORD=1 to append a failure's
 * shrunk case to hostile-input.regressions.json (scripts/fuzz.ts sets all three for a long run).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeRequest, fromStored, toStored, type HostileRequest, type RegressionCase } from '#server/test/hostile-input-cases';
import { answerViolations, createHostileWorld, prototypeViolations, snapshotPrototypes, type FuzzRoute } from '#server/test/hostile-input-harness';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const RECORD = process.env.FUZZ_RECORD === '1';
/** Each route stops generating after this long, whatever RUNS says (a slow CI machine stays bounded)... */
const TIME_LIMIT_MS = process.env.FUZZ_RUNS ? Math.max(10_000, RUNS * 250) : 8_000;
/** ...and in `npm test` all routes together share this budget. */
const FILE_BUDGET_MS = process.env.FUZZ_RUNS ? Infinity : 45_000;
/** Runs every route gets before any time limit applies. */
const GUARANTEED_RUNS = 3;

const regressionsFile = new URL('../test/hostile-input.regressions.json', import.meta.url);
const regressions = JSON.parse(readFileSync(regressionsFile, 'utf8')) as RegressionCase[];

// The routes must be known while the tests are collected: the world is built here, once.
const world = await createHostileWorld();
afterAll(() => world.close());

const routeByKey = new Map(world.routes.map((route) => [route.key, route]));
const stats: Array<{ route: string; runs: number; ms: number }> = [];

afterAll(() => {
  const total = stats.reduce((sum, entry) => sum + entry.runs, 0);
  const slowest = [...stats].sort((a, b) => b.ms - a.ms).slice(0, 3);
  const byClass = new Map<string, number>();
  const reached2xx: string[] = [];
  for (const [route, counts] of world.statuses) {
    for (const [status, count] of counts) byClass.set(`${String(status)[0]}xx`, (byClass.get(`${String(status)[0]}xx`) ?? 0) + count);
    if ([...counts.keys()].some((status) => status < 300)) reached2xx.push(route);
  }
  console.log(
    `hostile input: ${stats.length} routes, ${total} generated requests (${RUNS} per route asked); ` +
      `answers ${[...byClass].sort().map(([name, count]) => `${name} ${count}`).join(', ')}; ` +
      `${reached2xx.length} routes answered 2xx at least once; ` +
      `slowest: ${slowest.map((entry) => `${entry.route} ${entry.runs} runs in ${entry.ms} ms`).join('; ')}`,
  );
  if (process.env.FUZZ_VERBOSE) {
    for (const [route, counts] of world.statuses) console.log(`  ${route}: ${[...counts].sort((a, b) => a[0] - b[0]).map(([status, count]) => `${status}×${count}`).join(' ')}`);
  }
});

async function expectClean(route: FuzzRoute | undefined, request: HostileRequest) {
  const found = await world.probe(route, request, snapshotPrototypes());
  expect(found, describeRequest(request)).toEqual([]);
}

describe('hostile input: the checks themselves', () => {
  it('notice a polluted prototype', () => {
    const before = snapshotPrototypes();
    const target = Object.prototype as Record<string, unknown>;
    target.polluted = 'yes';
    try {
      expect(prototypeViolations(before).join('\n')).toMatch(/Object.prototype gained own key polluted/);
    } finally {
      delete target.polluted;
    }
    expect(prototypeViolations(before)).toEqual([]);
  });

  it('notice a 5xx, a 4xx of another shape and a 2xx off its schema', () => {
    const route: FuzzRoute = { method: 'GET', url: '/x', key: 'GET /x', schema: { response: { 200: z.object({ id: z.uuid() }) } } };
    const request: HostileRequest = { caller: 'visitor', method: 'GET', url: '/x', headers: {} };
    const answer = (statusCode: number, body: unknown) => ({ statusCode, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)), eventStream: false });
    expect(answerViolations(route, request, answer(500, { message: 'Internal server error', errors: [] }))).toHaveLength(1);
    expect(answerViolations(route, request, answer(400, { error: 'Bad Request', statusCode: 400 }))).toHaveLength(1);
    expect(answerViolations(route, request, answer(400, { message: 'Invalid request', errors: [{ path: 'a' }] }))).toHaveLength(1);
    expect(answerViolations(route, request, answer(200, { id: 'not-a-uuid' }))).toHaveLength(1);
    expect(answerViolations(route, request, { ...answer(302, ''), headers: { location: '//evil.example' } })).toHaveLength(1);
    expect(answerViolations(route, request, answer(200, { id: '7f9c0e2a-3b1d-4c5e-8f6a-1b2c3d4e5f60' }))).toEqual([]);
    expect(answerViolations(route, request, answer(404, { code: 'not-found', message: 'Not found', errors: [] }))).toEqual([]);
    // An error without a code, or with one the list does not have, is another shape.
    expect(answerViolations(route, request, answer(404, { message: 'Not found', errors: [] }))).toHaveLength(1);
    expect(answerViolations(route, request, answer(404, { code: 'no-such-code', message: 'Not found', errors: [] }))).toHaveLength(1);
    // A ".." parameter is resolved by the URL parser into another route's path: its 2xx is that route's answer
    // (found on GET /api/guarding/%2e%2e/messages/:id, which is GET /api/messages/:id); its shape is still checked
    // on every route it really is.
    const nested: FuzzRoute = { method: 'GET', url: '/api/a/:id/b/:other', key: 'GET /api/a/:id/b/:other', schema: { response: { 200: z.object({ id: z.uuid() }) } } };
    const dotted: HostileRequest = { caller: 'visitor', method: 'GET', url: '/api/a/%2e%2e/b/~~user.id~~', headers: {} };
    expect(answerViolations(nested, dotted, answer(200, []))).toEqual([]);
    expect(answerViolations(nested, { ...dotted, url: '/api/a/x/b/~~user.id~~' }, answer(200, []))).toHaveLength(1);
  });
});

describe('hostile input: kept regressions', () => {
  it.each(regressions.map((entry) => [`${entry.route}: ${entry.note}`, entry] as const))('%s', async (_name, entry) => {
    const route = routeByKey.get(entry.route);
    expect(route, `the route ${entry.route} no longer exists: update or drop this regression`).toBeDefined();
    await expectClean(route, fromStored(entry.request));
    expect(await world.healthz()).toBe(200);
  });
});

describe('hostile input: generated', () => {
  it('found every route of the app', () => {
    expect(world.routes.length).toBeGreaterThan(30);
    for (const key of ['POST /api/auth/register', 'PUT /api/uploads/:id', 'GET /api/events', 'PATCH /api/admin/volunteer-applications/:id']) {
      expect(routeByKey.has(key), key).toBe(true);
    }
  });

  let deadline: number | undefined;
  world.routes.forEach((route, index) => {
    it(
      route.key,
      async () => {
        const prototypes = snapshotPrototypes();
        const started = Date.now();
        deadline ??= started + FILE_BUDGET_MS;
        const timeLimit = Math.max(500, Math.min(TIME_LIMIT_MS, (deadline - started) / (world.routes.length - index)));
        const property = fc.asyncProperty(world.requestArb(route), async (request) => {
          const found = await world.probe(route, request, prototypes);
          if (found.length > 0) throw new Error(found.join('\n'));
        });
        // A few runs whatever the clock says, then the rest within the route's share of the budget: on a loaded
        // machine a share could end before the first request was answered, and fast-check counts a run interrupted
        // after 0 cases as failed ("without a counterexample after 0 runs": two CI-like runs).
        const guaranteedRuns = Math.min(GUARANTEED_RUNS, RUNS);
        const first = await fc.check(property, { numRuns: guaranteedRuns, seed: SEED });
        const rest =
          first.failed || RUNS <= guaranteedRuns
            ? null
            : await fc.check(property, { numRuns: RUNS - guaranteedRuns, seed: SEED === undefined ? undefined : SEED + 1, interruptAfterTimeLimit: timeLimit, markInterruptAsFailure: false });
        // fast-check counts a time-limited run interrupted before its first case as failed even with
        // markInterruptAsFailure off (it treats "0 successes" as a failure): on a loaded machine the route's share of
        // the budget can end that early. The guaranteed runs above already tested the route, so that is no failure.
        const restInterruptedEmpty = rest !== null && rest.interrupted && rest.numRuns === 0 && rest.counterexample === null;
        const details = rest === null || restInterruptedEmpty ? first : rest;
        stats.push({ route: route.key, runs: first.numRuns + (rest?.numRuns ?? 0), ms: Date.now() - started });
        await world.restore();
        expect(await world.healthz(), 'the app still answers /healthz').toBe(200);
        if (!details.failed) return;
        if (details.counterexample === null) {
          // fast-check failed the run without a case to show (too many skipped runs, or a failure it could not replay).
          throw new Error(`${route.key}: the fuzz run failed without a counterexample after ${details.numRuns} runs and ${details.numSkips} skips (seed ${details.seed}): ${String(details.errorInstance ?? 'no error recorded')}`);
        }

        const [request] = details.counterexample;
        const problem = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        const entry: RegressionCase = { route: route.key, note: `found by fuzzing (seed ${details.seed}): ${problem.split('\n')[0]!.slice(0, 200)}`, request: toStored(request) };
        if (RECORD) {
          const current = JSON.parse(readFileSync(regressionsFile, 'utf8')) as RegressionCase[];
          writeFileSync(regressionsFile, `${JSON.stringify([...current, entry], null, 2)}\n`);
        }
        throw new Error(
          `${route.key} broke a property after ${details.numRuns} runs and ${details.numShrinks} shrinks ` +
            `(seed ${details.seed}, path ${details.counterexamplePath}):\n${problem}\n\n` +
            `${describeRequest(request)}\n\n` +
            `Keep it: add this to src/server/test/hostile-input.regressions.json${RECORD ? ' (done: FUZZ_RECORD=1)' : ''}:\n` +
            JSON.stringify(entry, null, 2).slice(0, 4000),
        );
      },
      TIME_LIMIT_MS * 4 + 30_000,
    );
  });

  it('left no event stream open (every fuzzed stream was closed again)', async () => {
    const statuses = await world.eventStreamStatuses();
    expect(statuses.every((status) => status === 200), statuses.join(',')).toBe(true);
  });
});
