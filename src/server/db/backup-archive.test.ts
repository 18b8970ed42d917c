import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, validProfileInput } from '#server/test/fixtures';
import { startServerProcess, type ServerProcess } from '#server/test/server-process';
import { BackupError, restoreBackup, writeBackup } from './backup-archive';
import { SEND_LIMIT_PER_MINUTE } from '#server/features/messages/messages.routes';
import { sql } from 'drizzle-orm';
import { openEmbedded } from './client';
import { suiteOnEmbedded } from '#server/test/test-database';

/**
 * The round trip of `npm run backup` and `npm run restore` on the real server: data with accounts, profiles,
 * photos and messages, a backup taken while the server runs (and one while it is stopped), restored into an empty
 * folder, a server started on it, and every table and every photo compared with the original. Embedded database
 * only (PostgreSQL is backed up with its own tools), so it runs once, in the embedded suite.
 */
const PASSWORD = 'backup round trip password';

let base: string;
let source: string;
let server: ServerProcess | undefined;

interface Member {
  email: string;
  id: string;
  cookie: string;
}

async function call(url: string, cookie: string | null, method: string, route: string, body?: unknown, raw?: Buffer): Promise<Response> {
  return fetch(`${url}${route}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(raw ? { 'content-type': 'image/jpeg' } : body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: raw ? new Uint8Array(raw) : body !== undefined ? JSON.stringify(body) : undefined,
  });
}

async function ok<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

/** A member with an active profile and two photos, made through the API as a browser would. */
async function member(url: string, index: number, gender: 'man' | 'woman'): Promise<Member> {
  const email = `backup${index}@example.com`;
  const registered = await call(url, null, 'POST', '/api/auth/register', { email, password: PASSWORD });
  const { id } = await ok<{ id: string }>(registered, 'register');
  const cookie = registered.headers.getSetCookie().find((c) => c.startsWith('sanga.sid='))!.split(';')[0]!;
  await ok(await call(url, cookie, 'POST', '/api/profile', validProfileInput({ name: `Backup ${index}`, gender, dateOfBirth: gender === 'man' ? '1990-03-01' : '1992-07-15', minAge: 25, maxAge: 45 })), 'profile');
  const photos: string[] = [];
  for (const shade of ['#204060', '#806020']) {
    const ticket = await ok<{ uploadURL: string }>(await call(url, cookie, 'POST', '/api/objects/upload'), 'ticket');
    await ok(await call(url, cookie, 'PUT', ticket.uploadURL, undefined, await makeJpeg({ width: 200, height: 160, color: shade })), 'upload');
    photos.push((await ok<{ objectPath: string }>(await call(url, cookie, 'PUT', '/api/profile-photos', { photoURL: ticket.uploadURL }), 'register')).objectPath);
  }
  await ok(await call(url, cookie, 'PATCH', '/api/profile', { photos }), 'photos');
  await ok(await call(url, cookie, 'PATCH', '/api/profile/toggle-active', { active: true }), 'activate');
  return { email, id, cookie };
}

/** Every table of the public and drizzle schemas, each as its rows in a stable order. */
async function tablesOf(dataDir: string): Promise<Record<string, unknown[]>> {
  const database = await openEmbedded(dataDir, { migrate: false, notice: () => undefined });
  try {
    const { rows: tables } = (await database.db.execute(
      sql.raw("SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace " +
        // UNLOGGED tables (the rate-limit counters) are empty in any snapshot by design: losing them costs nothing.
        "WHERE c.relkind = 'r' AND c.relpersistence = 'p' AND n.nspname IN ('public', 'drizzle') ORDER BY 1"),
    )) as unknown as { rows: Array<{ name: string }> };
    const out: Record<string, unknown[]> = {};
    for (const { name } of tables) {
      const { rows } = (await database.db.execute(sql.raw(`SELECT coalesce(json_agg(t ORDER BY t::text), '[]'::json) AS data FROM ${name} t`))) as unknown as {
        rows: Array<{ data: unknown[] }>;
      };
      out[name] = rows[0]!.data;
    }
    return out;
  } finally {
    await database.close();
  }
}

/** Every file under DATA_DIR/objects, by relative path, as bytes. */
function photosOf(dataDir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(path.join(dataDir, 'objects'), full), readFileSync(full));
    }
  };
  walk(path.join(dataDir, 'objects'));
  return files;
}

function expectSamePhotos(restored: Map<string, Buffer>, original: Map<string, Buffer>) {
  expect([...restored.keys()].sort()).toEqual([...original.keys()].sort());
  for (const [name, bytes] of original) expect(restored.get(name)!.equals(bytes), name).toBe(true);
}

describe.skipIf(!suiteOnEmbedded)('npm run backup / npm run restore (embedded database)', () => {
  let people: Member[] = [];
  let liveArchive: string;
  let profilePhoto: string;

  beforeAll(async () => {
    base = mkdtempSync(path.join(tmpdir(), 'sanga-backup-test-'));
    source = path.join(base, 'source');
    server = await startServerProcess({ DATA_DIR: source, DATABASE_URL: '', WEB_DIST_DIR: path.join(base, 'no-web') });
    const url = server.url;
    people = [await member(url, 1, 'woman'), await member(url, 2, 'man')];
    const [her, him] = people as [Member, Member];
    for (let n = 1; n <= 3; n += 1) {
      await ok(await call(url, her.cookie, 'POST', '/api/messages', { receiverId: him.id, content: `From her, ${n}` }), 'message');
      await ok(await call(url, him.cookie, 'POST', '/api/messages', { receiverId: her.id, content: `From him, ${n}` }), 'message');
    }
    profilePhoto = (await ok<{ photos: string[] }>(await call(url, her.cookie, 'GET', '/api/profile'), 'own profile')).photos[0]!;
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(base, { recursive: true, force: true });
  });

  it('takes a backup while the server runs, by asking that server for its snapshot', async () => {
    liveArchive = path.join(base, 'archives', 'live.tar.gz');
    const { how } = await writeBackup({ dataDir: source, out: liveArchive, keep: 7, photosInBucket: false });
    expect(how).toBe('running server');
    expect(statSync(liveArchive).mode & 0o777).toBe(0o600);
    // The server kept serving throughout.
    expect((await fetch(`${server!.url}/healthz`)).ok).toBe(true);
    expect(existsSync(`${liveArchive}.partial`)).toBe(false);
  }, 120_000);

  it('restores into an empty folder, starts there, and holds every table row and every photo byte of the original', async () => {
    // Nothing is written between the backup and this stop, so the stopped original is what the backup must hold.
    await server!.stop();
    server = undefined;
    const restored = path.join(base, 'restored');
    const summary = await restoreBackup({ file: liveArchive, dataDir: restored });
    expect(summary).toMatchObject({ users: 2, manifest: { format: 1, photos: 'included' } });
    expect(readFileSync(path.join(restored, 'session-secret'), 'utf8')).toBe(readFileSync(path.join(source, 'session-secret'), 'utf8'));

    const [original, copy] = [await tablesOf(source), await tablesOf(restored)];
    expect(Object.keys(original)).toEqual(expect.arrayContaining(['public.users', 'public.profiles', 'public.messages', 'public.uploads', 'public.sessions', 'drizzle.__drizzle_migrations']));
    expect((original['public.messages'] ?? []).length).toBe(6);
    expect(copy).toEqual(original);
    expect(photosOf(source).size).toBeGreaterThanOrEqual(4);
    expectSamePhotos(photosOf(restored), photosOf(source));

    // Then the restored install serves (reading the thread marks it read, so this comes after the comparison): the
    // old session still works (same secret, same rows), and so do a fresh sign-in, the thread and the photo.
    const again = await startServerProcess({ DATA_DIR: restored, DATABASE_URL: '', WEB_DIST_DIR: path.join(base, 'no-web') });
    try {
      const [her, him] = people as [Member, Member];
      const thread = await ok<{ content: string }[]>(await call(again.url, her.cookie, 'GET', `/api/messages/${him.id}`), 'thread');
      expect(thread.map((m) => m.content).sort()).toEqual(['From her, 1', 'From her, 2', 'From her, 3', 'From him, 1', 'From him, 2', 'From him, 3']);
      expect((await call(again.url, null, 'POST', '/api/auth/login', { email: him.email, password: PASSWORD })).status).toBe(200);
      const photo = await call(again.url, her.cookie, 'GET', profilePhoto);
      expect(photo.status).toBe(200);
    } finally {
      await again.stop();
    }
  }, 240_000);

  it('takes a backup of a stopped server on its own, and the restore of that one is the same', async () => {
    const archive = path.join(base, 'archives', 'stopped.tar.gz');
    const { how } = await writeBackup({ dataDir: source, out: archive, keep: 7, photosInBucket: false });
    expect(how).toBe('stopped server');
    const restored = path.join(base, 'restored-stopped');
    await restoreBackup({ file: archive, dataDir: restored });
    expect(await tablesOf(restored)).toEqual(await tablesOf(source));
    expectSamePhotos(photosOf(restored), photosOf(source));
  }, 240_000);

  it('takes a backup while members keep writing: the restore opens and holds every message acknowledged before it began', async () => {
    const running = await startServerProcess({ DATA_DIR: source, DATABASE_URL: '', WEB_DIST_DIR: path.join(base, 'no-web') });
    server = running;
    const [her, him] = people as [Member, Member];
    const acknowledged: Array<{ content: string; at: number }> = [];
    const sent = new Set<string>();
    let writing = true;
    // Both write, in turn, each at the sending limit's pace: a writer that ran flat out would be refused (429) for
    // the rest of the minute after its first 30, so no write would happen while the backup runs, and the wait for
    // the writes after it would last until the minute is over.
    const pace = 60_000 / SEND_LIMIT_PER_MINUTE / 2 + 50;
    const writer = (async () => {
      for (let n = 0; writing; n += 1) {
        const [from, to] = n % 2 === 0 ? [her, him] : [him, her];
        const content = `While the backup runs, ${n}`;
        sent.add(content);
        const answer = await call(running.url, from.cookie, 'POST', '/api/messages', { receiverId: to.id, content });
        if (answer.status === 201) acknowledged.push({ content, at: Date.now() });
        else if (answer.status !== 429) throw new Error(`message ${n}: ${answer.status} ${await answer.text()}`);
        await new Promise((resolve) => setTimeout(resolve, pace));
      }
    })();
    while (acknowledged.length < 5) await new Promise((resolve) => setTimeout(resolve, 20));
    const began = Date.now();
    const archive = path.join(base, 'archives', 'during-writes.tar.gz');
    expect((await writeBackup({ dataDir: source, out: archive, keep: 7, photosInBucket: false })).how).toBe('running server');
    const ended = Date.now();
    // A few more after the backup, which it may not hold.
    const after = acknowledged.length;
    while (acknowledged.length < after + 3) await new Promise((resolve) => setTimeout(resolve, 20));
    writing = false;
    await writer;
    await running.stop();
    server = undefined;

    const restored = path.join(base, 'restored-during-writes');
    await restoreBackup({ file: archive, dataDir: restored });
    const messages = ((await tablesOf(restored))['public.messages'] ?? []) as Array<{ content: string }>;
    const inBackup = new Set(messages.map((message) => message.content));
    // At or before: the loop above saw the fifth one acknowledged before it read the clock for `began`.
    const before = acknowledged.filter((message) => message.at <= began);
    expect(before.length).toBeGreaterThanOrEqual(5);
    for (const { content } of before) expect(inBackup.has(content), content).toBe(true);
    // Nothing half-written or invented: every message in the copy was sent, by the writer or before it.
    const live = messages.filter((message) => message.content.startsWith('While the backup runs'));
    for (const { content } of live) expect(sent.has(content), content).toBe(true);
    // Writes acknowledged after the backup ended are not in it (it is a copy as of pg_backup_stop).
    for (const { content, at } of acknowledged) if (at > ended + 1000) expect(inBackup.has(content), content).toBe(false);
  }, 240_000);

  it('refuses a folder that is not empty, and leaves it as it was', async () => {
    const busy = path.join(base, 'busy');
    mkdirSync(busy);
    writeFileSync(path.join(busy, 'keep-me'), 'precious');
    await expect(restoreBackup({ file: liveArchive, dataDir: busy })).rejects.toThrow(BackupError);
    expect(readdirSync(busy)).toEqual(['keep-me']);
  });

  it('refuses a file that is not a backup, and leaves the folder empty', async () => {
    const bogus = path.join(base, 'bogus.tar.gz');
    writeFileSync(bogus, 'not a tarball');
    const target = path.join(base, 'bogus-target');
    await expect(restoreBackup({ file: bogus, dataDir: target })).rejects.toThrow();
    expect(readdirSync(target)).toEqual([]);
  });
});
