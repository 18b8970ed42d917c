import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { can, type MemberActor } from '#domain/access';
import {
  drawGesture,
  GESTURE_TTL_MS,
  SELFIE_KEEP_MS,
  SELFIE_QUEUE_LIMIT,
  type DrawnGesture,
  type MySelfieCheck,
  type MyVerification,
  type QueuedSelfie,
  type SelfieDecisionInput,
} from '#domain/verification/selfie';
import type { Db } from '#server/db/client';
import { blocks, memberVerifications, notices, profiles, selfieChecks, users } from '#server/db/schema';
import { conflict, forbidden, notFound } from '#server/errors';
import { notifyPersonChanged, type ChangesApplied } from '#server/events/changes';
import { defineJob, enqueue } from '#server/jobs/outbox';
import { loadRelationship } from '#server/policy/relationship';
import { trustFactsOf } from '#server/policy/trust';
import { processSelfie } from '#server/storage/images';
import type { ObjectStore } from '#server/storage/object-store';
import { deleteObjectsJob } from '#server/jobs/delete-objects-job';

/** Where selfies live in the object store: a prefix no route of photos serves (/objects/photos/* reads `photos/`). */
const SELFIE_PREFIX = 'selfies/';

/**
 * Deletes a selfie left undecided SELFIE_KEEP_MS after it was sent (written with the upload, run at that time). It
 * expires the check only if it still awaits a decision, and deletes any file the row still names: running twice, or
 * after a decision, does nothing more. Never given up: the promise is that no selfie outlives its 14 days.
 */
export const selfieExpiryJob = defineJob('selfie-expiry', z.object({ selfieId: z.uuid() }), { neverGiveUp: true });

type SelfieRow = typeof selfieChecks.$inferSelect;

/**
 * "Selfie matched" (issue 50 part 2): the gesture drawn for the member, her photo (processed like a profile photo,
 * kept under a private key), the coordinators' queue and decision, the deletion of the photo when decided or after
 * 14 days, and the admin's "verify again". What the ladder shows is policy/trust.ts's (one loader for every reader).
 */
export class SelfieService {
  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
    private readonly changesApplied: ChangesApplied,
    /** A number in [0, 1) for the gesture's draw (crypto by default; a test may fix it). */
    private readonly random: () => number = () => randomInt(0, 2 ** 32) / 2 ** 32,
  ) {}

  /** GET /api/verification: her rungs as her matches see them, and her latest selfie check. */
  async mine(userId: string, now: Date): Promise<MyVerification> {
    const [facts, latest] = await Promise.all([trustFactsOf(this.db, userId, 'matches'), this.latest(userId)]);
    return { ...facts.rungs, selfieCheck: latest ? selfieCheckView(latest, now) : null };
  }

  private async latest(userId: string): Promise<SelfieRow | undefined> {
    const [row] = await this.db
      .select()
      .from(selfieChecks)
      .where(eq(selfieChecks.userId, userId))
      .orderBy(desc(sql`coalesce(${selfieChecks.closedAt}, ${selfieChecks.decidedAt}, ${selfieChecks.submittedAt}, ${selfieChecks.drawnAt})`))
      .limit(1);
    return row;
  }

  /** Refuses a new attempt while one awaits a coordinator, or while an approval still stands on her ladder. */
  private async requireOpenForAttempt(userId: string): Promise<void> {
    const [pending] = await this.db
      .select({ id: selfieChecks.id })
      .from(selfieChecks)
      .where(and(eq(selfieChecks.userId, userId), eq(selfieChecks.status, 'pending')))
      .limit(1);
    if (pending) throw conflict('selfie-pending');
    const { rungs } = await trustFactsOf(this.db, userId, 'matches');
    if (rungs.selfie !== null) throw conflict('selfie-approved');
  }

  /**
   * Draws a gesture for her next photo (another than the one before when she asks again: "I can't make this gesture"),
   * among those made without hands when she asks; it is good for GESTURE_TTL_MS. One drawn gesture a member.
   */
  async draw(userId: string, handsFree: boolean, now: Date): Promise<DrawnGesture> {
    await this.requireOpenForAttempt(userId);
    const gestureId = await this.db.transaction(async (tx) => {
      const previous = await tx
        .delete(selfieChecks)
        .where(and(eq(selfieChecks.userId, userId), eq(selfieChecks.status, 'drawn')))
        .returning({ gestureId: selfieChecks.gestureId });
      const drawn = drawGesture({ handsFree, previous: previous[0]?.gestureId ?? null }, this.random());
      await tx.insert(selfieChecks).values({ userId, gestureId: drawn, status: 'drawn', drawnAt: now });
      return drawn;
    });
    return { gestureId, expiresAt: new Date(now.getTime() + GESTURE_TTL_MS).toISOString() };
  }

  /**
   * Her photo for the gesture drawn: decoded, turned upright, stripped of every piece of metadata and re-encoded
   * (storage/images.ts processSelfie), stored under a random private key, and queued for a coordinator; its
   * deletion after SELFIE_KEEP_MS is written with it.
   */
  async submit(userId: string, raw: Buffer, now: Date): Promise<{ status: 'pending'; submittedAt: string }> {
    await this.requireOpenForAttempt(userId);
    const [drawn] = await this.db
      .select()
      .from(selfieChecks)
      .where(and(eq(selfieChecks.userId, userId), eq(selfieChecks.status, 'drawn')))
      .limit(1);
    if (!drawn) throw conflict('selfie-gesture-missing');
    if (drawn.drawnAt.getTime() + GESTURE_TTL_MS < now.getTime()) throw conflict('selfie-gesture-expired');
    const [profile] = await this.db.select({ photos: profiles.photos }).from(profiles).where(eq(profiles.userId, userId));
    if (!profile || profile.photos.length === 0) throw conflict('selfie-needs-photos');

    const image = await processSelfie(raw);
    const key = `${SELFIE_PREFIX}${randomBytes(24).toString('base64url')}.jpg`;
    await this.store.put(key, image.data, image.contentType);
    const stored = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(selfieChecks)
        .set({ status: 'pending', submittedAt: now, objectKey: key })
        .where(and(eq(selfieChecks.id, drawn.id), eq(selfieChecks.status, 'drawn')))
        .returning({ id: selfieChecks.id });
      if (!row) return false;
      await enqueue(tx, selfieExpiryJob, { selfieId: row.id }, { runAt: new Date(now.getTime() + SELFIE_KEEP_MS) });
      return true;
    });
    if (!stored) {
      // Another request used the gesture meanwhile: keep no file nobody names.
      await this.store.delete(key);
      throw conflict('selfie-gesture-missing');
    }
    return { status: 'pending', submittedAt: now.toISOString() };
  }

  /**
   * A coordinator reaches a member's selfie as she reaches her member page (can.coordinateMember): never her own,
   * never across a block (the 404 of an unknown id, so the block is not told), never a suspended member's.
   */
  private async requireReach(coordinator: MemberActor, userId: string, now: Date): Promise<void> {
    if (coordinator.userId === userId) throw forbidden('selfie-self');
    const { relationship } = await loadRelationship(this.db, coordinator.userId, { userId }, now);
    if (!relationship.otherExists || relationship.blocked || !can.reviewSelfie(relationship)) throw notFound('selfie-not-found');
  }

  /** The selfies awaiting a decision that this coordinator may review, oldest first, beside each member's profile photos. */
  async queue(coordinator: MemberActor, now: Date): Promise<QueuedSelfie[]> {
    const coordinatorId = sql`${coordinator.userId}::uuid`;
    const rows = await this.db
      .select({ row: selfieChecks, name: profiles.name, photos: profiles.photos })
      .from(selfieChecks)
      .innerJoin(users, eq(users.id, selfieChecks.userId))
      .leftJoin(profiles, eq(profiles.userId, selfieChecks.userId))
      .where(
        and(
          eq(selfieChecks.status, 'pending'),
          isNotNull(selfieChecks.objectKey),
          ne(selfieChecks.userId, coordinator.userId),
          isNull(users.suspendedAt),
          sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${selfieChecks.userId} and ${blocks.blockedId} = ${coordinatorId}) or (${blocks.blockerId} = ${coordinatorId} and ${blocks.blockedId} = ${selfieChecks.userId}))`,
        ),
      )
      .orderBy(asc(selfieChecks.submittedAt), asc(selfieChecks.id))
      .limit(SELFIE_QUEUE_LIMIT);
    const out: QueuedSelfie[] = [];
    for (const { row, name, photos } of rows) {
      // The rule itself, per member: whom a coordinator reaches (a paused profile is nobody's to review).
      const { relationship } = await loadRelationship(this.db, coordinator.userId, { userId: row.userId }, now);
      if (!can.reviewSelfie(relationship)) continue;
      out.push({
        id: row.id,
        userId: row.userId,
        name,
        gestureId: row.gestureId,
        submittedAt: row.submittedAt!.toISOString(),
        deleteBy: new Date(row.submittedAt!.getTime() + SELFIE_KEEP_MS).toISOString(),
        photos: photos ?? [],
      });
    }
    return out;
  }

  private async pending(id: string): Promise<SelfieRow> {
    const [row] = await this.db.select().from(selfieChecks).where(eq(selfieChecks.id, id)).limit(1);
    if (!row || row.status !== 'pending' || !row.objectKey) throw notFound('selfie-not-found');
    return row;
  }

  /** The selfie's bytes for a coordinator who may review it (the route audits the read); 404 once decided or deleted. */
  async read(coordinator: MemberActor, id: string, now: Date): Promise<{ data: Buffer; userId: string }> {
    const row = await this.pending(id);
    await this.requireReach(coordinator, row.userId, now);
    const data = await this.store.get(row.objectKey!);
    if (!data) throw notFound('selfie-not-found');
    return { data, userId: row.userId };
  }

  /**
   * Approves or refuses (with a reason the member reads, and a note for the team). The photo is deleted at once, after
   * the decision commits, and a durable deletion is written with it in case the store fails now. An approval keeps
   * the profile photos it was compared with, and shows on her ladder.
   */
  async decide(coordinator: MemberActor, id: string, input: SelfieDecisionInput, now: Date): Promise<{ id: string; status: 'approved' | 'refused'; userId: string }> {
    const row = await this.pending(id);
    await this.requireReach(coordinator, row.userId, now);
    const status = input.approve ? ('approved' as const) : ('refused' as const);
    const key = await this.db.transaction(async (tx) => {
      const [profile] = await tx.select({ photos: profiles.photos }).from(profiles).where(eq(profiles.userId, row.userId));
      const [decided] = await tx
        .update(selfieChecks)
        .set({
          status,
          decidedAt: now,
          decidedBy: coordinator.userId,
          reason: input.approve ? null : (input.reason ?? null),
          note: input.note,
          photos: input.approve ? (profile?.photos ?? []) : null,
          objectKey: null,
        })
        .where(and(eq(selfieChecks.id, id), eq(selfieChecks.status, 'pending')))
        .returning({ id: selfieChecks.id });
      // Another coordinator decided it a moment ago: no longer waiting, as for an unknown id.
      if (!decided) throw notFound('selfie-not-found');
      await enqueue(tx, deleteObjectsJob, { keys: [row.objectKey!] });
      if (input.approve) await notifyPersonChanged(tx, row.userId);
      return row.objectKey!;
    });
    await this.store.delete(key);
    if (input.approve) await this.changesApplied();
    return { id, status, userId: row.userId };
  }

  /**
   * The selfie-expiry job: a check still pending is expired, and any file the row still names is deleted (the file
   * first: should the store fail, the job runs again and finds it still named).
   */
  async expire(selfieId: string, now: Date): Promise<void> {
    const [row] = await this.db.select().from(selfieChecks).where(eq(selfieChecks.id, selfieId)).limit(1);
    if (!row?.objectKey) return;
    await this.store.delete(row.objectKey);
    if (row.status === 'pending') {
      await this.db
        .update(selfieChecks)
        .set({ status: 'expired', closedAt: now, objectKey: null })
        .where(and(eq(selfieChecks.id, selfieId), eq(selfieChecks.status, 'pending')));
    }
    await this.db.update(selfieChecks).set({ objectKey: null }).where(and(eq(selfieChecks.id, selfieId), ne(selfieChecks.status, 'pending')));
  }

  /**
   * The admin's "verify again" (a moderation action): the selfie approval is revoked and, when asked, the
   * coordinator's verification removed; she gets a notice saying so in general terms. Answers what was cleared.
   */
  async reverify(userId: string, rungs: readonly ('selfie' | 'metByCoordinator')[], now: Date): Promise<{ userId: string; cleared: ('selfie' | 'metByCoordinator')[] }> {
    const cleared = await this.db.transaction(async (tx) => {
      const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      if (!person) throw notFound('user-not-found');
      const done: ('selfie' | 'metByCoordinator')[] = [];
      if (rungs.includes('selfie')) {
        const revoked = await tx
          .update(selfieChecks)
          .set({ status: 'revoked', closedAt: now })
          .where(and(eq(selfieChecks.userId, userId), eq(selfieChecks.status, 'approved')))
          .returning({ id: selfieChecks.id });
        if (revoked.length > 0) done.push('selfie');
      }
      if (rungs.includes('metByCoordinator')) {
        const removed = await tx.delete(memberVerifications).where(eq(memberVerifications.userId, userId)).returning({ userId: memberVerifications.userId });
        if (removed.length > 0) done.push('metByCoordinator');
      }
      // Told in general terms whatever stood before: the admin asks her to verify again.
      await tx.insert(notices).values({ userId, kind: 'verify-again' });
      await notifyPersonChanged(tx, userId);
      return done;
    });
    await this.changesApplied();
    return { userId, cleared };
  }
}

/** Her own latest check as her page shows it: the status's date, and a refusal's reason (never the note). */
function selfieCheckView(row: SelfieRow, now: Date): MySelfieCheck {
  const at = row.closedAt ?? row.decidedAt ?? row.submittedAt ?? row.drawnAt;
  const gestureExpires = row.drawnAt.getTime() + GESTURE_TTL_MS;
  return {
    status: row.status,
    gestureId: row.gestureId,
    at: at.toISOString(),
    reason: row.status === 'refused' ? row.reason : null,
    gestureExpiresAt: row.status === 'drawn' && gestureExpires > now.getTime() ? new Date(gestureExpires).toISOString() : null,
  };
}

