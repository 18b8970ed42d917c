import { z } from 'zod';
import type { Db } from '#server/db/client';
import { defineJob, enqueue, enqueueMail } from '#server/jobs/outbox';
import { mailTarget } from '#server/mail/recipient';
import { composeMail, type TemplateName } from '#server/mail/templates';
import { flowMails, type FlowMail } from '#domain/introductions/introduction-flow';
import { defineMailNotification, unsubscribeUrl } from './mail-notification';

/**
 * The mails an introduction sends ("where email exists, a mail"): asked to answer, introduced, ended (to the other
 * member, and to the coordinator) — domain/introductions/introduction-flow.ts says which is sent when.
 */
export const introductionMailJob = defineJob(
  'introduction-notice',
  z.object({ kind: z.enum(flowMails), introductionId: z.uuid(), userId: z.uuid() }),
);
export type IntroductionMail = z.infer<typeof introductionMailJob.payload>;

/**
 * Enqueues an introduction's mail inside the transaction that changes its status, so a mail goes out exactly
 * when the change commits (docs/decisions/005-outbox.md). The worker re-reads the member's preference
 * (notifyIntroductions) and language when it sends.
 */
export function enqueueIntroductionMail(tx: Db, mail: IntroductionMail): Promise<void> {
  return enqueue(tx, introductionMailJob, mail);
}

/** The mail template of each introduction mail. */
const introductionTemplates = {
  asked: 'introductionProposed',
  introduced: 'introductionMade',
  ended: 'introductionEnded',
  'ended-coordinator': 'introductionEndedCoordinator',
} as const satisfies Record<FlowMail, TemplateName>;

export const introductionMail = defineMailNotification(introductionMailJob, async (context, { kind, userId }) => {
  // Asked or introduced: a push to the member's devices first (features/push), the mail only when none was taken.
  const pushText = kind === 'introduced' ? 'introductionMade' : kind === 'asked' ? 'introductionProposed' : null;
  const pushed = pushText ? await context.push?.deliver(userId, 'introductions', (texts) => texts[pushText]()) : undefined;
  if (pushed?.sent) return;
  const target = await mailTarget(context.db, userId);
  if (!target?.notifyIntroductions) return;
  const page = kind === 'ended-coordinator' ? '/coordinator' : '/introductions';
  const mail = composeMail(target.email, target.language, introductionTemplates[kind], { link: `${context.publicUrl()}${page}` }, { unsubscribeUrl: unsubscribeUrl(context, userId, 'introductions'), greet: target.greetingName });
  // Pushes tried and all failed: the mail is its own outbox job, so a retry never pushes again.
  if (pushed?.attempted) await enqueueMail(context.db, mail);
  else await context.mailer.send(mail);
});
