import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import type { AppInstance } from '#server/app-types';
import { openPostgres, type Database } from '#server/db/client';
import { createProfileUser } from '#server/test/factories';
import { openEventStream } from '#server/test/event-stream';
import { testConfig } from '#server/test/test-app';
import { openTestDatabase, suiteOnEmbedded } from '#server/test/test-database';
import { freePort, spawnServer, startServerProcess as startServer } from '#server/test/server-process';

/** Two real server processes on one PostgreSQL database, as behind a load balancer. */

describe('two server processes on one PostgreSQL database', () => {
  const secret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanga-two-'));
  let database: Database & { url?: string };
  let setup: AppInstance;
  const servers: ChildProcess[] = [];
  let first: string;
  let second: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { DATABASE_URL: database.url!, SESSION_SECRET: secret, DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    servers.push(a.child, b.child);
    first = a.url;
    second = b.url;
    // Accounts and profiles are made through a third app on the same database (and secret).
    setup = await buildApp({ config: testConfig({ sessionSecret: secret, dataDir }), database: await openPostgres(database.url!, { migrate: false }), logger: false });
  }, 90_000);

  afterAll(async () => {
    for (const child of servers) child.kill('SIGTERM');
    await Promise.all(servers.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.on('exit', resolve)))));
    await setup?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a message posted through one process on the other process\'s event stream', async () => {
    const woman = await createProfileUser(setup, { gender: 'woman' });
    const man = await createProfileUser(setup, { gender: 'man', dateOfBirth: '1990-02-02' });
    const stream = await openEventStream(`${second}/api/events`, { cookie: man.account.cookie });
    try {
      const response = await fetch(`${first}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: woman.account.cookie },
        body: JSON.stringify({ receiverId: man.account.id, content: 'Across processes' }),
      });
      expect(response.status).toBe(201);
      const sent = (await response.json()) as { id: string };
      const event = await stream.waitFor((e) => e.event === 'message');
      expect(JSON.parse(event.data!)).toMatchObject({ id: sent.id, senderId: woman.account.id, receiverId: man.account.id });
    } finally {
      stream.close();
    }
  });

  it('enforces one rate limit across both processes (issue 18 item 2)', async () => {
    // Ten wrong passwords per (email, address) in 15 minutes: alternate the processes. Counted per process, each
    // would allow ten (twenty 401s); counted in the database, the eleventh attempt is refused by either.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${i % 2 === 0 ? first : second}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'across@example.com', password: `wrong guess ${i}` }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
  });
});

describe.skipIf(!suiteOnEmbedded)('two server processes on the embedded database', () => {
  it('cannot share one data directory: the second process refuses to start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sanga-lock-'));
    // DATABASE_URL emptied: the embedded default even where the suite runs on an external PostgreSQL.
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST_DIR: path.join(dataDir, 'no-web') };
    // The first start makes the cluster (initdb), which takes a while on a loaded machine.
    const { child } = await startServer(env, 150_000);
    try {
      const port = await freePort();
      const second = spawnServer({ ...env, LOG_LEVEL: 'info' }, port);
      let stderr = '';
      second.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('is in use by another Sanga process');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
