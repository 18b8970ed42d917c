import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { blocks, reports } from '#server/db/schema';


/**
 * Who blocked whom, both ways, in this process's memory: a blocked pair never sees the other in the
 * match list nor in its count. The policy layer's Relationship.blocked answers the same question for one pair
 * (policy/relationship.ts); this is its form for a list ranked in memory. Loaded at start, then each change re-reads its
 * pair from the database, so a NOTIFY only says which pair to look at, and a repeated or late one is harmless.
 *
 * A report acts here as a block made by the reporter: a member is never matched with, nor suggested,
 * the person she reported, whatever the admin decided. Unlike a block it leaves messages and the policy layer alone
 * (the reported person is not told, and the conversation stays as evidence). The pair is kept apart both ways, so the
 * reported person is not shown the reporter either.
 */
export class BlockedPairs {
  private byUser = new Map<string, Set<string>>();

  constructor(private readonly db: Db) {}

  /** Reads every pair; pairs held before are replaced at once, never emptied first (no moment without them). */
  async load(): Promise<void> {
    const rows = await this.db.select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId }).from(blocks);
    const reported = await this.db.selectDistinct({ reporterId: reports.reporterId, reportedId: reports.reportedId }).from(reports);
    const byUser = new Map<string, Set<string>>();
    for (const row of rows) link(byUser, row.blockerId, row.blockedId);
    // A deleted member's reports stay with no one to keep apart, and Sanga's own report (no reporter) keeps nobody apart.
    for (const row of reported) if (row.reportedId && row.reporterId) link(byUser, row.reporterId, row.reportedId);
    this.byUser = byUser;
  }

  /** Re-reads whether the two are blocked either way, or one reported the other. */
  async refresh(a: string, b: string): Promise<void> {
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(blocks)
      .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
      .limit(1);
    const [report] = row
      ? [row]
      : await this.db
          .select({ one: sql<number>`1` })
          .from(reports)
          .where(or(and(eq(reports.reporterId, a), eq(reports.reportedId, b)), and(eq(reports.reporterId, b), eq(reports.reportedId, a))))
          .limit(1);
    if (report) link(this.byUser, a, b);
    else this.unlink(a, b);
  }

  /** The people blocked with this user, either way (undefined: none, the common case, costs nothing). */
  of(userId: string): ReadonlySet<string> | undefined {
    return this.byUser.get(userId);
  }

  private unlink(a: string, b: string): void {
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const set = this.byUser.get(from);
      set?.delete(to);
      if (set?.size === 0) this.byUser.delete(from);
    }
  }
}

function link(byUser: Map<string, Set<string>>, a: string, b: string): void {
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    let set = byUser.get(from);
    if (!set) byUser.set(from, (set = new Set()));
    set.add(to);
  }
}
