import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { can, proposalRefusal, type ProposalRefusal } from '#domain/access';
import { addDays, type CreateIntroductionInput, type IntroductionStatus } from '#domain/introductions/introductions';
import { firstName } from '#domain/profile/profile';
import type { MemberRole } from '#domain/staff/roles';
import type { IntroductionConfig } from '#server/config';
import type { Db } from '#server/db/client';
import { introductionRequests, introductions, users, type ProfileRow } from '#server/db/schema';
import { conflict, HttpError, notFound } from '#server/errors';
import { loadProposalFacts, orderedPair } from '#server/policy/introduction-pair';
import { notifyEldersOfReview } from '../notifications';
import { applyEffects, stepOrRefuse } from './introduction-effects';

/**
 * A coordinator's proposal. Whether the pair may be proposed is the policy's (domain/access.ts
 * proposalRefusal, over the pair's facts loaded in one statement), its first status and who hears of it the state
 * machine's (`propose`, domain/introductions/introduction-flow.ts). The caller has checked the coordinator role.
 * Without an elders' panel the proposal waits for the first member's answer at once, and its expiry job is written
 * with it (applyEffects).
 */
export async function propose(
  db: Db,
  config: IntroductionConfig,
  coordinator: { userId: string; roles: readonly MemberRole[] },
  input: CreateIntroductionInput,
  now: Date,
): Promise<{ id: string; status: IntroductionStatus }> {
  const { memberA, memberB, note } = input;
  if (!can.proposeIntroduction({ viewerId: coordinator.userId, viewerRoles: coordinator.roles, memberA, memberB })) {
    throw conflict(memberA === memberB ? 'introduction-same-member' : 'introduction-own');
  }
  return db.transaction(async (tx) => {
    // Both members locked, in id order: two proposals for the same person wait for each other, so the limits hold.
    await tx.execute(sql`select ${users.id} from ${users} where ${users.id} in (${memberA}::uuid, ${memberB}::uuid) order by ${users.id} for update`);
    const { facts, profileA, profileB } = await loadProposalFacts(tx, memberA, memberB, now);
    const refusal = proposalRefusal(facts, config.maxOpen);
    if (refusal) throw refusalError(refusal, { memberA: profileA, memberB: profileB });
    const transition = stepOrRefuse(null, { type: 'propose', required: config.elderApprovals }, 'coordinator');
    const asked = transition.status === 'awaiting-first';
    const [pairLow, pairHigh] = orderedPair(memberA, memberB);
    const [row] = await tx
      .insert(introductions)
      .values({
        memberA,
        memberB,
        pairLow,
        pairHigh,
        coordinatorId: coordinator.userId,
        note,
        firstNameA: firstName(profileA!.name),
        firstNameB: firstName(profileB!.name),
        status: transition.status,
        reachedFirstAt: asked ? now : null,
        respondBy: asked ? addDays(now, config.responseDays) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // A member's request for this pair (either way round) is answered by the proposal.
    await tx
      .update(introductionRequests)
      .set({ handledAt: now })
      .where(
        and(
          isNull(introductionRequests.handledAt),
          or(
            and(eq(introductionRequests.requesterId, memberA), eq(introductionRequests.otherId, memberB)),
            and(eq(introductionRequests.requesterId, memberB), eq(introductionRequests.otherId, memberA)),
          ),
        ),
      );
    await applyEffects(tx, row!, transition);
    // With an elders' panel the proposal waits for them: every elder who may review it is told (a staff notice).
    if (row!.status === 'awaiting-elders') await notifyEldersOfReview(tx, row!.id);
    return { id: row!.id, status: row!.status };
  });
}

/** The answer to a refused proposal: its code, and for a limit the member's name and which of the two it is. */
function refusalError(refusal: ProposalRefusal, profiles: Record<'memberA' | 'memberB', ProfileRow | null>): HttpError {
  if (!('member' in refusal)) {
    if (refusal.code === 'member-not-found') return notFound(refusal.code);
    if (refusal.code === 'member-suspended') return new HttpError(409, refusal.code, 'One of the two members is suspended');
    return conflict(refusal.code);
  }
  const { code, member, limit } = refusal;
  // The sentence names the member for API clients; `path` tells the web which of the two, and it names them itself.
  const message = `${firstName(profiles[member]!.name) ?? 'A member'} already has ${limit === 1 ? 'an open introduction (one-to-one courtship)' : `${limit} open introductions`}`;
  return new HttpError(409, code, message, [{ path: member, code: 'invalid', message }]);
}
