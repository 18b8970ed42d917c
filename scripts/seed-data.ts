import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import sharp from 'sharp';
import { ageFlexibilities, consultations, consultationToStorage, courtshipAlignments, dietAlignments, relocations, type Gender } from '#domain/profile/profile';
import type { Db } from '#server/db/client';
import { profiles, uploads, users } from '#server/db/schema';
import { matchKeys } from '#server/features/matches/match-keys';
import { objectPathFromKey, PHOTO_PREFIX } from '#server/features/photos/object-paths';
import type { ObjectStore } from '#server/storage/object-store';

/** A small deterministic generator (mulberry32), so a seed gives the same people every time. */
export function createRng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Rng = ReturnType<typeof createRng>;

const CITIES = [
  'Austin, Texas, USA', 'Dallas, Texas, USA', 'Houston, TX, USA', 'Los Angeles, California, USA', 'San Diego, CA, USA',
  'San Francisco, California, USA', 'Berkeley, California, USA', 'Seattle, Washington, USA', 'Portland, Oregon, USA',
  'Denver, Colorado, USA', 'Boulder, CO, USA', 'Chicago, Illinois, USA', 'New York, New York, USA', 'Brooklyn, NY, USA',
  'Boston, Massachusetts, USA', 'Philadelphia, Pennsylvania, USA', 'Atlanta, Georgia, USA', 'Alachua, Florida, USA',
  'Miami, Florida, USA', 'Washington, DC, USA', 'Detroit, Michigan, USA', 'Phoenix, Arizona, USA', 'Honolulu, Hawaii, USA',
  'Toronto, Ontario, Canada', 'Ottawa, ON, Canada', 'Montreal, Quebec, Canada', 'Vancouver, British Columbia, Canada',
  'Calgary, Alberta, Canada', 'Edmonton, AB, Canada', 'Winnipeg, Manitoba, Canada', 'Mexico City, CDMX, Mexico',
  'Guadalajara, Jalisco, Mexico', 'Monterrey, Nuevo León, Mexico', 'Tijuana, Baja California, Mexico',
  'Querétaro, Querétaro, Mexico', 'Oaxaca, Oaxaca, Mexico', 'Mérida, Yucatán, Mexico', 'Puebla, Puebla, Mexico',
] as const;

const COMMUNITIES = [
  'ISKCON', 'Gaudiya Math', 'Sri Vaishnava', 'Swaminarayan', 'Art of Living', 'Kripalu Yoga', 'Sivananda Yoga',
  'Ramakrishna Mission', 'Chinmaya Mission', 'Arya Samaj', 'Self-Realization Fellowship', 'Integral Yoga',
  'Bhakti Yoga community', 'Hindu Temple of Greater Chicago', 'Vedanta Society', 'Radha Krishna Temple', 'Kundalini Yoga',
] as const;

const WOMEN = ['Radha', 'Lakshmi', 'Gauri', 'Sita', 'Tulasi', 'Mira', 'Priya', 'Ananya', 'Kavya', 'Isabel', 'María', 'Lucía', 'Valentina', 'Sofía', 'Emily', 'Grace', 'Hannah', 'Devaki', 'Yamuna', 'Ganga'] as const;
const MEN = ['Krishna', 'Gopal', 'Madhava', 'Arjun', 'Rohan', 'Vikram', 'Nitai', 'Govinda', 'Rama', 'Diego', 'Mateo', 'Santiago', 'Alejandro', 'Daniel', 'James', 'Michael', 'Nathan', 'Balaram', 'Hari', 'Keshava'] as const;
const SURNAMES = ['Das', 'Devi', 'Sharma', 'Patel', 'Iyer', 'Reddy', 'García', 'Hernández', 'López', 'Martínez', 'Smith', 'Johnson', 'Nair', 'Gupta', 'Rao'] as const;
const LANGUAGES = ['English', 'English, Hindi', 'English, Spanish', 'Spanish', 'English, Bengali', 'English, Gujarati', 'English, Tamil', 'Spanish, English, Sanskrit'] as const;
const ABOUT = [
  'I rise early for japa and love cooking for the temple Sunday feast. Looking for a partner who values service and family.',
  'Yoga teacher and kirtan musician. I hope to build a home centred on devotion, kindness and shared practice.',
  'Software engineer who volunteers at the local temple. Family, honesty and spiritual growth matter most to me.',
  'Nurse and lifelong vegetarian. I enjoy long walks, bhajans and reading the Gita with friends on weekends.',
  'Maestra de primaria y practicante de bhakti yoga. Busco una relación seria basada en valores y servicio.',
] as const;
const DEAL_MAKERS = ['Daily sadhana, kindness, family values', 'Honesty, humour and a love of kirtan', 'Service attitude, patience, vegetarian cooking'] as const;
const DEAL_BREAKERS = ['Smoking, alcohol, meat eating', 'Dishonesty, no spiritual practice, anger', 'Gambling, intoxication, disrespect for elders'] as const;

export const DEMO_PASSWORD = 'sanga-demo-password';

/** A placeholder portrait made here with sharp: a coloured card with the person's initial. */
export async function placeholderPhoto(initial: string, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600">
    <rect width="100%" height="100%" fill="hsl(${hue},55%,72%)"/>
    <circle cx="240" cy="230" r="110" fill="hsl(${hue},45%,52%)"/>
    <rect x="110" y="370" width="260" height="230" rx="120" fill="hsl(${hue},45%,52%)"/>
    <text x="240" y="268" font-family="sans-serif" font-size="110" text-anchor="middle" fill="#fff">${initial}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export interface SeedOptions {
  count: number;
  rng: Rng;
  /** Store a real image per photo (a demo); otherwise photo paths without files (benchmarks). */
  realPhotos: boolean;
  store?: ObjectStore;
  /** All seeded accounts share this password hash (argon2 for each of 100k would take hours). */
  passwordHash: string;
  emailPrefix?: string;
  onProgress?: (done: number) => void;
}

export const hashDemoPassword = () => hash(DEMO_PASSWORD);

/** Inserts `count` varied, active profiles with two photos each, in batches; answers the user ids. */
export async function seedProfiles(db: Db, options: SeedOptions): Promise<string[]> {
  const { rng, count } = options;
  const userIds: string[] = [];
  const batchSize = 500;
  const runId = randomBytes(3).toString('hex');
  for (let start = 0; start < count; start += batchSize) {
    const size = Math.min(batchSize, count - start);
    const people = Array.from({ length: size }, (_, i) => {
      const gender: Gender = rng.next() < 0.5 ? 'woman' : 'man';
      const first = rng.pick(gender === 'woman' ? WOMEN : MEN);
      const year = rng.int(1966, 2004);
      const minAge = rng.int(20, 40);
      return {
        email: `${options.emailPrefix ?? 'seed'}.${runId}.${start + i}@sanga.local`,
        gender,
        name: `${first} ${rng.pick(SURNAMES)}`,
        dateOfBirth: `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
        minAge,
        maxAge: Math.min(99, minAge + rng.int(5, 20)),
        ageFlexibility: rng.pick(ageFlexibilities),
        exactLocation: rng.pick(CITIES),
        relocation: rng.pick(relocations),
        communityAffiliation: rng.pick(COMMUNITIES),
        courtshipAlignment: rng.pick(courtshipAlignments),
        dietAlignment: rng.pick(dietAlignments),
        languagesSpoken: rng.pick(LANGUAGES),
        dealBreakers: rng.pick(DEAL_BREAKERS),
        dealMakers: rng.pick(DEAL_MAKERS),
        aboutYou: rng.pick(ABOUT),
        marriageReadinessConsultation: consultationToStorage(rng.pick(consultations)),
      };
    });
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(users)
        .values(people.map((p) => ({ email: p.email, passwordHash: options.passwordHash })))
        .returning({ id: users.id });
      userIds.push(...inserted.map((row) => row.id));
      const photoRows: { userId: string; key: string }[] = [];
      const profileRows = await Promise.all(
        people.map(async (person, i) => {
          const userId = inserted[i]!.id;
          const keys = [0, 1].map(() => `${PHOTO_PREFIX}${randomBytes(18).toString('base64url')}.jpg`);
          if (options.realPhotos && options.store) {
            for (const [n, key] of keys.entries()) {
              await options.store.put(key, await placeholderPhoto(person.name[0]!, (rng.int(0, 359) + n * 40) % 360), 'image/jpeg');
            }
          }
          for (const key of keys) photoRows.push({ userId, key });
          return {
            ...person,
            userId,
            photos: keys.map(objectPathFromKey),
            profileActive: true,
            profileComplete: true,
            ...matchKeys({ ...person, age: null }),
          };
        }),
      );
      await tx.insert(profiles).values(profileRows);
      await tx.insert(uploads).values(
        photoRows.map((row) => ({
          userId: row.userId,
          objectKey: row.key,
          contentType: 'image/jpeg',
          purpose: 'profile',
          expiresAt: new Date(),
        })),
      );
    });
    options.onProgress?.(start + size);
  }
  return userIds;
}
