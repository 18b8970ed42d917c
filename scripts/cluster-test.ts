/**
 * Cluster test (`npm run test:cluster`): Sanga as it runs on many machines, on this one. PostgreSQL (a database of
 * its own, dropped at the end), an S3-compatible server (s3rver) on loopback, two compiled app processes, and nginx
 * in front with deploy/nginx.conf (TLS with a throwaway certificate; only the ports, certificate paths and app
 * addresses are substituted, plus one header naming the process that answered). Every check goes through the proxy:
 *
 *   sign-in                 a session made through one process is honoured by the other
 *   live message            a message sent through one process reaches an event stream held by the other within 1 s
 *   rate limit              wrong passwords for one account, spread over both processes, meet one limit
 *   photo                   a photo uploaded and registered through one process is served by the other
 *   match list              a profile change (and a deactivation) made through one process shows on the other's list
 *   SIGKILL                 one process killed mid-traffic: no acknowledged write lost, the other keeps serving, the
 *                           killed one restarts (as systemd would) and rejoins
 *
 *   npm run test:cluster    (PostgreSQL at CLUSTER_PG_URL, default postgres://postgres@127.0.0.1:5432/test;
 *                            CLUSTER_DB_PREFIX names the scratch database, default sanga_cluster_)
 *
 * nginx must be installed (Debian: apt-get install nginx; .ci/run does it when root); it runs as this script's own
 * process on loopback ports, not as the system service. Prints one line per step and exits 1 if any failed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { MIN_PHOTOS_TO_ACTIVATE } from '#domain/profile/profile';
import { makeJpeg, validProfileInput } from '#server/test/fixtures';
import { adminQuery, withDatabaseName } from '#server/test/test-database';
import { openEventStream } from '#server/test/event-stream';
import { freePort, serverArgs } from './bench/bench-utils';
import { spelledNumbers } from './spelled-numbers';

const PG_URL = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = `${process.env.CLUSTER_DB_PREFIX ?? 'sanga_cluster_'}${randomBytes(4).toString('hex')}`;
const PASSWORD = 'cluster test password';
const BUCKET = 'sanga-cluster';
/** The header the test adds to the proxy's answers: which app process answered (nginx's $upstream_addr). */
const UPSTREAM_HEADER = 'x-sanga-upstream';

/** The app processes' environment: this one's, without the certificate exception below. */
const baseEnv = { ...process.env };
// The proxy's certificate is made here and trusted by nobody else: this process (the client) accepts it; it only ever
// connects to the proxy on loopback.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- the parts

const work = mkdtempSync(path.join(tmpdir(), 'sanga-cluster-'));
// nginx's workers drop root: they must reach their temp folders under here.
chmodSync(work, 0o755);
const children: ChildProcess[] = [];

interface App {
  index: number;
  port: number;
  child: ChildProcess;
}

function startApp(index: number, port: number, env: Record<string, string>): App {
  const child = spawn(process.execPath, serverArgs(), {
    env: { ...baseEnv, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return { index, port, child };
}

async function waitFor(url: string, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/**
 * deploy/nginx.conf with this machine's ports and paths. Each substitution must find its text: a change to the
 * file that the test would no longer run fails here, not silently.
 */
function nginxSiteConfig(appPorts: number[], httpPort: number, httpsPort: number, cert: string, key: string): string {
  let text = readFileSync(path.resolve('deploy/nginx.conf'), 'utf8');
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer has ${String(pattern)}`);
    text = text.replace(pattern, by);
  };
  replace(/server 127\.0\.0\.1:5001 /, `server 127.0.0.1:${appPorts[0]} `);
  replace(/server 127\.0\.0\.1:5002 /, `server 127.0.0.1:${appPorts[1]} `);
  replace(/listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${httpPort};`);
  replace(/listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;\n    add_header X-Sanga-Upstream $upstream_addr always;`);
  replace(/ssl_certificate \S+;/, `ssl_certificate ${cert};`);
  replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`);
  return text;
}

function startNginx(site: string): ChildProcess {
  const dir = path.join(work, 'nginx');
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, 'sanga.conf'), site);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `error_log ${dir}/error.log warn;`,
      `pid ${dir}/nginx.pid;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${dir}/${name}_temp;`),
      `  include ${dir}/sanga.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const test = spawnSync('nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused the configuration:\n${test.stderr}`);
  const child = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

// ---------------------------------------------------------------- a client of the proxy

let proxy = '';
let appPorts: number[] = [];

interface Answer {
  status: number;
  /** Which app process answered (0 or 1), from the header the test adds; -1 when none did. */
  app: number;
  body: unknown;
  response: Response;
}

async function call(method: string, route: string, options: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
  const response = await fetch(`${proxy}${route}`, {
    method,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, app: appOf(response), body, response };
}

/** The app process that answered: the last address in $upstream_addr (earlier ones are processes that failed). */
function appOf(response: Response | Headers): number {
  const headers = response instanceof Headers ? response : response.headers;
  const addresses = headers.get(UPSTREAM_HEADER)?.split(/,\s*/) ?? [];
  const port = Number(addresses.at(-1)?.split(':').at(-1));
  return appPorts.indexOf(port);
}

/** Repeats an idempotent call until app process `app` answers it (nginx takes the processes in turn). */
async function callOn(app: number, method: string, route: string, options: { cookie?: string } = {}): Promise<Answer> {
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const answer = await call(method, route, options);
    if (answer.app === app) return answer;
  }
  throw new Error(`${method} ${route} never reached app process ${app}`);
}

/** The body's bytes of a GET answered by app process `app`. */
async function bytesOn(app: number, route: string, cookie: string): Promise<Buffer> {
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const response = await fetch(`${proxy}${route}`, { headers: { cookie } });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (appOf(response) !== app) continue;
    if (!response.ok) throw new Error(`GET ${route} on app process ${app}: ${response.status}`);
    return bytes;
  }
  throw new Error(`GET ${route} never reached app process ${app}`);
}

function expectStatus(answer: Answer, status: number | 'ok', what: string): void {
  const good = status === 'ok' ? answer.status >= 200 && answer.status < 300 : answer.status === status;
  if (!good) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/**
 * Ticket and registration through the proxy, the file itself straight to the bucket (the S3 endpoint), as a
 * browser does. Answers the photo's path and the app process that registered it.
 */
async function uploadPhoto(member: Member, color: string): Promise<{ objectPath: string; app: number }> {
  const jpeg = await makeJpeg({ width: 320, height: 240, color });
  const ticket = await call('POST', '/api/objects/upload', { cookie: member.cookie, body: { size: jpeg.length } });
  expectStatus(ticket, 200, 'upload ticket');
  const uploadURL = (ticket.body as { uploadURL: string }).uploadURL;
  const put = await fetch(uploadURL, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(jpeg) });
  if (!put.ok) throw new Error(`upload to the bucket: ${put.status}`);
  const registered = await call('PUT', '/api/profile-photos', { cookie: member.cookie, body: { photoURL: uploadURL } });
  expectStatus(registered, 200, 'register photo');
  return { objectPath: (registered.body as { objectPath: string }).objectPath, app: registered.app };
}

const sessionOf = (response: Response) => {
  const cookie = response.headers.getSetCookie().find((c) => /sanga\.sid=/.test(c));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
};

interface Member {
  email: string;
  id: string;
  cookie: string;
  gender: 'man' | 'woman';
  version: number;
}

function profileBody(member: Member, name: string) {
  const valid = validProfileInput();
  return validProfileInput({
    name,
    gender: member.gender,
    dateOfBirth: member.gender === 'man' ? '1990-03-01' : '1992-07-15',
    minAge: 25,
    maxAge: 45,
    ageFlexibility: 'flexible',
    aboutYou: `${valid.aboutYou} cluster-version-${member.version}`,
  });
}

async function newMember(email: string, gender: 'man' | 'woman', name: string): Promise<Member> {
  const registered = await call('POST', '/api/auth/register', { body: { email, password: PASSWORD } });
  expectStatus(registered, 201, `register ${email}`);
  const member: Member = { email, id: (registered.body as { id: string }).id, cookie: sessionOf(registered.response), gender, version: 0 };
  expectStatus(await call('POST', '/api/profile', { cookie: member.cookie, body: profileBody(member, name) }), 'ok', 'profile');
  const photos: string[] = [];
  for (let n = 0; n < MIN_PHOTOS_TO_ACTIVATE; n += 1) photos.push((await uploadPhoto(member, gender === 'man' ? '#205080' : '#a05020')).objectPath);
  expectStatus(await call('PATCH', '/api/profile', { cookie: member.cookie, body: { photos } }), 200, 'set photos');
  expectStatus(await call('PATCH', '/api/profile/toggle-active', { cookie: member.cookie, body: { active: true } }), 200, 'activate');
  return member;
}

/** Polls `viewer`'s match list on app process `app` until `check` holds, for up to `timeoutMs`. */
async function matchListOn(app: number, viewer: Member, check: (list: { profileId: string; firstName: string | null }[]) => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await callOn(app, 'GET', '/api/matches', { cookie: viewer.cookie });
    expectStatus(answer, 200, 'match list');
    const list = answer.body as { profileId: string; firstName: string | null }[];
    if (check(list)) return list;
    if (Date.now() > deadline) throw new Error(`the match list on app process ${app} did not show the change within ${timeoutMs} ms: ${JSON.stringify(list.map((m) => m.firstName))}`);
    await sleep(100);
  }
}

// ---------------------------------------------------------------- the steps

interface StepResult {
  name: string;
  ok: boolean;
  detail: string;
}
const results: StepResult[] = [];

async function step(name: string, run: () => Promise<string>): Promise<void> {
  const began = Date.now();
  try {
    const detail = await run();
    results.push({ name, ok: true, detail });
    console.log(`ok    ${name}: ${detail} (${Date.now() - began} ms)`);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    results.push({ name, ok: false, detail });
    console.log(`FAIL  ${name}: ${detail}`);
  }
}

async function main() {
  const nginxCheck = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
  if (nginxCheck.error) {
    console.error('nginx is not installed (Debian: apt-get install -y nginx).');
    process.exit(1);
  }
  console.log(`cluster test: PostgreSQL database ${DB_NAME}, ${nginxCheck.stderr.trim()}, work folder ${work}`);
  await adminQuery(PG_URL, `CREATE DATABASE ${DB_NAME}`);
  const databaseUrl = withDatabaseName(PG_URL, DB_NAME);
  const s3Dir = path.join(work, 's3');
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const s3Port = ((await s3.run()) as AddressInfo).port;

  try {
    // A throwaway certificate for the proxy's TLS.
    const cert = path.join(work, 'proxy.crt');
    const key = path.join(work, 'proxy.key');
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);

    appPorts = [await freePort(), await freePort()];
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    proxy = `https://127.0.0.1:${httpsPort}`;
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, 'data'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: proxy,
      TRUST_PROXY: '1',
      WEB_DIST_DIR: path.join(work, 'no-web'),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    // Both at once on a fresh database: they take turns on the migration lock.
    serverArgs(); // builds the compiled server once, before two processes ask for it
    const apps = [startApp(0, appPorts[0]!, env), startApp(1, appPorts[1]!, env)];
    const started = Date.now();
    await Promise.all(appPorts.map((port, i) => waitFor(`http://127.0.0.1:${port}/healthz`, `app process ${i}`)));
    startNginx(nginxSiteConfig(appPorts, httpPort, httpsPort, cert, key));
    await waitFor(`${proxy}/healthz`, 'nginx');
    console.log(`two app processes and nginx up in ${Date.now() - started} ms`);

    const her = await newMember(`cluster-her-${DB_NAME}@example.com`, 'woman', 'Sita Cluster');
    const him = await newMember(`cluster-him-${DB_NAME}@example.com`, 'man', 'Arjuna Cluster');

    await step('sign-in through the proxy, session honoured by both processes', async () => {
      const login = await call('POST', '/api/auth/login', { body: { email: her.email, password: PASSWORD } });
      expectStatus(login, 200, 'sign-in');
      her.cookie = sessionOf(login.response);
      for (const app of [0, 1]) expectStatus(await callOn(app, 'GET', '/api/auth/user', { cookie: her.cookie }), 200, `session on app process ${app}`);
      return `signed in on app process ${login.app}, the session answers on both`;
    });

    await step('a message sent through one process reaches an event stream held by the other within 1 s', async () => {
      const stream = await openEventStream(`${proxy}/api/events`, { cookie: him.cookie });
      try {
        const holder = appOf(stream.headers);
        if (holder < 0) throw new Error('the stream names no app process');
        // nginx takes the processes in turn: within a few sends one goes through the process not holding the stream.
        for (let attempt = 0; attempt < 8; attempt += 1) {
          const began = performance.now();
          const sent = await call('POST', '/api/messages', { cookie: her.cookie, body: { receiverId: him.id, content: spelledNumbers(`Across processes ${attempt}`) } });
          expectStatus(sent, 201, 'send');
          const id = (sent.body as { id: string }).id;
          await stream.waitFor((event) => event.event === 'message' && event.data?.includes(id) === true, 1000);
          const took = performance.now() - began;
          if (sent.app !== holder) return `sent through app process ${sent.app}, arrived on the stream held by ${holder} ${took.toFixed(0)} ms after the send began`;
        }
        throw new Error(`8 sends and none went through the process not holding the stream (${holder})`);
      } finally {
        stream.close();
      }
    });

    await step('a rate limit holds across both processes (wrong passwords for one account: 10 per 15 min)', async () => {
      const target = `cluster-limit-${DB_NAME}@example.com`;
      expectStatus(await call('POST', '/api/auth/register', { body: { email: target, password: PASSWORD } }), 201, 'register');
      const servedBy = new Set<number>();
      for (let attempt = 1; attempt <= 22; attempt += 1) {
        const answer = await call('POST', '/api/auth/login', { body: { email: target, password: 'not the password at all' } });
        servedBy.add(answer.app);
        if (answer.status === 429) {
          if (attempt === 11) return `429 at attempt 11 of wrong passwords spread over processes ${[...servedBy].sort().join(' and ')}`;
          throw new Error(`429 only at attempt ${attempt}, not 11: each process counts on its own (rate-limit counters move to the database with branch ops-scale, #18 item 2)`);
        }
        if (answer.status !== 401) throw new Error(`attempt ${attempt}: ${answer.status}`);
      }
      throw new Error('22 wrong passwords and no 429');
    });

    await step('a photo uploaded through one process is served by the other', async () => {
      const registered = await uploadPhoto(her, '#3060a0');
      const objectPath = registered.objectPath;
      const other = 1 - registered.app;
      const [fromOther, fromSame] = [await bytesOn(other, objectPath, her.cookie), await bytesOn(registered.app, objectPath, her.cookie)];
      const { format } = await sharp(fromOther).metadata();
      if (format !== 'jpeg') throw new Error(`app process ${other} served ${format ?? 'no image'}`);
      if (!fromOther.equals(fromSame)) throw new Error('the two processes served different bytes');
      return `registered through app process ${registered.app}, served by app process ${other} (${fromOther.length} bytes, the same from both)`;
    });

    await step('a profile change and a block made through one process show on the match list served by the other', async () => {
      her.version += 1;
      const before = await matchListOn(0, him, (list) => list.some((m) => m.firstName === 'Sita'));
      const herProfileId = before.find((m) => m.firstName === 'Sita')!.profileId;
      const saved = await call('POST', '/api/profile', { cookie: her.cookie, body: profileBody(her, 'Renamed Cluster') });
      expectStatus(saved, 'ok', 'rename');
      const other = 1 - saved.app;
      await matchListOn(other, him, (list) => list.some((m) => m.profileId === herProfileId && m.firstName === 'Renamed'));
      const hidden = await call('PATCH', '/api/profile/toggle-active', { cookie: her.cookie, body: { active: false } });
      expectStatus(hidden, 200, 'deactivate');
      await matchListOn(1 - hidden.app, him, (list) => !list.some((m) => m.profileId === herProfileId));
      const shown = await call('PATCH', '/api/profile/toggle-active', { cookie: her.cookie, body: { active: true } });
      expectStatus(shown, 200, 'reactivate');
      await matchListOn(1 - shown.app, him, (list) => list.some((m) => m.profileId === herProfileId));
      // A block works both ways and at once on every process: she blocks him through one, and his list
      // on the other loses her; unblocked, she is back.
      const blocked = await call('POST', '/api/blocks', { cookie: her.cookie, body: { userId: him.id } });
      expectStatus(blocked, 201, 'block');
      await matchListOn(1 - blocked.app, him, (list) => !list.some((m) => m.profileId === herProfileId));
      const unblocked = await call('DELETE', `/api/blocks/${him.id}`, { cookie: her.cookie });
      expectStatus(unblocked, 204, 'unblock');
      await matchListOn(1 - unblocked.app, him, (list) => list.some((m) => m.profileId === herProfileId));
      return `renamed through app process ${saved.app}, seen on ${other}; deactivated and reactivated, blocked and unblocked through one, seen on the other`;
    });

    await step('SIGKILL one process mid-traffic: nothing acknowledged lost, the other keeps serving, the killed one rejoins', async () => {
      const acknowledged: string[] = [];
      const lastAckedVersion = new Map<Member, number>();
      const failures: { at: number; status: number }[] = [];
      let rateLimited = 0;
      let saves = 0;
      let servedWhileDown = 0;
      let stop = false;
      let killedAt = Number.POSITIVE_INFINITY;
      const servedAfterRestart = new Set<number>();
      let restartedAt = Number.POSITIVE_INFINITY;
      const writer = async (from: Member, to: Member, kind: 'message' | 'profile') => {
        let n = 0;
        while (!stop) {
          n += 1;
          const began = Date.now();
          try {
            let answer: Answer;
            if (kind === 'message') {
              answer = await call('POST', '/api/messages', { cookie: from.cookie, body: { receiverId: to.id, content: spelledNumbers(`kill ${from.gender} ${n}`) } });
              if (answer.status === 201) acknowledged.push((answer.body as { id: string }).id);
              else if (answer.status === 429) rateLimited += 1;
              else failures.push({ at: began, status: answer.status });
            } else {
              from.version += 1;
              const version = from.version;
              answer = await call('POST', '/api/profile', { cookie: from.cookie, body: profileBody(from, from === her ? 'Renamed Cluster' : 'Arjuna Cluster') });
              if (answer.status === 200 || answer.status === 201) {
                lastAckedVersion.set(from, version);
                saves += 1;
              }
              else failures.push({ at: began, status: answer.status });
            }
            if (began > restartedAt) servedAfterRestart.add(answer.app);
            else if (began > killedAt && answer.status < 500) servedWhileDown += 1;
          } catch {
            failures.push({ at: began, status: 0 });
          }
          // Messages are paced under the send limit (30 a minute per member); profile saves are not limited.
          await sleep(kind === 'message' ? 900 : 50);
        }
      };
      const writers = [writer(her, him, 'message'), writer(him, her, 'message'), writer(her, him, 'profile'), writer(him, her, 'profile')];
      await sleep(2000);
      const victim = apps[0]!;
      victim.child.kill('SIGKILL');
      killedAt = Date.now();
      await new Promise((resolve) => (victim.child.exitCode !== null || victim.child.signalCode !== null ? resolve(null) : victim.child.on('exit', resolve)));
      // Traffic goes on against the survivor alone for a while, then the killed process comes back, as
      // systemd's Restart=always would bring it.
      await sleep(3000);
      apps[0] = startApp(0, victim.port, env);
      await waitFor(`http://127.0.0.1:${victim.port}/healthz`, 'the restarted app process');
      restartedAt = Date.now();
      const deadline = Date.now() + 20_000;
      while (!servedAfterRestart.has(0) && Date.now() < deadline) await sleep(200);
      await sleep(1000);
      stop = true;
      await Promise.all(writers);

      // Grace for requests already on their way to the killed process when it died.
      const afterGrace = failures.filter((f) => f.at > killedAt + 1000);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ id: string }>('SELECT id FROM messages WHERE id = ANY($1::uuid[])', [acknowledged]);
        const stored = new Set(rows.map((row) => row.id));
        const lost = acknowledged.filter((id) => !stored.has(id));
        const problems: string[] = [];
        if (lost.length > 0) problems.push(`${lost.length} acknowledged messages lost`);
        for (const [member, version] of lastAckedVersion) {
          const { rows: profile } = await client.query<{ about_you: string }>('SELECT about_you FROM profiles WHERE user_id = $1', [member.id]);
          const stored = Number(/cluster-version-(\d+)/.exec(profile[0]?.about_you ?? '')?.[1] ?? -1);
          if (stored < version) problems.push(`${member.email}: profile version ${stored} < acknowledged ${version}`);
        }
        if (afterGrace.length > 0) problems.push(`${afterGrace.length} requests failed after the first second without the killed process (statuses ${[...new Set(afterGrace.map((f) => f.status))].join(', ')})`);
        if (servedWhileDown === 0) problems.push('nothing was answered while one process was down');
        if (!servedAfterRestart.has(0)) problems.push('the restarted process never answered through the proxy');
        if (problems.length > 0) throw new Error(problems.join('; '));
        return (
          `${acknowledged.length} messages and ${saves} profile saves acknowledged, none lost; ${failures.length} requests failed, all within ` +
          `1 s of the kill; ${servedWhileDown} answered by the survivor while the other was down; ${rateLimited} sends refused by the ` +
          'send limit; the restarted process answered through the proxy again'
        );
      } finally {
        await client.end();
      }
    });
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.on('exit', resolve)))));
    await s3.close();
    await adminQuery(PG_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch((error: unknown) => console.error(`could not drop ${DB_NAME}: ${String(error)}`));
    rmSync(work, { recursive: true, force: true });
  }

  const failed = results.filter((result) => !result.ok);
  console.log(`\ncluster test: ${results.length - failed.length} of ${results.length} steps passed${failed.length ? `; failed: ${failed.map((f) => f.name).join('; ')}` : ''}`);
  process.exit(failed.length > 0 ? 1 : 0);
}

await main().catch((error: unknown) => {
  console.error(`cluster test could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
