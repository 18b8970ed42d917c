import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob, enqueue } from '../../jobs/outbox';
import { mailTarget } from '../../mail/recipient';
import { composeMail } from '../../mail/templates';
import { defineMailNotification, unsubscribeUrl } from './mail-notification';

/** The mails an introduction sends its members ("where email exists, a mail"): asked to answer, or introduced. */
export const introductionNoticeJob = defineJob(
  'introduction-notice',
  z.object({ kind: z.enum(['asked', 'introduced']), introductionId: z.uuid(), userId: z.uuid() }),
);
export type IntroductionMail = z.infer<typeof introductionNoticeJob.payload>;

/**
 * Enqueues an introduction's mail inside the transaction that changes its status, so a mail goes out exactly
 * when the change commits (docs/decisions/005-outbox.md). The worker re-reads the member's preference
 * (notifyIntroductions) and language when it sends.
 */
export function enqueueIntroductionMail(tx: Db, mail: IntroductionMail): Promise<void> {
  return enqueue(tx, introductionNoticeJob, mail);
}

export const introductionNotice = defineMailNotification(introductionNoticeJob, async (context, { kind, userId }) => {
  const target = await mailTarget(context.db, userId);
  if (!target?.notifyIntroductions) return;
  const template = kind === 'introduced' ? 'introductionMade' : 'introductionProposed';
  await context.mailer.send(
    composeMail(target.email, target.language, template, { link: `${context.publicUrl()}/introductions` }, { unsubscribeUrl: unsubscribeUrl(context, userId, 'introductions') }),
  );
});
