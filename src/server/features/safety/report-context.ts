import { and, asc, desc, eq, gt, lt, or } from 'drizzle-orm';
import { REPORT_CONTEXT_MESSAGES } from '#domain/safety/safety';
import type { Db } from '#server/db/client';
import { messages } from '#server/db/schema';

export type MessageRow = typeof messages.$inferSelect;
export type ReportMessage = { id: string; senderId: string; content: string; createdAt: string };

export const toReportMessage = (row: MessageRow): ReportMessage => ({ id: row.id, senderId: row.senderId, content: row.content, createdAt: row.createdAt.toISOString() });

/** Messages before the reported one in its context; the rest of REPORT_CONTEXT_MESSAGES come after it. */
const CONTEXT_BEFORE = 5;

/**
 * Up to REPORT_CONTEXT_MESSAGES messages of the reported message's conversation around it, oldest first (it
 * included): what the admin reads (moderation.service.ts), and what a report keeps when the reported member deletes
 * their account (deletion-steps.ts).
 */
export async function reportContext(db: Db, message: MessageRow): Promise<ReportMessage[]> {
  const between = or(
    and(eq(messages.senderId, message.senderId), eq(messages.receiverId, message.receiverId)),
    and(eq(messages.senderId, message.receiverId), eq(messages.receiverId, message.senderId)),
  );
  const before = await db.select().from(messages).where(and(between, lt(messages.seq, message.seq))).orderBy(desc(messages.seq)).limit(CONTEXT_BEFORE);
  const after = await db
    .select()
    .from(messages)
    .where(and(between, gt(messages.seq, message.seq)))
    .orderBy(asc(messages.seq))
    .limit(REPORT_CONTEXT_MESSAGES - 1 - before.length);
  return [...before.reverse(), message, ...after].map(toReportMessage);
}
