import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { profiles } from '#server/db/schema';
import { notify, notifySql } from './channels';

/*
 * The changes every process's match index follows, as features announce them (profiles, photos, safety, account
 * deletion): here, so that a feature sends them without importing the match index.
 */

/**
 * Resolves when this process's match index has applied every change committed so far (MatchIndex.caughtUp): a write
 * that announced a change awaits it before it answers, so the member's next request reads what they wrote. Others
 * processes follow the same NOTIFY in their own time.
 */
export type ChangesApplied = () => Promise<void>;

/** Announces a profile write; delivered to every process's index when the transaction commits. */
export function notifyProfileChanged(tx: Db, profileId: string): Promise<void> {
  return notify(tx, 'profiles', profileId);
}

/** Announces a change of a person that is no profile write (suspension, reports); a person without a profile sends nothing. */
export async function notifyPersonChanged(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select ${notifySql('profiles', sql`${profiles.id}::text`)} from ${profiles} where ${profiles.userId} = ${userId}`);
}

/** Announces a block or an unblock; delivered to every process's index when the transaction commits. */
export function notifyBlockChanged(tx: Db, blockerId: string, blockedId: string): Promise<void> {
  return notify(tx, 'blocks', { blockerId, blockedId });
}
