// npm run bench:serialize — what writing an answer costs ("response serialization"): the type
// provider's serializer (a zod encode of the whole answer, then JSON.stringify) against fast-json-stringify
// compiled from the same route schema (src/server/response-serializer.ts), on the answers of the busiest
// routes at their usual size. The same data goes through both; their outputs are checked to parse equal.
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserProfile } from '#domain/staff/admin';
import { matchItem } from '#domain/matching/match-api';
import { conversationSummary, message } from '#domain/messaging/messages';
import { responseSerializerCompiler } from '#server/response-serializer';
import { machineLine, writeBenchmarkSection } from './bench-utils';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const iso = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString();
const photo = (n: number) => `/api/photos/${uuid(n)}.jpg`;

const CASES = [
  {
    route: 'GET /api/matches (50 cards)',
    schema: z.array(matchItem),
    data: Array.from({ length: 50 }, (_, i) => ({
      profileId: uuid(i),
      firstName: i % 7 === 0 ? null : `Radha${i}`,
      age: 25 + (i % 15),
      photos: [photo(2 * i), photo(2 * i + 1)],
      score: 60 + (i % 40),
      breakdown: { location: 20, community: 15, courtship: 10, diet: 10, age: 8, marriageReadiness: 5, penalties: -(i % 3) },
      // The trust fields every card carries (a few members verified, some with references).
      references: i % 4,
      verified: i % 5 === 0,
      verifiedAt: i % 5 === 0 ? iso(i) : null,
      verificationMethod: i % 5 === 0 ? ('in-person' as const) : null,
    })),
  },
  {
    route: 'GET /api/messages/:id (200 messages)',
    schema: z.array(message),
    data: Array.from({ length: 200 }, (_, i) => ({
      id: uuid(i),
      senderId: uuid(i % 2 ? 1 : 2),
      receiverId: uuid(i % 2 ? 2 : 1),
      content: `Hare Krishna! A message of about the usual length, number ${i}, with "quotes" and an accent: café.`,
      system: null,
      createdAt: iso(i),
    })),
  },
  {
    route: 'GET /api/conversations (30 threads)',
    schema: z.array(conversationSummary),
    data: Array.from({ length: 30 }, (_, i) => ({
      otherUserId: uuid(i),
      otherUserName: `Gopal ${i}`,
      lastMessage: { content: `See you at the Sunday feast, ${i}`, system: null, createdAt: iso(i), senderId: uuid(i) },
      unreadCount: i % 4,
      departed: false,
    })),
  },
  {
    route: 'GET /api/admin/user-profiles (20 rows)',
    schema: z.array(adminUserProfile),
    data: Array.from({ length: 20 }, (_, i) => ({
      id: uuid(i),
      userId: uuid(1000 + i),
      firstName: `Lakshmi${i}`,
      lastName: 'Devi',
      email: `lakshmi.${i}@example.org`,
      gender: i % 2 ? 'man' : 'woman',
      dateOfBirth: '1994-05-17',
      age: 32,
      exactLocation: 'Boulder, Colorado, USA',
      communityAffiliation: 'ISKCON Denver',
      photos: [photo(i), photo(i + 1)],
      profileComplete: true,
      profileActive: i % 5 !== 0,
      suspended: false,
      roles: [],
      emailVerified: true,
      createdAt: iso(i),
    })),
  },
];

/** Calls per second of `serialize` over about a second, after a warm-up; the median of 5 such rounds. */
function rate(serialize: (data: unknown) => string, data: unknown): number {
  for (let i = 0; i < 500; i++) serialize(data);
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    let calls = 0;
    const started = performance.now();
    while (performance.now() - started < 1000) {
      for (let i = 0; i < 50; i++) serialize(data);
      calls += 50;
    }
    rounds.push(calls / ((performance.now() - started) / 1000));
  }
  return rounds.sort((a, b) => a - b)[2]!;
}

const rows: string[] = [];
for (const { route, schema, data } of CASES) {
  const compile = (compiler: typeof responseSerializerCompiler) =>
    compiler({ schema, method: 'GET', url: route, httpStatus: '200' } as Parameters<typeof responseSerializerCompiler>[0]) as (data: unknown) => string;
  const zodWrite = compile(zodSerializerCompiler as typeof responseSerializerCompiler);
  const fastWrite = compile(responseSerializerCompiler);
  const zodJson = zodWrite(data);
  const fastJson = fastWrite(data);
  if (JSON.stringify(JSON.parse(zodJson)) !== JSON.stringify(JSON.parse(fastJson))) throw new Error(`${route}: the two serializers disagree`);
  const zodRate = rate(zodWrite, data);
  const fastRate = rate(fastWrite, data);
  const row = `| ${route} | ${(Buffer.byteLength(fastJson) / 1024).toFixed(1)} | ${(1e6 / zodRate).toFixed(1)} | ${(1e6 / fastRate).toFixed(1)} | ${(fastRate / zodRate).toFixed(1)}× |`;
  console.log(row);
  rows.push(row);
}

const table = ['| Answer | JSON KiB | zod encode + JSON.stringify, µs | fast-json-stringify, µs | faster |', '|---|---:|---:|---:|---:|', ...rows].join('\n');
console.log(`\n${table}`);
writeBenchmarkSection(
  'bench:serialize',
  `## Writing an answer (\`npm run bench:serialize\`)

The time to turn one answer into JSON, by the type provider's serializer (a zod encode of the whole answer, then
JSON.stringify; what the server used until issue 19) and by fast-json-stringify compiled from the same route schema
(src/server/response-serializer.ts, what it uses now). Median of 5 one-second rounds each, one core, after a warm-up;
both outputs parse to the same value. Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.

${table}`,
);
