import { and, sql } from 'drizzle-orm';
import { isRefusal, step } from '#domain/introductions/introduction-flow';
import type { Db } from '#server/db/client';
import { introductions } from '#server/db/schema';
import { applyEffects, flowStateOf, partyOf } from './introduction-effects';
import { isOpenSql } from '#server/policy/introduction-sql';

/**
 * A member deletes their account (accounts/deletion-steps.ts, in its transaction): each open introduction of theirs
 * ends, and the other member (if it had reached them) and the coordinator are told as for any ending;
 * the row then goes with the account.
 */
export async function endIntroductionsOfDeletedMember(tx: Db, userId: string): Promise<void> {
  const open = await tx
    .select()
    .from(introductions)
    .where(and(sql`(${introductions.memberA} = ${userId}::uuid or ${introductions.memberB} = ${userId}::uuid)`, isOpenSql))
    .for('update');
  for (const row of open) {
    const result = step(flowStateOf(row), { type: 'account-deleted' }, partyOf(row, userId));
    if (isRefusal(result) || result.status === row.status) continue;
    await applyEffects(tx, { ...row, status: result.status }, result, 'introduction-ended');
  }
}
