import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#server/db/client';
import { jobs } from '#server/db/schema';
import { defineJob, enqueue } from './outbox';

/** The job that runs db/erase-deleted.ts's pass (rewritten tables, old WAL retired) after a deletion. */
export const eraseDeletedJob = defineJob('erase-deleted-data', z.object({}));
/** Deletions in this time share one pass (VACUUM FULL locks each table while it is rewritten). */
export const ERASE_DELAY_MS = 60 * 60 * 1000;

/** Called in a deletion's transaction: makes sure a pass is due within ERASE_DELAY_MS. */
export async function scheduleErase(tx: Db, now = new Date()): Promise<void> {
  const [pending] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, eraseDeletedJob.kind), isNull(jobs.doneAt), isNull(jobs.failedAt), isNull(jobs.lockedUntil)))
    .limit(1);
  if (!pending) await enqueue(tx, eraseDeletedJob, {}, { runAt: new Date(now.getTime() + ERASE_DELAY_MS) });
}
