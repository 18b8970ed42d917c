/**
 * Crash test (`npm run test:crash`): the real server on the embedded database is killed with SIGKILL
 * at random moments while clients write through the HTTP API, then restarted. Every write the server
 * acknowledged must survive, no half-written transaction may be visible, and every restart must succeed.
 * A second process pointed at the same data directory must refuse to start.
 *
 * Mail: the server sends through a real (slow) SMTP server in this process. One writer signs up new accounts
 * until the kill; every acknowledged sign-up committed a verification mail to the outbox in its transaction, so
 * each of those addresses must receive its mail once the server is back (the kill lands between commit and send
 * for the jobs still queued or in flight). A mail sent twice (killed between the send and marking it done) is
 * counted, not failed: the outbox promises at least once.
 *
 *   npm run test:crash [-- --rounds 25 --seed 42]
 *
 * Each restart begins 100 ms after the kill. Exits 1 on any lost write, inconsistency or failed restart. Runs in CI (.ci/run) on the embedded PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { isNotNull } from 'drizzle-orm';
import { openDatabase } from '#server/db/client';
import { messages, uploads } from '#server/db/schema';
import type { OwnProfile } from '#domain/profile/profile-api';
import { makeJpeg, validProfileInput } from '#server/test/fixtures';
import { startSmtpSink } from '#server/test/smtp-sink';
import { freePort, serverArgs, startServer } from './bench/bench-utils';
import { spelledNumbers } from './spelled-numbers';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '25' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    'keep-data': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(args.rounds);
const PASSWORD = 'crash test password';

/** A small seeded generator, so a failing run can be replayed with --seed. */
let state = Number(args.seed) >>> 0 || 1;
function random(): number {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 0x1_0000_0000;
}
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Person {
  email: string;
  id: string;
  cookie: string;
  gender: 'man' | 'woman';
  partner?: Person;
  /** Profile writes carry a counter in three fields; the server must hold one value in all three. */
  lastAckedVersion: number;
  lastSentVersion: number;
  ackedMessages: string[];
  /** Photo sets a PATCH answered 200 for, and the one in flight when the server died. */
  ackedPhotos: string[] | null;
  inFlightPhotos: string[] | null;
  /** Object paths of every acknowledged photo registration: each must stay readable. */
  registeredPhotos: string[];
}

class ServerDied extends Error {}

let baseUrl = '';
async function call(person: Person | null, method: string, url: string, body?: unknown, raw?: Buffer): Promise<Response> {
  try {
    return await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(person ? { cookie: person.cookie } : {}),
        ...(raw ? { 'content-type': 'image/jpeg' } : body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: raw ? new Uint8Array(raw) : (body !== undefined ? JSON.stringify(body) : undefined),
    });
  } catch {
    // The connection broke: the server is gone, nothing was acknowledged.
    throw new ServerDied();
  }
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** A valid profile whose three long texts carry the same version: a torn write would show. */
function profileBody(person: Person, version: number) {
  const token = `crash-version-${version}`;
  const valid = validProfileInput();
  return validProfileInput({
    name: `Crash ${person.gender === 'man' ? 'Arjuna' : 'Sita'}`,
    gender: person.gender,
    dateOfBirth: person.gender === 'man' ? '1990-03-01' : '1992-07-15',
    // Wide and flexible, so each pair stays match candidates and may write to each other.
    minAge: 25,
    maxAge: 45,
    ageFlexibility: 'flexible',
    dealBreakers: `${valid.dealBreakers}. ${token}`,
    dealMakers: `${valid.dealMakers}. ${token}`,
    aboutYou: `${valid.aboutYou} ${token}`,
  });
}

const versionIn = (text: string) => Number(/crash-version-(\d+)/.exec(text)?.[1] ?? -1);

/** A distinct real JPEG per seed. */
function jpeg(seed: number): Promise<Buffer> {
  const color = `#${(seed * 2654435761 >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`;
  return makeJpeg({ width: 320, height: 240, color });
}

/** Ticket → upload → registration, answering the object path. */
async function uploadPhoto(person: Person, seed: number, onRegister?: () => void): Promise<string> {
  const ticket = (await expectOk(await call(person, 'POST', '/api/objects/upload'), 'ticket')) as { uploadURL: string };
  await expectOk(await call(person, 'PUT', ticket.uploadURL, undefined, await jpeg(seed)), 'upload');
  onRegister?.();
  const registered = (await expectOk(await call(person, 'PUT', '/api/profile-photos', { photoURL: ticket.uploadURL }), 'register')) as {
    objectPath: string;
  };
  return registered.objectPath;
}

async function setUp(): Promise<Person[]> {
  const people: Person[] = [];
  for (const [index, gender] of (['man', 'woman', 'man', 'woman'] as const).entries()) {
    const email = `crash${index}@example.com`;
    const registered = await call(null, 'POST', '/api/auth/register', { email, password: PASSWORD });
    const { id } = (await expectOk(registered, 'register')) as { id: string };
    const cookie = registered.headers.getSetCookie().find((c) => c.startsWith('sanga.sid='))!.split(';')[0]!;
    const person: Person = { email, id, cookie, gender, lastAckedVersion: 0, lastSentVersion: 0, ackedMessages: [], ackedPhotos: null, inFlightPhotos: null, registeredPhotos: [] };
    await expectOk(await call(person, 'POST', '/api/profile', profileBody(person, 0)), 'profile');
    const photos = [await uploadPhoto(person, index * 10 + 1), await uploadPhoto(person, index * 10 + 2)];
    person.registeredPhotos.push(...photos);
    await expectOk(await call(person, 'PATCH', '/api/profile', { photos }), 'photos');
    person.ackedPhotos = photos;
    await expectOk(await call(person, 'PATCH', '/api/profile/toggle-active', { active: true }), 'activate');
    people.push(person);
  }
  // Pairs that may write to each other: each man with a woman (match candidates).
  people[0]!.partner = people[1];
  people[1]!.partner = people[0];
  people[2]!.partner = people[3];
  people[3]!.partner = people[2];
  return people;
}

interface Tally {
  acknowledged: number;
  lost: string[];
  inconsistent: string[];
}

/** What a restarted server must show: every acknowledged write, and no half of any write. */
async function verify(people: Person[], tally: Tally, round: number) {
  for (const person of people) {
    const profile = (await expectOk(await call(person, 'GET', '/api/profile'), 'read profile')) as OwnProfile;
    const versions = [profile.aboutYou, profile.dealMakers, profile.dealBreakers].map(versionIn);
    if (new Set(versions).size !== 1) tally.inconsistent.push(`round ${round}: ${person.email} profile fields from different writes ${versions.join('/')}`);
    const version = versions[0]!;
    if (version < person.lastAckedVersion) tally.lost.push(`round ${round}: ${person.email} profile version ${version} < acknowledged ${person.lastAckedVersion}`);
    if (version > person.lastSentVersion) tally.inconsistent.push(`round ${round}: ${person.email} profile version ${version} was never sent`);
    person.lastAckedVersion = Math.max(person.lastAckedVersion, version);
    person.lastSentVersion = person.lastAckedVersion;

    const expected = [person.ackedPhotos, person.inFlightPhotos].filter(Boolean).map((set) => set!.join(','));
    if (!expected.includes(profile.photos.join(','))) {
      tally.lost.push(`round ${round}: ${person.email} photos ${profile.photos.join(',')} are neither the acknowledged nor the in-flight set`);
    }
    person.ackedPhotos = profile.photos;
    person.inFlightPhotos = null;
    for (const objectPath of new Set([...profile.photos, ...person.registeredPhotos.slice(-4)])) {
      const photo = await call(person, 'GET', objectPath);
      const bytes = Buffer.from(await photo.arrayBuffer());
      const readable = photo.ok && (await sharp(bytes).metadata().then(() => true, () => false));
      if (!readable) tally.lost.push(`round ${round}: ${person.email} photo ${objectPath} answered ${photo.status}`);
    }

    if (person.partner && person.ackedMessages.length > 0) {
      const thread = (await expectOk(await call(person, 'GET', `/api/messages/${person.partner.id}`), 'thread')) as { content: string }[];
      const seen = new Map<string, number>();
      for (const message of thread) seen.set(message.content, (seen.get(message.content) ?? 0) + 1);
      // The newest 500 of the thread are served: this round's acknowledged messages are among them.
      for (const content of person.ackedMessages.slice(-200)) {
        if (!seen.has(content)) tally.lost.push(`round ${round}: message "${content}" missing`);
      }
      for (const [content, count] of seen) if (count > 1) tally.inconsistent.push(`round ${round}: message "${content}" stored ${count} times`);
    }
  }
}

/** One person's writes until the server dies: profile saves and messages, interleaved. */
async function writeUntilDeath(person: Person, round: number, tally: Tally) {
  let n = 0;
  try {
    for (;;) {
      n += 1;
      if (n % 2 === 0 && person.partner) {
        // Named by the email's local part, not the address (an address in a message is held back before an introduction),
        // and numbers spelled out (spelled-numbers.ts).
        const content = spelledNumbers(`crash round ${round} from ${person.email.split('@')[0]}, message ${n}`);
        const sent = await call(person, 'POST', '/api/messages', { receiverId: person.partner.id, content });
        if (sent.status === 201) {
          person.ackedMessages.push(content);
          tally.acknowledged += 1;
        } else if (sent.status !== 429) throw new Error(`message: ${sent.status} ${await sent.text()}`);
      } else {
        const version = person.lastSentVersion + 1;
        person.lastSentVersion = version;
        const saved = await call(person, 'POST', '/api/profile', profileBody(person, version));
        await expectOk(saved, 'profile save');
        person.lastAckedVersion = version;
        tally.acknowledged += 1;
      }
      await sleep(between(5, 60));
    }
  } catch (error) {
    if (!(error instanceof ServerDied)) throw error;
  }
}

/** Uploads, registers and sets photos until the server dies; may ask for the kill at a chosen step. */
async function photosUntilDeath(person: Person, round: number, tally: Tally, killAt: (() => void) | null) {
  let n = 0;
  try {
    for (;;) {
      n += 1;
      const objectPath = await uploadPhoto(person, round * 100 + n, n === 1 ? (killAt ?? undefined) : undefined);
      person.registeredPhotos.push(objectPath);
      tally.acknowledged += 1;
      const photos = [objectPath, person.ackedPhotos![0]!];
      person.inFlightPhotos = photos;
      await expectOk(await call(person, 'PATCH', '/api/profile', { photos }), 'set photos');
      person.ackedPhotos = photos;
      person.inFlightPhotos = null;
      tally.acknowledged += 1;
    }
  } catch (error) {
    if (!(error instanceof ServerDied)) throw error;
  }
}

/** Signs up new accounts until the server dies; each 201 is a verification mail the outbox owes. */
async function signUpsUntilDeath(round: number, owed: Set<string>, tally: Tally) {
  let n = 0;
  try {
    for (;;) {
      n += 1;
      const email = `crash-mail-r${round}-n${n}@example.com`;
      const registered = await call(null, 'POST', '/api/auth/register', { email, password: PASSWORD });
      if (registered.status === 201) {
        owed.add(email);
        tally.acknowledged += 1;
      } else if (registered.status !== 429) throw new Error(`sign-up: ${registered.status} ${await registered.text()}`);
      await sleep(between(5, 40));
    }
  } catch (error) {
    if (!(error instanceof ServerDied)) throw error;
  }
}

/** A second server on the same embedded data directory must refuse to start and leave the first alone. */
async function secondProcessRefused(dataDir: string): Promise<boolean> {
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, 60_000);
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  const healthy = (await fetch(`${baseUrl}/healthz`)).ok;
  return code !== null && code !== 0 && /in use by another Sanga process/.test(stderr) && healthy;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanga-crash-'));
  // Always the embedded database: the data directory is what gets killed and reopened.
  delete process.env.DATABASE_URL;
  // A slow mail server, so kills often find mail committed but not yet sent; a short job lock, so mail a killed
  // process had taken is taken again within the test's patience.
  const smtp = await startSmtpSink({ delayMs: 30 });
  const owedMail = new Set<string>();
  let unsentAtKill = 0;
  const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'crash-admin-password', SMTP_URL: smtp.url, OUTBOX_LOCK_SECONDS: '5', PUBLIC_URL: 'http://crash.test' };
  console.log(`crash test: ${ROUNDS} rounds, seed ${args.seed}, data in ${dataDir}`);
  const tally: Tally = { acknowledged: 0, lost: [], inconsistent: [] };
  let failedRestarts = 0;
  let photoKills = 0;

  let server = await startServer(env);
  baseUrl = server.url;
  const people = await setUp();
  const refused = await secondProcessRefused(dataDir);
  console.log(`second process on the same data directory: ${refused ? 'refused' : 'NOT REFUSED'}`);

  for (let round = 1; round <= ROUNDS; round += 1) {
    const photoRound = round % 3 === 0;
    const child = server.child;
    let kill!: () => void;
    const killed = new Promise<void>((resolve) => {
      kill = () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        resolve();
      };
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Photo rounds die a few milliseconds into the upload's registration; the others at a random moment.
    let diedDuringRegistration = false;
    const killDuringRegistration = photoRound
      ? () => {
          diedDuringRegistration = true;
          setTimeout(kill, between(0, 15));
        }
      : null;
    // Bound to this round's child: a timer left over must never kill the next server.
    const timer = setTimeout(kill, photoRound ? 10_000 : between(150, 2500));

    const writers = people.map((person) => writeUntilDeath(person, round, tally));
    writers.push(signUpsUntilDeath(round, owedMail, tally));
    if (photoRound) writers.push(photosUntilDeath(people[0]!, round, tally, killDuringRegistration));
    await killed;
    // Mail committed (its sign-up answered) but not yet at the SMTP server when the process died.
    const deliveredNow = new Set(smtp.inbox.map((mail) => mail.to));
    unsentAtKill += [...owedMail].filter((email) => !deliveredNow.has(email)).length;
    clearTimeout(timer);
    // Restarted 100 ms after the kill, as a supervisor would, without waiting for the dead process to be reaped:
    // its lock must not keep the new one out (data-dir-lock.ts).
    await sleep(100);
    const restarting = startServer(env).then(
      (started) => ({ started }),
      (error: unknown) => ({ error }),
    );
    await exited;
    await Promise.all(writers);
    if (diedDuringRegistration) photoKills += 1;

    try {
      const restarted = await restarting;
      if ('error' in restarted) throw restarted.error;
      server = restarted.started;
      baseUrl = server.url;
    } catch (error) {
      failedRestarts += 1;
      console.error(`round ${round}: restart failed: ${String(error)}`);
      break;
    }
    await verify(people, tally, round);
    process.stdout.write(`round ${round}/${ROUNDS}: ${tally.acknowledged} acknowledged so far, ${tally.lost.length} lost\n`);
  }

  // Every owed verification mail arrives (the last server sends what earlier ones committed or held when killed).
  const deliveredTo = () => new Map(smtp.inbox.map((mail) => [mail.to, smtp.inbox.filter((m) => m.to === mail.to).length]));
  const mailDeadline = Date.now() + 120_000;
  while ([...owedMail].some((email) => !deliveredTo().has(email)) && Date.now() < mailDeadline) await sleep(250);
  const delivered = deliveredTo();
  const lostMail = [...owedMail].filter((email) => !delivered.has(email));
  const sentTwice = [...owedMail].filter((email) => (delivered.get(email) ?? 0) > 1).length;
  for (const email of lostMail) tally.lost.push(`final: verification mail to ${email} never sent`);
  await smtp.close();

  // Last: stop cleanly and read the whole database, since the API serves only the newest 500 of a thread.
  await server.stop();
  const database = await openDatabase({ dataDir });
  const stored = await database.db.select({ content: messages.content }).from(messages);
  const contents = new Set(stored.map((row) => row.content));
  const spentUploads = await database.db.select({ objectKey: uploads.objectKey }).from(uploads).where(isNotNull(uploads.objectKey));
  await database.close();
  for (const person of people) {
    for (const content of person.ackedMessages) if (!contents.has(content)) tally.lost.push(`final: message "${content}" missing`);
  }
  for (const { objectKey } of spentUploads) {
    if (!existsSync(path.join(dataDir, 'objects', objectKey!))) tally.lost.push(`final: upload row names ${objectKey} but the file is missing`);
  }

  console.log('\n| rounds | kills during photo registration | acknowledged writes | lost writes | inconsistencies | failed restarts | second process refused | mails owed | unsent when killed | mails lost | mails sent twice |');
  console.log('|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|');
  console.log(
    `| ${ROUNDS} | ${photoKills} | ${tally.acknowledged} | ${tally.lost.length} | ${tally.inconsistent.length} | ${failedRestarts} | ${refused ? 'yes' : 'NO'} | ${owedMail.size} | ${unsentAtKill} | ${lostMail.length} | ${sentTwice} |`,
  );
  for (const line of [...tally.lost, ...tally.inconsistent]) console.error(line);
  if (!args['keep-data']) rmSync(dataDir, { recursive: true, force: true });
  const ok = tally.lost.length === 0 && tally.inconsistent.length === 0 && failedRestarts === 0 && refused;
  console.log(ok ? 'crash test passed' : 'CRASH TEST FAILED');
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
