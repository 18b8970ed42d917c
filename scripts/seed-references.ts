// The references part of npm run seed: received references for the demo member and both members of the
// introduction awaiting the elders (so the elders' review shows them), a request still waiting and a declined one,
// and a verified member, so a newcomer sees every state.
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { REFERENCE_TTL_MS, type ReferenceAnswerRow, type ReferenceRelationship } from '#domain/references/references';
import type { Db } from '#server/db/client';
import { introductions, memberReferences, memberVerifications, profiles } from '#server/db/schema';
import { sha256 } from '#server/features/auth/email-tokens';
import { profileFingerprint } from '#server/policy/trust';

const DAY = 24 * 60 * 60 * 1000;

const answer = (refereeName: string, knownForYears: number, character: string, extra: Partial<ReferenceAnswerRow> = {}): ReferenceAnswerRow => ({
  refereeName,
  knownForYears,
  inGoodStanding: 'yes',
  recommend: 'yes',
  character,
  concerns: null,
  mayContact: true,
  phone: null,
  ...extra,
});

export async function seedReferences(db: Db, people: { demoId: string; coordinatorId: string; now?: Date }): Promise<{ references: number; verified: number }> {
  const now = people.now ?? new Date();
  const [awaiting] = await db
    .select({ a: introductions.memberA, b: introductions.memberB })
    .from(introductions)
    .where(and(eq(introductions.status, 'awaiting-elders'), eq(introductions.coordinatorId, people.coordinatorId)))
    .orderBy(desc(introductions.createdAt))
    .limit(1);
  let references = 0;
  const add = async (
    userId: string,
    name: string,
    relationship: ReferenceRelationship,
    status: 'requested' | 'received' | 'declined',
    daysAgo: number,
    given?: ReferenceAnswerRow,
  ) => {
    const requestedAt = new Date(now.getTime() - daysAgo * DAY);
    await db.insert(memberReferences).values({
      userId,
      name,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.org`,
      relationship,
      language: 'en',
      status,
      // A waiting request has a live link nobody knows (the mail is not sent by the seed).
      tokenHash: status === 'requested' ? sha256(randomBytes(32).toString('base64url')) : null,
      expiresAt: new Date(requestedAt.getTime() + REFERENCE_TTL_MS),
      requestedAt,
      answeredAt: status === 'requested' ? null : new Date(requestedAt.getTime() + 2 * DAY),
      answer: given ?? null,
    });
    references += 1;
  };
  await add(people.demoId, 'Sri Govinda Swami', 'spiritual-teacher', 'received', 12, answer('Sri Govinda Swami', 8, 'A sincere and steady devotee: he chants daily, serves at the Sunday feast and is respected by everyone at the temple.'));
  await add(people.demoId, 'Madhavi Mataji', 'temple-leader', 'requested', 3);
  await add(people.demoId, 'Old Friend', 'family-friend', 'declined', 20);
  if (awaiting) {
    await add(awaiting.a, 'Radharani Devi Dasi', 'mentor', 'received', 15, answer('Radharani Devi Dasi', 6, 'Kind, patient and hard-working; she has led the children’s program for years.'));
    await add(awaiting.b, 'Bhakti Prabhu', 'temple-leader', 'received', 10, answer('Bhakti Prabhu', 3, 'Honest and helpful, though still new to the community.', { recommend: 'with-reservations', concerns: 'He has lived here only three years.' }));
  }
  // Verified by the seeded coordinator: the demo member (in person) and the first of the pair (by video).
  let verified = 0;
  for (const [userId, method] of [
    [people.demoId, 'in-person'],
    ...(awaiting ? [[awaiting.a, 'video-call'] as const] : []),
  ] as const) {
    const [profile] = await db.select({ name: profiles.name, dateOfBirth: profiles.dateOfBirth, photos: profiles.photos }).from(profiles).where(eq(profiles.userId, userId));
    if (!profile) continue;
    const values = { coordinatorId: people.coordinatorId, method, note: 'Met at the Sunday feast.', fingerprint: profileFingerprint(profile), verifiedAt: new Date(now.getTime() - 5 * DAY) };
    await db.insert(memberVerifications).values({ userId, ...values }).onConflictDoUpdate({ target: memberVerifications.userId, set: values });
    verified += 1;
  }
  return { references, verified };
}
