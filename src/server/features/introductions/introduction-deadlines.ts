import { z } from 'zod';
import { awaitingMemberStatuses, isStatusIn, type IntroductionStatus } from '#domain/introductions/introductions';
import type { Db } from '#server/db/client';
import { defineJob, enqueue } from '#server/jobs/outbox';

/**
 * An answer's deadline is an outbox job with a run time: written in the transaction that starts the wait
 * (the proposal reaching the first member, the first's acceptance reaching the second, the elders' last approval),
 * run at `respondBy`. The job expires the introduction only if it still waits for that same deadline
 * (IntroductionsService.expireOverdue, through the state machine), so a job whose wait ended (an answer, a
 * cancellation, the next member's own deadline) does nothing. Reads never write: what they show is the row.
 */
// Never given up: a deadline job lost to a long outage would leave the introduction waiting for good, and both
// members unable to be introduced to anyone else (one introduction at a time). Running it late is always right.
export const INTRODUCTION_EXPIRY_JOB = defineJob('introduction-expiry', z.object({ introductionId: z.string(), respondBy: z.string() }), { neverGiveUp: true });

/** Writes the expiry job of the wait this row starts (nothing when it waits for no one's answer). */
export async function scheduleExpiry(tx: Db, row: { id: string; status: IntroductionStatus; respondBy: Date | null }): Promise<void> {
  if (!isStatusIn(awaitingMemberStatuses, row.status) || !row.respondBy) return;
  await enqueue(tx, INTRODUCTION_EXPIRY_JOB, { introductionId: row.id, respondBy: row.respondBy.toISOString() }, { runAt: row.respondBy });
}
