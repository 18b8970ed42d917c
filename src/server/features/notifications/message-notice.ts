import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { firstName } from '../../../domain/profile';
import type { Db } from '../../db/client';
import { profiles, sessions, users, volunteerApplications } from '../../db/schema';
import { defineJob, enqueue, jobWrittenSince } from '../../jobs/outbox';
import { mailTarget } from '../../mail/recipient';
import { composeMail } from '../../mail/templates';
import { approvedVolunteer } from '../../policy/sql-facts';
import { defineMailNotification, unsubscribeUrl } from './mail-notification';

/** At most one new-message mail per conversation in this window. */
export const MESSAGE_NOTICE_WINDOW_MS = 30 * 60 * 1000;
/**
 * A session whose stream was seen this recently counts as reading live. Open streams are marked at opening and at
 * every heartbeat (25 s, sessions.ts liveSids), so two beats and some slack; a closed tab stops counting within it.
 */
export const LIVE_STREAM_MS = 60 * 1000;

export const messageNoticeJob = defineJob('message-notice', z.object({ senderId: z.uuid(), receiverId: z.uuid() }));

/**
 * In the send's transaction: a notice job when the receiver wants message mails, has no live event stream on any
 * process, and got no notice about this conversation in the last 30 minutes. The mail itself names only who wrote.
 * `streamOpenHere` answers for this process without asking the database.
 */
export async function noteMessageSent(tx: Db, message: { senderId: string; receiverId: string }, streamOpenHere: (userId: string) => boolean): Promise<void> {
  // Live on this process: no mail, and no query to learn it (the database knows the streams of every process).
  if (streamOpenHere(message.receiverId)) return;
  const [receiver] = await tx
    .select({
      notify: users.notifyMessages,
      live: sql<boolean>`exists (select 1 from ${sessions} where ${sessions.sess}->>'userId' = ${message.receiverId}
        and ${sessions.streamSeenAt} > now() - ${`${LIVE_STREAM_MS} milliseconds`}::interval
        and ${sessions.expire} > now())`,
    })
    .from(users)
    .where(eq(users.id, message.receiverId))
    .limit(1);
  if (!receiver?.notify || receiver.live) return;
  const dedupeKey = `${messageNoticeJob.kind}:${message.receiverId}:${message.senderId}`;
  if (await jobWrittenSince(tx, dedupeKey, new Date(Date.now() - MESSAGE_NOTICE_WINDOW_MS))) return;
  await enqueue(tx, messageNoticeJob, { senderId: message.senderId, receiverId: message.receiverId }, { dedupeKey });
}

/** The new-message mail: re-checks the preference (switched off since: nothing to send). */
export const messageNotice = defineMailNotification(messageNoticeJob, async (context, { senderId, receiverId }) => {
  const target = await mailTarget(context.db, receiverId);
  if (!target?.notifyMessages) return;
  const name = await senderFirstName(context.db, senderId);
  await context.mailer.send(
    composeMail(
      target.email,
      target.language,
      'newMessage',
      { firstName: name, link: `${context.publicUrl()}/conversation/${senderId}` },
      { unsubscribeUrl: unsubscribeUrl(context, receiverId, 'messages') },
    ),
  );
});

/** The name conversations show (product-choices.md): an approved volunteer's, else the profile's first name. */
async function senderFirstName(db: Db, senderId: string): Promise<string | null> {
  const [volunteer] = await db
    .select({ name: volunteerApplications.name })
    .from(volunteerApplications)
    .where(and(eq(volunteerApplications.userId, senderId), approvedVolunteer))
    .limit(1);
  if (volunteer) return firstName(volunteer.name);
  const [profile] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, senderId)).limit(1);
  return profile ? firstName(profile.name) : null;
}
