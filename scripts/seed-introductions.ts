// The introductions part of npm run seed: a coordinator and an elder account, and a few introductions in
// each state between seeded members, so a newcomer sees the whole human-led path at once.
import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { addDays, awaitingMemberStatuses, isStatusIn, type IntroductionStatus } from '#domain/introductions/introductions';
import { firstName } from '#domain/profile/profile';
import type { Db } from '#server/db/client';
import { conversations, introductionFollowUps, introductionRequests, introductionReviews, introductions, messages, profiles } from '#server/db/schema';
import { insertMessage } from '#server/features/messages/index';
import { scheduleExpiry } from '#server/features/introductions/introduction-deadlines';

const DAY = 24 * 60 * 60 * 1000;

/** One introduction of the demo data: who, which state, and how long ago it was proposed. */
interface Planned {
  a: string;
  b: string;
  status: IntroductionStatus;
  daysAgo: number;
}

/**
 * Rows as the service would have left them in each state (reached_*, respond_by, introduced_at), written directly:
 * seeded people are not all each other's candidates, and the point here is to show every state.
 */
export async function seedIntroductions(db: Db, people: { demoId: string; coordinatorId: string; elderId: string; responseDays: number; now?: Date }) {
  const now = people.now ?? new Date();
  const { demoId, coordinatorId, elderId } = people;
  const staff = [demoId, coordinatorId, elderId];
  const pick = (gender: 'man' | 'woman') =>
    db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(and(eq(profiles.gender, gender), eq(profiles.profileActive, true), notInArray(profiles.userId, staff), ne(profiles.name, '')))
      // This run's newest people: a second seed run introduces new pairs (one open introduction per pair).
      .orderBy(desc(profiles.createdAt))
      .limit(12);
  const women = (await pick('woman')).map((row) => row.userId);
  const men = (await pick('man')).map((row) => row.userId);
  // The demo member (a man) courts with guidance, so several introductions can be open for him at once.
  await db.update(profiles).set({ courtshipAlignment: 'either-with-guidance' }).where(eq(profiles.userId, demoId));
  const all: Planned[] = [
    { a: demoId, b: women[0]!, status: 'awaiting-first', daysAgo: 1 },
    { a: women[1]!, b: demoId, status: 'introduced', daysAgo: 9 },
    { a: demoId, b: women[2]!, status: 'declined', daysAgo: 20 },
    { a: women[3]!, b: men[0]!, status: 'awaiting-elders', daysAgo: 0 },
    { a: women[4]!, b: men[1]!, status: 'awaiting-second', daysAgo: 2 },
    { a: women[5]!, b: men[2]!, status: 'courting', daysAgo: 40 },
    { a: women[6]!, b: men[3]!, status: 'engaged', daysAgo: 90 },
    { a: women[7]!, b: men[4]!, status: 'married', daysAgo: 200 },
    { a: women[8]!, b: men[5]!, status: 'ended', daysAgo: 60 },
    { a: women[9]!, b: men[6]!, status: 'expired', daysAgo: 30 },
    { a: women[10]!, b: men[7]!, status: 'cancelled', daysAgo: 5 },
    { a: women[11]!, b: men[8]!, status: 'declined-by-elders', daysAgo: 3 },
  ];
  const plan = all.filter((p) => p.a && p.b);

  const reachedFirst = (s: IntroductionStatus) => !['awaiting-elders', 'declined-by-elders'].includes(s);
  const reachedSecond = (s: IntroductionStatus) => ['awaiting-second', 'introduced', 'courting', 'engaged', 'married', 'ended'].includes(s);
  const introduced = (s: IntroductionStatus) => ['introduced', 'courting', 'engaged', 'married', 'ended'].includes(s);
  const names = new Map(
    (await db.select({ userId: profiles.userId, name: profiles.name }).from(profiles).where(inArray(profiles.userId, plan.flatMap((p) => [p.a, p.b])))).map((row) => [row.userId, row.name]),
  );
  const note = 'You both serve at the Sunday feast and hope to settle near the temple.';
  await db.transaction(async (tx) => {
    for (const p of plan) {
      const created = new Date(now.getTime() - p.daysAgo * DAY);
      const [low, high] = p.a < p.b ? [p.a, p.b] : [p.b, p.a];
      const awaiting = isStatusIn(awaitingMemberStatuses, p.status);
      const [row] = await tx
        .insert(introductions)
        .values({
          memberA: p.a,
          memberB: p.b,
          pairLow: low,
          pairHigh: high,
          coordinatorId,
          note,
          status: p.status,
          approvals: p.status === 'awaiting-elders' ? 0 : 1,
          reachedFirstAt: reachedFirst(p.status) ? created : null,
          reachedSecondAt: reachedSecond(p.status) ? new Date(created.getTime() + DAY / 2) : null,
          introducedAt: introduced(p.status) ? new Date(created.getTime() + DAY) : null,
          respondBy: awaiting ? addDays(now, people.responseDays - 1) : null,
          firstReason: p.status === 'declined' ? 'I would rather not relocate.' : null,
          createdAt: created,
          updatedAt: created,
        })
        .returning();
      // A waiting introduction's deadline is a job, as the service writes it.
      await scheduleExpiry(tx, row!);
      if (p.status !== 'awaiting-elders') {
        await tx.insert(introductionReviews).values({ introductionId: row!.id, elderId, decision: p.status === 'declined-by-elders' ? 'decline' : 'approve', createdAt: created });
      }
      if (introduced(p.status)) {
        // The coordinator's opening, as the service writes it (introductions.service.ts openThreads): a system
        // message each reader's web words in their own language, the introduction's note as its content.
        for (const [member, other] of [
          [p.a, p.b],
          [p.b, p.a],
        ] as const) {
          await seedMessage(tx, { senderId: coordinatorId, receiverId: member, content: note, system: { kind: 'introduced', name: firstName(names.get(other) ?? '') } }, new Date(created.getTime() + DAY), true);
        }
      }
      if (['courting', 'engaged', 'married', 'ended'].includes(p.status)) {
        const outcome = p.status === 'courting' ? 'continuing' : (p.status as 'engaged' | 'married' | 'ended');
        await tx.insert(introductionFollowUps).values({ introductionId: row!.id, userId: p.a, status: outcome, note: null, createdAt: new Date(created.getTime() + 8 * DAY) });
      }
    }
    // An open request from a member, waiting in the coordinator's queue.
    // The demo member's introduced match has written to him, and he back: /messages and the thread are not empty,
    // and her last message waits unread.
    const talking = plan.find((p) => p.status === 'introduced' && (p.a === demoId || p.b === demoId));
    if (talking) {
      const her = talking.a === demoId ? talking.b : talking.a;
      const introducedAt = now.getTime() - talking.daysAgo * DAY + DAY;
      const lines: [string, string, string, number][] = [
        [her, demoId, 'Hare Krishna! Kamala told me about you. I also serve at the Sunday feast, in the kitchen.', 2 * 60],
        [demoId, her, 'Hare Krishna! Yes, I help with the cleaning after the feast. Which temple do you go to?', 5 * 60],
        [her, demoId, 'The one on the east side. My family would like to meet yours one day, with Kamala present.', 26 * 60],
        [her, demoId, 'Would this Sunday after the program suit you?', 27 * 60],
      ];
      for (const [from, to, content, minutesAfter] of lines) {
        const createdAt = new Date(Math.min(introducedAt + minutesAfter * 60 * 1000, now.getTime() - 60 * 1000));
        await seedMessage(tx, { senderId: from, receiverId: to, content }, createdAt, from === demoId || minutesAfter < 26 * 60);
      }
    }
    // The conversation list's unread counts, from what the seed marked read.
    await tx
      .update(conversations)
      .set({ unreadCount: sql`(select count(*)::int from ${messages} m where m.receiver_id = ${conversations.userId} and m.sender_id = ${conversations.otherId} and not m.read)` })
      .where(inArray(conversations.userId, [...new Set([demoId, coordinatorId, ...plan.flatMap((p) => [p.a, p.b])])]));
    if (women[0] && men[9]) await tx.insert(introductionRequests).values({ requesterId: men[9], otherId: women[0], note: 'We met at Janmashtami.' });
  });
  return plan.length;
}

/**
 * A message written the one way messages are (insertMessage: the conversation list's rows and the live event
 * with it), then dated back and marked read or not as the seed's story says.
 */
async function seedMessage(tx: Db, values: Parameters<typeof insertMessage>[1], createdAt: Date, read: boolean): Promise<void> {
  const row = await insertMessage(tx, values);
  if (row) await tx.update(messages).set({ createdAt, read }).where(eq(messages.id, row.id));
}
