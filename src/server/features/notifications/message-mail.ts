import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { firstName } from '#domain/profile/profile';
import { shownName } from '#domain/staff/staff-name';
import type { Db } from '#server/db/client';
import { conversations, profiles, pushSubscriptions, sessions, users, volunteerApplications } from '#server/db/schema';
import { defineJob, enqueue, enqueueMail, jobWaiting, jobWrittenSince } from '#server/jobs/outbox';
import { mailTarget } from '#server/mail/recipient';
import { composeMail } from '#server/mail/templates';
import { approvedVolunteer } from '#server/policy/sql-facts';
import { defineMailNotification, unsubscribeUrl } from './mail-notification';

/** At most one new-message mail per conversation in this window. */
export const MESSAGE_NOTICE_WINDOW_MS = 30 * 60 * 1000;
/**
 * A session whose stream was seen this recently counts as reading live. Open streams are marked at opening and at
 * every heartbeat (25 s, sessions.ts liveSids), so two beats and some slack; a stream the member closes ends its mark
 * at once (messages.routes.ts), one that is cut off stops counting within this window.
 */
export const LIVE_STREAM_MS = 60 * 1000;
/**
 * A message to a member reading live is looked at again this long after it was sent: past the live window, so a
 * member who closed the app in the meantime counts as away by then. Still live then, again after twice as long, up
 * to RECHECK_MAX_MS apart, until she has read it or is away.
 */
export const NOTICE_RECHECK_MS = LIVE_STREAM_MS + 5_000;
export const RECHECK_MAX_MS = 15 * 60 * 1000;

/** Whether a session of this member has an event stream open now, on any process (streams mark their session). */
const liveStream = (userId: string) => sql<boolean>`exists (select 1 from ${sessions} where ${sessions.sess}->>'userId' = ${userId}
  and ${sessions.streamSeenAt} > now() - ${`${LIVE_STREAM_MS} milliseconds`}::interval
  and ${sessions.expire} > now())`;

const pair = z.object({ senderId: z.uuid(), receiverId: z.uuid() });
type Pair = z.infer<typeof pair>;

/** The notice itself (push, else mail): written only when the member is to be told now. */
export const messageMailJob = defineJob('message-notice', pair);
/**
 * The decision again, for a message that reached a member reading live: run after the live window, it writes the
 * notice only if the conversation still holds an unread message and the member is away by then. `delayMs` is how
 * long this check waited, so the next one (she is still live) waits twice as long.
 */
export const messageMailCheckJob = defineJob('message-notice-check', pair.extend({ delayMs: z.number().int().positive() }));

/**
 * In the send's transaction. A member who wants message notices (a mail, or a push to a device) and has no live
 * event stream on any process is told now (at most once a conversation in 30 minutes). One reading live is not told
 * now, but the decision is made again once the live window has passed (messageMailCheckJob): a member who closed
 * the app just after the message arrived is told then, one who read it is not. The mail names only who wrote.
 * `streamOpenHere` answers for this process without asking the database.
 */
export async function noteMessageSent(tx: Db, message: Pair, streamOpenHere: (userId: string) => boolean): Promise<void> {
  const [receiver] = await tx.select(receiverFacts(message.receiverId)).from(users).where(eq(users.id, message.receiverId)).limit(1);
  if (!receiver || !(receiver.notify || receiver.push)) return;
  if (streamOpenHere(message.receiverId) || receiver.live) return scheduleCheck(tx, message, NOTICE_RECHECK_MS);
  await mailNow(tx, message);
}

/** What the decision reads of the receiver: whether they want a notice at all (mail or push) and whether they read live. */
const receiverFacts = (receiverId: string) => ({
  notify: users.notifyMessages,
  // A push counts too: a member may want pushes and no mails (features/push).
  push: sql<boolean>`${users.pushMessages} and exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${receiverId})`,
  live: liveStream(receiverId),
});

/** The notice job, unless one about this conversation was written in the last 30 minutes. */
async function mailNow(tx: Db, message: Pair): Promise<void> {
  const dedupeKey = `${messageMailJob.kind}:${message.receiverId}:${message.senderId}`;
  if (await jobWrittenSince(tx, dedupeKey, new Date(Date.now() - MESSAGE_NOTICE_WINDOW_MS))) return;
  await enqueue(tx, messageMailJob, message, { dedupeKey });
}

/**
 * A check `delayMs` from now, unless one about this conversation is already waiting (it will see this message too:
 * it looks at the conversation's unread count). One a worker has taken does not count: it may have read the count
 * before this message.
 */
async function scheduleCheck(tx: Db, message: Pair, delayMs: number): Promise<void> {
  const dedupeKey = `${messageMailCheckJob.kind}:${message.receiverId}:${message.senderId}`;
  if (await jobWaiting(tx, dedupeKey)) return;
  await enqueue(tx, messageMailCheckJob, { ...message, delayMs }, { dedupeKey, runAt: new Date(Date.now() + delayMs) });
}

/**
 * The check, once the live window has passed: nothing if the member has read the conversation meanwhile (or no longer
 * wants notices); checked again later if she still reads live; otherwise the notice, as for a member away.
 */
export const messageMailCheck = defineMailNotification(messageMailCheckJob, async (context, { senderId, receiverId, delayMs }) => {
  await context.db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ unread: conversations.unreadCount })
      .from(conversations)
      .where(and(eq(conversations.userId, receiverId), eq(conversations.otherId, senderId)))
      .limit(1);
    if (!conversation || conversation.unread === 0) return;
    const [receiver] = await tx.select(receiverFacts(receiverId)).from(users).where(eq(users.id, receiverId)).limit(1);
    if (!receiver || !(receiver.notify || receiver.push)) return;
    const message = { senderId, receiverId };
    if (context.streamOpenHere?.(receiverId) || receiver.live) return scheduleCheck(tx, message, Math.min(delayMs * 2, RECHECK_MAX_MS));
    await mailNow(tx, message);
  });
});

/**
 * The new-message notice: a push to the member's devices first (features/push); the mail only when no push service
 * took one, re-checking the preference (switched off since: nothing to send). When pushes were tried and all failed,
 * the mail is its own outbox job (retrying it must not push again), sent only if the member is still away.
 */
export const messageMail = defineMailNotification(messageMailJob, async (context, { senderId, receiverId }) => {
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

/** The name conversations show (product-choices.md, domain/staff/staff-name.ts): volunteer, profile, then account. */
async function senderFirstName(db: Db, senderId: string): Promise<string | null> {
  const [volunteer] = await db
    .select({ name: volunteerApplications.name })
    .from(volunteerApplications)
    .where(and(eq(volunteerApplications.userId, senderId), approvedVolunteer))
    .limit(1);
  if (volunteer) return firstName(volunteer.name);
  const [person] = await db
    .select({ profileName: profiles.name, accountFirstName: users.firstName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, senderId))
    .limit(1);
  return person ? shownName(person) : null;
}
