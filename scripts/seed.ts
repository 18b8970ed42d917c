// npm run seed -- --profiles N: fills the configured database (embedded by default) with N varied,
// active profiles with placeholder photos made here, plus a demo user to sign in with.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '#server/config';
import { openDatabase, type Database } from '#server/db/client';
import { DataDirLockedError } from '#server/db/data-dir-lock';
import { guardians, profiles, users } from '#server/db/schema';
import { sha256 } from '#server/features/auth/email-tokens';
import { LocalDiskStore } from '#server/storage/local-disk-store';
import { S3Store } from '#server/storage/s3-store';
import { createRng, DEMO_PASSWORD, hashDemoPassword, seedProfiles } from './seed-data';
import { seedIntroductions } from './seed-introductions';
import { seedReferences } from './seed-references';

const { values } = parseArgs({ options: { profiles: { type: 'string', default: '200' }, seed: { type: 'string', default: '1' } } });
const count = Number(values.profiles);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('--profiles must be a whole number from 1 to 1,000,000');
  process.exit(1);
}

// The demo account's password is published in the README: never create it on a live service. Asked before the
// configuration loads, which may write to DATA_DIR (the Web Push keys are made there once).
if (process.env.NODE_ENV === 'production') {
  console.error('npm run seed refuses to run with NODE_ENV=production: it creates a demo account with a published password');
  process.exit(1);
}
const config = loadConfig();
let database: Database;
try {
  database = await openDatabase(config);
} catch (error) {
  // The usual first-run slip: `npm run dev` holds the embedded database. One line that says what to do, no stack.
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(`npm run seed: the Sanga server (pid ${error.pid}) is running on this database (${config.dataDir}); stop it, run npm run seed, then start it again.`);
  process.exit(1);
}
const store = config.s3 ? new S3Store(config.s3) : new LocalDiskStore(path.join(config.dataDir, 'objects'));
try {
  const passwordHash = await hashDemoPassword();
  const rng = createRng(Number(values.seed));
  const started = Date.now();
  await seedProfiles(database.db, {
    count,
    rng,
    realPhotos: count <= 2000,
    store,
    passwordHash,
    onProgress: (done) => process.stdout.write(`\rseeded ${done}/${count} profiles`),
  });
  process.stdout.write('\n');

  // The demo user: an active man in Austin open to relocating, so the browse screen is full at once.
  const demoEmail = 'demo@sanga.local';
  await database.db.delete(users).where(eq(users.email, demoEmail));
  const [demoId] = await seedProfiles(database.db, { count: 1, rng: createRng(42), realPhotos: true, store, passwordHash, emailPrefix: 'demo' });
  await database.db.update(users).set({ email: demoEmail }).where(eq(users.id, demoId!));
  await database.db
    .update(profiles)
    .set({ gender: 'man', name: 'Demo Devotee', minAge: 20, maxAge: 60, ageFlexibility: 'flexible', relocation: 'either-relocates' })
    .where(eq(profiles.userId, demoId!));

  // A coordinator and an elder: member accounts with a role, and introductions in every state.
  const staff = async (email: string, name: string, gender: 'man' | 'woman', role: 'coordinator' | 'elder', seed: number) => {
    await database.db.delete(users).where(eq(users.email, email));
    const [id] = await seedProfiles(database.db, { count: 1, rng: createRng(seed), realPhotos: true, store, passwordHash, emailPrefix: role });
    await database.db.update(users).set({ email, roles: [role] }).where(eq(users.id, id!));
    await database.db.update(profiles).set({ name, gender }).where(eq(profiles.userId, id!));
    return id!;
  };
  const coordinatorEmail = 'coordinator@sanga.local';
  const elderEmail = 'elder@sanga.local';
  const coordinatorId = await staff(coordinatorEmail, 'Kamala Coordinator', 'woman', 'coordinator', 43);
  const elderId = await staff(elderEmail, 'Gopal Elder', 'man', 'elder', 44);
  const introduced = await seedIntroductions(database.db, { demoId: demoId!, coordinatorId, elderId, responseDays: config.introductions.responseDays });
  // The demo member's mother follows his introductions and reads his conversations (an account with no
  // profile of its own); his threads show "A family member of Demo can read this conversation".
  const familyEmail = 'family@sanga.local';
  await database.db.delete(users).where(eq(users.email, familyEmail));
  const [family] = await database.db.insert(users).values({ email: familyEmail, passwordHash, firstName: 'Amma', language: 'en' }).returning({ id: users.id });
  const now = new Date();
  await database.db.insert(guardians).values({
    memberId: demoId!,
    guardianUserId: family!.id,
    name: 'Amma',
    email: familyEmail,
    relation: 'parent',
    seesMessages: true,
    messagesSince: now,
    tokenHash: sha256(randomBytes(32).toString('base64url')),
    expiresAt: now,
    acceptedAt: now,
  });
  const trust = await seedReferences(database.db, { demoId: demoId!, coordinatorId });
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s (${introduced} introductions, ${trust.references} references, ${trust.verified} verified members).`);
  console.log(`Sign in at /login as ${demoEmail} with the password ${DEMO_PASSWORD}`);
  console.log(`Coordinator: ${coordinatorEmail}, elder: ${elderEmail}, the demo member's guardian: ${familyEmail} (same password)`);
} finally {
  await database.close();
}
