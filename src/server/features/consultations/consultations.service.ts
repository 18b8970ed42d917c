import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MemberActor } from '#domain/access';
import type { ConsultationHandledInput, ConsultationRequest, ConsultationsQuery } from '#domain/introductions/consultations';
import type { Db } from '#server/db/client';
import { consultationHandled, profiles } from '#server/db/schema';
import { notFound } from '#server/errors';
import { blockedEitherWay, suspendedUser } from '#server/policy/sql-facts';

const handler = alias(profiles, 'handler_profile');

/** The request now open for a member is handled when a mark exists for that very request (a later Yes reopens it). */
const handledNow = and(isNotNull(consultationHandled.userId), sql`${consultationHandled.requestedAt} = ${profiles.consultationRequestedAt}`)!;

/**
 * The marriage-readiness consultation queue: members whose profile answers Yes, oldest request first, and the mark
 * a coordinator leaves once they have been in touch. A suspended member, and one blocked either way with the
 * coordinator asking, is not listed (as in the coordinator's members queue).
 */
export class ConsultationsService {
  constructor(private readonly db: Db) {}

  async list(coordinator: MemberActor, query: ConsultationsQuery): Promise<{ items: ConsultationRequest[]; total: number }> {
    const byStatus: Record<ConsultationsQuery['status'], SQL> = { open: sql`not (${handledNow})`, handled: handledNow };
    const rows = await this.db
      .select({
        userId: profiles.userId,
        name: profiles.name,
        location: profiles.exactLocation,
        requestedAt: profiles.consultationRequestedAt,
        mark: consultationHandled,
        handledBy: handler.name,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(profiles)
      .leftJoin(consultationHandled, eq(consultationHandled.userId, profiles.userId))
      .leftJoin(handler, eq(handler.userId, consultationHandled.handledBy))
      .where(
        and(
          eq(profiles.marriageReadinessConsultation, 'yes'),
          isNotNull(profiles.consultationRequestedAt),
          sql`not ${suspendedUser(profiles.userId)}`,
          sql`not ${blockedEitherWay(profiles.userId, sql`${coordinator.userId}::uuid`)}`,
          byStatus[query.status],
        ),
      )
      .orderBy(query.status === 'open' ? asc(profiles.consultationRequestedAt) : desc(consultationHandled.handledAt), asc(profiles.userId))
      .limit(query.limit)
      .offset(query.offset);
    return {
      total: rows[0]?.total ?? 0,
      items: rows.map((row) => {
        const handled = query.status === 'handled' ? row.mark : null;
        return {
          userId: row.userId,
          name: row.name,
          location: row.location,
          requestedAt: row.requestedAt!.toISOString(),
          handledAt: handled?.handledAt.toISOString() ?? null,
          handledBy: handled ? row.handledBy : null,
          note: handled ? handled.note : null,
        };
      }),
    };
  }

  /**
   * Marks the member's open request handled with the coordinator's private note; marking again replaces the note.
   * 404 when the member has no request (their answer is not Yes, or they are unknown).
   */
  async markHandled(coordinator: MemberActor, userId: string, input: ConsultationHandledInput, now = new Date()): Promise<ConsultationRequest> {
    return this.db.transaction(async (tx) => {
      const [member] = await tx
        .select({ name: profiles.name, location: profiles.exactLocation, requestedAt: profiles.consultationRequestedAt })
        .from(profiles)
        .where(and(eq(profiles.userId, userId), eq(profiles.marriageReadinessConsultation, 'yes'), isNotNull(profiles.consultationRequestedAt)))
        .for('update');
      if (!member?.requestedAt) throw notFound('consultation-not-found');
      const mark = { requestedAt: member.requestedAt, handledAt: now, handledBy: coordinator.userId, note: input.note };
      await tx.insert(consultationHandled).values({ userId, ...mark }).onConflictDoUpdate({ target: consultationHandled.userId, set: mark });
      const [me] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, coordinator.userId));
      return {
        userId,
        name: member.name,
        location: member.location,
        requestedAt: member.requestedAt.toISOString(),
        handledAt: now.toISOString(),
        handledBy: me?.name ?? null,
        note: input.note,
      };
    });
  }
}
