import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { firstName } from '../../../domain/profile';
import type { Db } from '../../db/client';
import { profiles, pushSubscriptions, sessions, users, volunteerApplications } from '../../db/schema';
import { defineJob, enqueue, enqueueMail, jobWrittenSince } from '../../jobs/outbox';
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

/** Whether a session of this member has an event stream open now, on any process (streams mark their session). */
const liveStream = (userId: string) => sql<boolean>`exists (select 1 from ${sessions} where ${sessions.sess}->>'userId' = ${userId}
  and ${sessions.streamSeenAt} > now() - ${`${LIVE_STREAM_MS} milliseconds`}::interval
  and ${sessions.expire} > now())`;

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
      // A push counts too: a member may want pushes and no mails (features/push).
      push: sql<boolean>`${users.pushMessages} and exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${message.receiverId})`,
      live: liveStream(message.receiverId),
    })
    .from(users)
    .where(eq(users.id, message.receiverId))
    .limit(1);
  if (!receiver || !(receiver.notify || receiver.push) || receiver.live) return;
  const dedupeKey = `${messageNoticeJob.kind}:${message.receiverId}:${message.senderId}`;
  if (await jobWrittenSince(tx, dedupeKey, new Date(Date.now() - MESSAGE_NOTICE_WINDOW_MS))) return;
  await enqueue(tx, messageNoticeJob, { senderId: message.senderId, receiverId: message.receiverId }, { dedupeKey });
}

/**
 * The new-message notice: a push to the member's devices first (features/push); the mail only when no push service
 * took one, re-checking the preference (switched off since: nothing to send). When pushes were tried and all failed,
 * the mail is its own outbox job (retrying it must not push again), sent only if the member is still away.
 */
export const messageNotice = defineMailNotification(messageNoticeJob, async (context, { senderId, receiverId }) => {
  const name = await senderFirstName(context.db, senderId);
  const pushed = await context.push?.deliver(receiverId, 'messages', (texts) => texts.newMessage({ firstName: name, senderId }));
  if (pushed?.sent) return;
  const target = await mailTarget(context.db, receiverId);
  if (!target?.notifyMessages) return;
  const mail = composeMail(
    target.email,
    target.language,
    'newMessage',
    { firstName: name, link: `${context.publicUrl()}/conversation/${senderId}` },
    { unsubscribeUrl: unsubscribeUrl(context, receiverId, 'messages'), greet: target.greetingName },
  );
  if (!pushed?.attempted) return context.mailer.send(mail);
  // The pushes took their time: a member who came back meanwhile reads it live and needs no mail.
  if (context.streamOpenHere?.(receiverId) || (await readingLive(context.db, receiverId))) return;
  await enqueueMail(context.db, mail);
});

async function readingLive(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ live: liveStream(userId) }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.live);
}

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
