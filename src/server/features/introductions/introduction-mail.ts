import type { Db } from '../../db/client';

/** The mails an introduction sends ("where email exists, a mail"): who is told what. */
export type IntroductionMail =
  | { kind: 'asked'; introductionId: string; userId: string }
  | { kind: 'introduced'; introductionId: string; userId: string };

/**
 * Where an introduction's mail is enqueued, inside the transaction that changes its status, so a mail goes out
 * exactly when the change commits. The durable mail outbox is being built on the `accounts` branch (issue 17);
 * until it is merged this enqueues nothing, and the live `event: introduction` on /api/events is the notice.
 * At the merge: insert the outbox row here with `tx`.
 */
export async function enqueueIntroductionMail(_tx: Db, _mail: IntroductionMail): Promise<void> {}
