import { and, desc, eq } from 'drizzle-orm';
import { can } from '#domain/access';
import { shownName } from '#domain/staff/staff-name';
import type { BlockedPerson } from '#domain/safety/safety';
import type { Db } from '#server/db/client';
import { blocks, profiles, users } from '#server/db/schema';
import { badRequest, fieldError, notFound } from '#server/errors';
import { loadRelationship } from '#server/policy/relationship';
import { notifyBlockChanged, type ChangesApplied } from '#server/events/changes';

/**
 * The name a blocked person is listed under: the first name on their profile, else their account's (a staff member
 * without a profile), or null (the web says "Sanga member").
 */
const listedName = (profileName: string | null, accountFirstName: string | null) => shownName({ profileName, accountFirstName });

/**
 * Blocking. One row per blocker; the policy layer reads it both ways (Relationship.blocked), and the
 * match index follows it through a NOTIFY at commit. The blocked person is never told: nothing here answers them.
 */
export class BlocksService {
  constructor(
    private readonly db: Db,
    private readonly changesApplied: ChangesApplied,
  ) {}

  /** Blocks someone the caller could have met (domain can.report); `created` is false when already blocked. */
  async block(blockerId: string, blockedId: string): Promise<{ person: BlockedPerson; created: boolean }> {
    if (blockerId === blockedId) throw badRequest('block-self', [fieldError('userId', 'recipientInvalid')]);
    const { relationship, other } = await loadRelationship(this.db, blockerId, { userId: blockedId });
    if (!can.report(relationship)) throw notFound('user-not-found');
    const created = await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing().returning({ createdAt: blocks.createdAt });
      if (row) await notifyBlockChanged(tx, blockerId, blockedId);
      return row !== undefined;
    });
    await this.changesApplied();
    const [row] = await this.db
      .select({ createdAt: blocks.createdAt })
      .from(blocks)
      .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
      .limit(1);
    return {
      created,
      person: { userId: blockedId, name: listedName(other?.profile?.name ?? null, other?.accountFirstName ?? null), createdAt: (row?.createdAt ?? new Date()).toISOString() },
    };
  }

  /** Lifts the caller's own block (a block the other made stays); nothing to lift is fine too. */
  async unblock(blockerId: string, blockedId: string): Promise<void> {
    const removed = await this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(blocks)
        .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
        .returning({ blockedId: blocks.blockedId });
      if (gone.length > 0) await notifyBlockChanged(tx, blockerId, blockedId);
      return gone.length > 0;
    });
    if (removed) await this.changesApplied();
  }

  /** The people the caller blocked, newest first. */
  async list(blockerId: string): Promise<BlockedPerson[]> {
    const rows = await this.db
      .select({ userId: blocks.blockedId, createdAt: blocks.createdAt, profileName: profiles.name, accountFirstName: users.firstName })
      .from(blocks)
      .leftJoin(profiles, eq(profiles.userId, blocks.blockedId))
      .leftJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, blockerId))
      .orderBy(desc(blocks.createdAt));
    return rows.map((row) => ({ userId: row.userId, name: listedName(row.profileName, row.accountFirstName), createdAt: row.createdAt.toISOString() }));
  }
}
