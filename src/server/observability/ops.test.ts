import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import type { AppInstance } from '#server/app-types';
import type { Config } from '#server/config';
import { createTestContext, signUp, type TestContext } from '#server/test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The value of one sample line of the Prometheus text, e.g. `sanga_event_streams_open`. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

async function withApp<T>(overrides: Partial<Config>, run: (app: AppInstance) => Promise<T>): Promise<T> {
  const app = await buildApp({ config: { ...ctx.config, ...overrides }, database: ctx.database, logger: false });
  try {
    return await run(app);
  } finally {
    await app.close();
  }
}

describe('GET /metrics (issue 18 item 4)', () => {
  it('answers Prometheus text: requests by route pattern and status, queries, streams, queues, match index, memory', async () => {
    const user = await signUp(ctx.app);
    const rawId = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    expect((await ctx.app.inject({ method: 'GET', url: `/api/match/${rawId}`, headers: { cookie: user.cookie } })).statusCode).toBe(403);
    const stream = await ctx.app.inject({ method: 'GET', url: '/api/events', headers: { cookie: user.cookie }, payloadAsStream: true });
    let text: string;
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      text = response.body;
    } finally {
      stream.stream().destroy();
    }
    // The pattern, never the address: one series per route whatever the id.
    expect(text).toMatch(/sanga_http_request_duration_seconds_count\{method="GET",route="\/api\/match\/:id",status_code="403"\} 1/);
    expect(text).not.toContain(rawId);
    expect(text).toMatch(/sanga_http_request_duration_seconds_bucket\{le="0\.1",method="POST",route="\/api\/auth\/register",status_code="201"\}/);
    expect(sample(text, 'sanga_event_streams_open')).toBe(1);
    expect(sample(text, 'sanga_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(text).toContain('sanga_queue_depth{queue="background"} 0');
    expect(text).toContain('sanga_queue_failures_total{queue="background"} 0');
    // The durable outbox: a sign-up's verification mail waits in it until a test settles the jobs.
    expect(sample(text, 'sanga_queue_depth{queue="outbox"}')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('sanga_queue_failures_total{queue="outbox"} 0');
    expect(sample(text, 'sanga_match_index_profiles')).toBe(0);
    expect(sample(text, 'sanga_process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
    expect(text).toContain('sanga_nodejs_heap_size_used_bytes');
  });

  it('a queue registered by another module shows its depth and failures', async () => {
    ctx.app.metrics.registerQueue('outbox-test', { depth: async () => 7, failures: () => 2 });
    const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toContain('sanga_queue_depth{queue="outbox-test"} 7');
    expect(text).toContain('sanga_queue_failures_total{queue="outbox-test"} 2');
  });

  it('refuses another address (403, {message, errors}), unless it brings METRICS_TOKEN', async () => {
    const remote = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual({ code: 'metrics-refused', message: 'Metrics are served to the loopback address or with METRICS_TOKEN', errors: [] });
    expect(remote.body).not.toContain('sanga_');
    await withApp({ metricsToken: 'a-long-metrics-token-123' }, async (app) => {
      const get = (authorization?: string) =>
        app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5', headers: authorization ? { authorization } : {} });
      expect((await get('Bearer a-long-metrics-token-123')).statusCode).toBe(200);
      expect((await get('Bearer a-long-metrics-token-124')).statusCode).toBe(403);
      expect((await get('a-long-metrics-token-123')).statusCode).toBe(403);
      expect((await get()).statusCode).toBe(403);
    });
  });

  it('behind a proxy on this machine, the proxied client address counts, not the loopback socket', async () => {
    await withApp({ trustProxy: 1 }, async (app) => {
      const via = (forwardedFor: string) =>
        app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });
      expect((await via('203.0.113.9')).statusCode).toBe(403);
      // A client that claims loopback further left is not believed: one hop is trusted, the right-most entry counts.
      expect((await via('127.0.0.1, 203.0.113.9')).statusCode).toBe(403);
      expect((await via('127.0.0.1')).statusCode).toBe(200);
    });
    // TRUST_PROXY unset but forwarding headers present: a proxy we were not told about; loopback proves nothing.
    const unannounced = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(unannounced.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
  });
});

describe('GET /readyz and /healthz (issue 18 item 4)', () => {
  it('answers ready once the database answers and has run every migration this code ships', async () => {
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 while the newest migration has not run (a database behind this code)', async () => {
    const { db } = ctx.database;
    const newest = (await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
      rows: { id: number; hash: string; created_at: string }[];
    };
    const row = newest.rows[0]!;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const answer = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ code: 'not-ready', message: 'Not ready: migrations have not run', errors: [] });
      // /healthz is unchanged: the process is alive.
      expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 when the database does not answer', async () => {
    const { openTestDatabase } = await import('#server/test/test-database');
    const database = await openTestDatabase();
    const app = await buildApp({ config: ctx.config, database, logger: false });
    try {
      await database.close();
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json<{ message: string }>().message).toMatch(/^Not ready: /);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
