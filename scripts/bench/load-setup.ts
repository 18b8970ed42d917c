// The population bench:load runs against: a few thousand active profiles (the seeding the matches
// benchmark uses), of whom some are "bench users" with known passwords, a session each, a list of
// match candidates to open and a few conversations with matched bench users.
import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { isMatchCandidate, type CandidacyProfile } from '#domain/matching/candidacy';
import { messages, profiles, users } from '#server/db/schema';
import { createRng, hashDemoPassword, seedProfiles, type Rng } from '../seed-data';
import { openFreshBenchDatabase, writeBenchSessions } from './bench-db';

export type DbKind = 'embedded' | 'postgres';

export const dbLabel = (kind: DbKind) => (kind === 'embedded' ? 'embedded PostgreSQL' : 'PostgreSQL 15');

export interface BenchUser {
  userId: string;
  email: string;
  /** `sanga.sid=…`, a session written straight into the table (signing 1,000 people in would meet the limiter). */
  cookie: string;
  /** Bench users this one has a conversation with (mutual match candidates, so sending is allowed). */
  partners: string[];
  /** Profile ids of this user's match candidates, for GET /api/match/:id. */
  candidateProfiles: string[];
}

export interface Population {
  kind: DbKind;
  /** Environment for the server process (DATA_DIR, DATABASE_URL, SESSION_SECRET). */
  env: Record<string, string>;
  users: BenchUser[];
  profiles: number;
  conversations: number;
  seededMessages: number;
  seedSeconds: number;
  /** Removes the data directory (and the PostgreSQL database); call after the server stopped. */
  cleanup: () => Promise<void>;
}

export interface SetupOptions {
  kind: DbKind;
  /** Admin URL of the PostgreSQL server (a database to connect to while creating ours). */
  postgresUrl?: string;
  profiles: number;
  users: number;
  /** Conversations each bench user starts (each has some more started by others). */
  partnersPerUser: number;
  candidatesPerUser: number;
  log: (text: string) => void;
}

const POSTGRES_DB = 'sanga_bench_load';

/** Whether a PostgreSQL server answers at `url` (within two seconds). */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

type CandidacyRow = CandidacyProfile & { id: string };

/** Up to `wanted` distinct items of `pool` accepted by `accept`, sampled at random (bounded tries). */
function sample<T>(rng: Rng, pool: readonly T[], wanted: number, accept: (item: T) => boolean): T[] {
  const found = new Set<T>();
  for (let tries = 0; found.size < wanted && tries < wanted * 30; tries += 1) {
    const item = rng.pick(pool);
    if (!found.has(item) && accept(item)) found.add(item);
  }
  return [...found];
}

export async function setupPopulation(options: SetupOptions): Promise<Population> {
  const { database, env, cleanup } = await openFreshBenchDatabase(options.kind, POSTGRES_DB, options.postgresUrl);
  const rng = createRng(options.profiles);
  const started = Date.now();
  try {
    const passwordHash = await hashDemoPassword();
    const ids = await seedProfiles(database.db, {
      count: options.profiles,
      rng,
      realPhotos: false,
      passwordHash,
      emailPrefix: 'load',
      onProgress: (done) => options.log(`\r  ${dbLabel(options.kind)}: seeded ${done}/${options.profiles} profiles`),
    });
    options.log('\n');
    const benchIds = ids.slice(0, options.users);

    const rows: CandidacyRow[] = await database.db
      .select({
        id: profiles.id,
        userId: profiles.userId,
        gender: profiles.gender,
        dateOfBirth: profiles.dateOfBirth,
        age: profiles.age,
        minAge: profiles.minAge,
        maxAge: profiles.maxAge,
        ageFlexibility: profiles.ageFlexibility,
        profileActive: profiles.profileActive,
        photos: profiles.photos,
        maritalHistory: profiles.maritalHistory,
        children: profiles.children,
        wantsChildren: profiles.wantsChildren,
        heightCm: profiles.heightCm,
        practice: profiles.practice,
        mustHaves: profiles.mustHaves,
      })
      .from(profiles);
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    const emails = new Map<string, string>();
    for (let i = 0; i < benchIds.length; i += 1000) {
      const chunk = benchIds.slice(i, i + 1000);
      for (const row of await database.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, chunk))) {
        emails.set(row.id, row.email);
      }
    }

    // Conversations between bench users who are each other's candidates (so either may write).
    const today = new Date();
    const benchRows = benchIds.map((id) => byUser.get(id)!);
    const partners = new Map<string, Set<string>>(benchIds.map((id) => [id, new Set()]));
    const pairs: [string, string][] = [];
    for (const me of benchRows) {
      const mine = partners.get(me.userId)!;
      const wanted = Math.max(0, options.partnersPerUser - mine.size);
      for (const other of sample(rng, benchRows, wanted, (o) => !mine.has(o.userId) && partners.get(o.userId)!.size < options.partnersPerUser * 2 && isMatchCandidate(me, o, today))) {
        mine.add(other.userId);
        partners.get(other.userId)!.add(me.userId);
        pairs.push([me.userId, other.userId]);
      }
    }
    const messageRows: (typeof messages.$inferInsert)[] = [];
    for (const [a, b] of pairs) {
      const count = rng.int(2, 8);
      const startedAt = today.getTime() - rng.int(1, 30) * 86_400_000;
      const aFirst = rng.next() < 0.5;
      for (let n = 0; n < count; n += 1) {
        const fromA = (n % 2 === 0) === aFirst;
        messageRows.push({
          senderId: fromA ? a : b,
          receiverId: fromA ? b : a,
          content: `Hare Krishna! Seeded message ${n + 1} of our conversation.`,
          read: n < count - 1,
          createdAt: new Date(startedAt + n * 3_600_000),
        });
      }
    }
    for (let i = 0; i < messageRows.length; i += 1000) await database.db.insert(messages).values(messageRows.slice(i, i + 1000));

    // Sessions signed with the secret the server will be given.
    const secret = randomBytes(32).toString('hex');
    const cookies = await writeBenchSessions(database, secret, benchRows.map((me) => me.userId));
    const benchUsers: BenchUser[] = benchRows.map((me) => ({
      userId: me.userId,
      email: emails.get(me.userId)!,
      cookie: cookies.get(me.userId)!,
      partners: [...partners.get(me.userId)!],
      candidateProfiles: sample(rng, rows, options.candidatesPerUser, (o) => isMatchCandidate(me, o, today)).map((o) => o.id),
    }));
    if (options.kind === 'postgres') await database.db.execute(sql`ANALYZE`);
    const seedSeconds = (Date.now() - started) / 1000;
    await database.close();
    return {
      kind: options.kind,
      env: { ...env, SESSION_SECRET: secret },
      users: benchUsers,
      profiles: options.profiles,
      conversations: pairs.length,
      seededMessages: messageRows.length,
      seedSeconds,
      cleanup,
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    await cleanup();
    throw error;
  }
}
