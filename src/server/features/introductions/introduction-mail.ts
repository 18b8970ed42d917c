import type { FlowMail } from '../../../domain/introduction-flow';
import type { Db } from '../../db/client';
import { enqueueJob } from '../../jobs/outbox';

/** The mails an introduction sends ("where email exists, a mail"): who is told what. */
export interface IntroductionMail {
  kind: FlowMail;
  introductionId: string;
  userId: string;
}

/** The outbox job that renders and sends one (accounts/notices.ts registers its handler). */
export const INTRODUCTION_NOTICE_JOB = 'introduction-notice';

/**
 * Enqueues an introduction's mail inside the transaction that changes its status, so a mail goes out exactly
 * when the change commits (docs/decisions/005-outbox.md). The worker re-reads the member's preference
 * (notifyIntroductions) and language when it sends.
 */
export async function enqueueIntroductionMail(tx: Db, mail: IntroductionMail): Promise<void> {
  await enqueueJob(tx, INTRODUCTION_NOTICE_JOB, { kind: mail.kind, introductionId: mail.introductionId, userId: mail.userId });
}
