import { eq } from 'drizzle-orm';
import { can, type MemberActor } from '#domain/access';
import type { VerificationInput, VerificationView } from '#domain/references/references';
import type { Db } from '#server/db/client';
import { memberVerifications, profiles } from '#server/db/schema';
import { HttpError } from '#server/errors';
import { notifyPersonChanged, type ChangesApplied } from '#server/events/changes';
import { loadRelationship } from '#server/policy/relationship';
import { changedSinceVerified, profileFingerprint } from '#server/policy/trust';

/**
 * "Verified by a coordinator": a coordinator who met the member in person or by video says so. Never
 * oneself, never a suspended member, never across a block (the member is then the 404 of an unknown id, as
 * everywhere a coordinator reaches a member, so the block is not told).
 */
export class VerificationService {
  constructor(
    private readonly db: Db,
    private readonly changesApplied: ChangesApplied,
  ) {}

  /**
   * A coordinator's reach to a member (can.coordinateMember), with the self and suspension refusals named. The caller
   * is a coordinator (the route's guard, hasRole); whom they may reach is the rule's.
   */
  async requireReach(coordinator: MemberActor, userId: string, now: Date, purpose: 'read' | 'verify'): Promise<void> {
    const coordinatorId = coordinator.userId;
    if (coordinatorId === userId) throw new HttpError(403, purpose === 'verify' ? 'verification-self' : 'references-self');
    const { relationship } = await loadRelationship(this.db, coordinatorId, { userId }, now);
    if (!relationship.otherExists || relationship.blocked) throw new HttpError(404, 'member-not-found');
    if (purpose === 'verify' && relationship.otherSuspended) throw new HttpError(409, 'member-suspended');
    if (!can.coordinateMember(relationship)) throw new HttpError(404, 'member-not-found');
  }

  async verify(coordinator: MemberActor, userId: string, input: VerificationInput, now: Date): Promise<{ verified: true; verifiedAt: string; method: VerificationInput['method'] }> {
    const coordinatorId = coordinator.userId;
    await this.requireReach(coordinator, userId, now, 'verify');
    const verified = await this.db.transaction(async (tx) => {
      const [profile] = await tx.select({ name: profiles.name, dateOfBirth: profiles.dateOfBirth, photos: profiles.photos }).from(profiles).where(eq(profiles.userId, userId));
      if (!profile) throw new HttpError(404, 'member-not-found');
      const values = { coordinatorId, method: input.method, note: input.note, fingerprint: profileFingerprint(profile), verifiedAt: now };
      await tx.insert(memberVerifications).values({ userId, ...values }).onConflictDoUpdate({ target: memberVerifications.userId, set: values });
      await notifyPersonChanged(tx, userId);
      return { verified: true as const, verifiedAt: now.toISOString(), method: input.method };
    });
    await this.changesApplied();
    return verified;
  }

  /** Revokes; 404 when the member is not verified. Any coordinator may revoke (a suspended member's too). */
  async revoke(coordinator: MemberActor, userId: string): Promise<void> {
    if (coordinator.userId === userId) throw new HttpError(403, 'verification-self');
    await this.db.transaction(async (tx) => {
      const [gone] = await tx.delete(memberVerifications).where(eq(memberVerifications.userId, userId)).returning({ userId: memberVerifications.userId });
      if (!gone) throw new HttpError(404, 'verification-not-found');
      await notifyPersonChanged(tx, userId);
    });
    await this.changesApplied();
  }

  /** The verification as the coordinator's member page shows it, or null. */
  async view(userId: string): Promise<VerificationView | null> {
    const [row] = await this.db.select().from(memberVerifications).where(eq(memberVerifications.userId, userId));
    if (!row) return null;
    const [coordinator] = row.coordinatorId
      ? await this.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, row.coordinatorId))
      : [];
    const changed = await changedSinceVerified(this.db, [userId]);
    return {
      method: row.method,
      note: row.note,
      verifiedAt: row.verifiedAt.toISOString(),
      coordinator: { userId: row.coordinatorId, name: coordinator?.name ?? null },
      changedSinceVerified: changed.has(userId),
    };
  }
}
