// npm run bench:messages — live delivery: 1,000 open event streams on one server process, 5,000 messages
// between random pairs. Reports a send's own time (the POST), delivery latency, send throughput, server memory, and
// the counts sent / stored / delivered (which must be equal). Embedded by default; PostgreSQL when DATABASE_URL is set.
// The pairs are members not introduced, so every send runs the checks before delivery (issue 50: hurtful words,
// contact details, money), on ordinary texts of many lengths, with numbers, that pass them all (TEXTS).
// Options: --streams 1000 --messages 5000 --senders 20
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { messages, profiles } from '#server/db/schema';
import { openEventStream, type EventStreamClient } from '#server/test/event-stream';
import { createRng, seedProfiles } from '../seed-data';
import { openFreshBenchDatabase, writeBenchSessions } from './bench-db';
import { machineLine, mib, ms, percentile, processMemory, startServer, writeBenchmarkSection } from './bench-utils';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '5000' },
    senders: { type: 'string', default: '20' },
  },
});
/**
 * What members write: short and long, English and Spanish, with times, dates, ages and counts (the phone check reads
 * every run of digits), a dotted abbreviation, a long paragraph; none is hurtful, shares contact details or asks for
 * money, so every send is delivered after running every check.
 */
const TEXTS = [
  'Hare Krishna! How was the festival?',
  'Namaste. I wake at 4:30, chant 16 rounds and cook for the temple on Sundays. What does your morning look like?',
  'Mi familia quiere conocer a la tuya el próximo mes, después del programa del domingo. ¿Te parece bien?',
  'I was born on 1994-05-17 in Austin, finished my B.Sc. in 2016 and have taught yoga for 8 years to about 120 students.',
  'Gracias por tu mensaje. Tengo 34 años, dos hermanos de 29 y 31, y vivo a 15 km del templo desde 2019.',
  `${'We met many devotees at the Ratha Yatra this year, nearly 10 000 people, and my parents loved the kirtan. '.repeat(6)}What festival do you like most?`,
  `${'Me gusta mucho cocinar para los programas del templo: arroz, dal, sabji y dulces para 40 o 50 personas. '.repeat(8)}¿Y a ti qué te gusta cocinar?`,
  'Between 2015 and 2019 I lived in Mayapur; now I work as a nurse, 3 nights a week, and study on the other days.',
];
const streamCount = Number(values.streams);
const messageCount = Number(values.messages);
const senderCount = Number(values.senders);
const postgresUrl = process.env.DATABASE_URL;
const secret = randomBytes(32).toString('hex');
const { database, env, reopen, cleanup } = await openFreshBenchDatabase(postgresUrl ? 'postgres' : 'embedded', 'sanga_bench_messages', postgresUrl);
// People who may all write to each other: active, flexible about age, half men and half women.
const userIds = await seedProfiles(database.db, { count: streamCount, rng: createRng(7), realPhotos: false, passwordHash: 'unused', emailPrefix: 'msg' });
await database.db.update(profiles).set({ ageFlexibility: 'flexible' });
const genders = new Map((await database.db.select({ userId: profiles.userId, gender: profiles.gender }).from(profiles)).map((p) => [p.userId, p.gender]));
const cookies = await writeBenchSessions(database, secret, userIds);
await database.close();

const server = await startServer({ ...env, SESSION_SECRET: secret });
const streams = new Map<string, EventStreamClient>();
try {
  const memoryBefore = processMemory(server.child.pid!);
  // The arrival time of each message at its receiver's stream.
  const arrivals = new Map<string, number>();
  const opened = Date.now();
  for (let i = 0; i < userIds.length; i += 50) {
    await Promise.all(
      userIds.slice(i, i + 50).map(async (userId) => {
        const stream = await openEventStream(`${server.url}/api/events`, { cookie: cookies.get(userId)! }, (event) => {
          if (event.event !== 'message') return;
          const data = JSON.parse(event.data!) as { id: string; receiverId: string };
          if (data.receiverId === userId && !arrivals.has(data.id)) arrivals.set(data.id, performance.now());
        });
        streams.set(userId, stream);
      }),
    );
  }
  const openSeconds = (Date.now() - opened) / 1000;
  const memoryOpen = processMemory(server.child.pid!);

  const men = userIds.filter((id) => genders.get(id) === 'man');
  const women = userIds.filter((id) => genders.get(id) === 'woman');
  const rng = createRng(99);
  const acknowledged = new Map<string, number>();
  const sentAt = new Map<string, number>();
  /** Each answered send's own time (the POST, checks before delivery included). */
  const sendTimes: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: senderCount }, async () => {
      while (next < messageCount) {
        next += 1;
        const fromMan = rng.next() < 0.5;
        const sender = rng.pick(fromMan ? men : women);
        const receiver = rng.pick(fromMan ? women : men);
        const t0 = performance.now();
        const response = await fetch(`${server.url}/api/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookies.get(sender)! },
          body: JSON.stringify({ receiverId: receiver, content: `${TEXTS[next % TEXTS.length]} (${next})` }),
        });
        const t1 = performance.now();
        if (response.status !== 201) {
          failures += 1;
          await response.arrayBuffer();
          continue;
        }
        const { id } = (await response.json()) as { id: string };
        sendTimes.push(t1 - t0);
        sentAt.set(id, t0);
        acknowledged.set(id, t1);
      }
    }),
  );
  const sendSeconds = (performance.now() - started) / 1000;
  // Wait (bounded) for the last events to arrive.
  const deadline = Date.now() + 10_000;
  while (arrivals.size < acknowledged.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const memoryAfter = processMemory(server.child.pid!);

  const fromAck = [...acknowledged].filter(([id]) => arrivals.has(id)).map(([id, t1]) => Math.max(0, arrivals.get(id)! - t1)).sort((a, b) => a - b);
  sendTimes.sort((a, b) => a - b);
  const fromSend = [...sentAt].filter(([id]) => arrivals.has(id)).map(([id, t0]) => arrivals.get(id)! - t0).sort((a, b) => a - b);

  for (const stream of streams.values()) stream.close();
  await server.stop();
  const reopened = await reopen();
  const [{ stored }] = (await reopened.db.select({ stored: count() }).from(messages)) as [{ stored: number }];
  await reopened.close();

  const dbName = postgresUrl ? 'PostgreSQL 15' : 'embedded PostgreSQL';
  const table = [
    '| Database | Streams | Sent (201) | Stored | Delivered | Failed sends | Send throughput msg/s | Send p50 ms | Send p95 ms | Delivery after ack p50 / p99 ms | From send p50 / p99 ms | Server RSS before → streams open → after MiB | RSS per open stream KiB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${dbName} | ${streams.size} | ${acknowledged.size} | ${stored} | ${arrivals.size} | ${failures} | ${(acknowledged.size / sendSeconds).toFixed(0)} | ${ms(percentile(sendTimes, 50))} | ${ms(percentile(sendTimes, 95))} | ${ms(percentile(fromAck, 50))} / ${ms(percentile(fromAck, 99))} | ${ms(percentile(fromSend, 50))} / ${ms(percentile(fromSend, 99))} | ${mib(memoryBefore.rss)} → ${mib(memoryOpen.rss)} → ${mib(memoryAfter.rss)} | ${((memoryOpen.rss - memoryBefore.rss) / 1024 / Math.max(1, streams.size)).toFixed(1)} |`,
  ].join('\n');
  console.log(`\n${table}\n(streams opened in ${openSeconds.toFixed(1)} s)`);
  writeBenchmarkSection(
    `bench:messages:${postgresUrl ? 'postgres' : 'embedded'}`,
    `## Live message delivery on ${dbName} (\`npm run bench:messages\`)

${streams.size} event streams open on one server process; ${senderCount} concurrent senders post ${messageCount} messages between
random pairs (a man and a woman whose profiles match, not introduced: every send runs the checks before delivery on one of
${TEXTS.length} ordinary texts of 35 to 840 characters). "Send" is the POST's own time. "Delivery after ack" runs from the moment the sender's POST answered
(the message is committed) to the moment the receiver's stream yielded the event (0 when the event came first);
the load generator holding the streams runs on the same two cores as the server. "Per open stream" is the server's
resident memory after opening the streams less before, divided by their number;
"from send" runs from the start of the POST. The spec's fallback polls every 3 s (1.5 s on average).
Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 10)}.

${table}`,
  );
  if (stored !== acknowledged.size || arrivals.size !== acknowledged.size) {
    console.error('LOST: sent, stored and delivered differ');
    process.exitCode = 1;
  }
} finally {
  for (const stream of streams.values()) stream.close();
  await server.stop();
  await cleanup();
}
