import { and, eq, sql } from 'drizzle-orm';
import { firstName } from '../../../domain/profile';
import type { Db } from '../../db/client';
import { profiles, pushSubscriptions, sessions, users, volunteerApplications } from '../../db/schema';
import { enqueueJob, enqueueMail, jobWrittenSince, type OutboxWorker } from '../../jobs/outbox';
import type { Mailer } from '../../mail/mailer';
import { mailTarget } from '../../mail/recipient';
import { composeMail } from '../../mail/templates';
import { approvedVolunteer } from '../access/relationship';
import { INTRODUCTION_NOTICE_JOB } from '../introductions/introduction-mail';
import type { PushService } from '../push/push.service';
import { signUnsubscribe } from './unsubscribe-token';

/** At most one new-message mail per conversation in this window. */
export const MESSAGE_NOTICE_WINDOW_MS = 30 * 60 * 1000;
/**
 * A session whose stream was seen this recently counts as reading live. Open streams are marked at opening and at
 * every heartbeat (25 s, sessions.ts liveSids), so two beats and some slack; a closed tab stops counting within it.
 */
export const LIVE_STREAM_MS = 60 * 1000;
export const MESSAGE_NOTICE_JOB = 'message-notice';

/** Whether a session of this member has an event stream open now, on any process (streams mark their session). */
const liveStream = (userId: string) => sql<boolean>`exists (select 1 from ${sessions} where ${sessions.sess}->>'userId' = ${userId}
  and ${sessions.streamSeenAt} > now() - ${`${LIVE_STREAM_MS} milliseconds`}::interval
  and ${sessions.expire} > now())`;

/**
 * The mails the app sends of its own accord: a new message (when the reader is away), an approved volunteer
 * application. Each is written in the transaction of the event that causes it.
 */
export class Notices {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: () => string,
    private readonly secret: string,
    /** Whether this person has an event stream open on this process (known without asking the database). */
    private readonly streamOpenHere: (userId: string) => boolean = () => false,
    /** Web Push to the member's devices, tried before a mail (features/push); absent, mail only. */
    private readonly push?: PushService,
  ) {}

  /**
   * In the send's transaction: a notice job when the receiver wants message mails, has no live event stream on any
   * process, and got no notice about this conversation in the last 30 minutes. The mail itself names only who wrote.
   */
  async onMessageSent(tx: Db, message: { senderId: string; receiverId: string }): Promise<void> {
    // Live on this process: no mail, and no query to learn it (the database knows the streams of every process).
    if (this.streamOpenHere(message.receiverId)) return;
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
    if (!receiver || !(receiver.notify || (this.push && receiver.push)) || receiver.live) return;
    const dedupeKey = `${MESSAGE_NOTICE_JOB}:${message.receiverId}:${message.senderId}`;
    if (await jobWrittenSince(tx, dedupeKey, new Date(Date.now() - MESSAGE_NOTICE_WINDOW_MS))) return;
    await enqueueJob(tx, MESSAGE_NOTICE_JOB, { senderId: message.senderId, receiverId: message.receiverId }, { dedupeKey });
  }

  /** In the approval's transaction: tells the applicant (a service mail, not a notification one can switch off). */
  async onVolunteerApproved(tx: Db, userId: string): Promise<void> {
    const target = await mailTarget(tx, userId);
    if (!target) return;
    await enqueueMail(tx, composeMail(target.email, target.language, 'volunteerApproved', { link: `${this.publicUrl()}/volunteer-profile` }));
  }

  /**
   * Registers the worker's handlers that send the notifications (re-checking the preferences): a push to the
   * member's devices first; the mail only when no push service took one. When pushes were tried and all failed, the
   * mail is its own outbox job (retrying it must not push again), sent only if the member is still away.
   */
  register(worker: OutboxWorker, mailer: Mailer): void {
    worker.handle(INTRODUCTION_NOTICE_JOB, async (payload) => {
      const userId = String(payload.userId);
      const made = payload.kind === 'introduced';
      const pushed = await this.push?.deliver(userId, 'introductions', (texts) => (made ? texts.introductionMade() : texts.introductionProposed()));
      if (pushed?.sent) return;
      const target = await mailTarget(this.db, userId);
      if (!target?.notifyIntroductions) return;
      const unsubscribeUrl = `${this.publicUrl()}/api/unsubscribe?token=${signUnsubscribe(this.secret, userId, 'introductions')}`;
      const mail = composeMail(target.email, target.language, made ? 'introductionMade' : 'introductionProposed', { link: `${this.publicUrl()}/introductions` }, { unsubscribeUrl });
      if (pushed?.attempted) await enqueueMail(this.db, mail);
      else await mailer.send(mail);
    });
    worker.handle(MESSAGE_NOTICE_JOB, async (payload) => {
      const receiverId = String(payload.receiverId);
      const senderId = String(payload.senderId);
      const name = await this.senderFirstName(senderId);
      const pushed = await this.push?.deliver(receiverId, 'messages', (texts) => texts.newMessage({ firstName: name, senderId }));
      if (pushed?.sent) return;
      const target = await mailTarget(this.db, receiverId);
      // Gone or switched off since: nothing to send.
      if (!target?.notifyMessages) return;
      const unsubscribeUrl = `${this.publicUrl()}/api/unsubscribe?token=${signUnsubscribe(this.secret, receiverId, 'messages')}`;
      const mail = composeMail(target.email, target.language, 'newMessage', { firstName: name, link: `${this.publicUrl()}/conversation/${senderId}` }, { unsubscribeUrl });
      if (!pushed?.attempted) return mailer.send(mail);
      // The pushes took their time: a member who came back meanwhile reads it live and needs no mail.
      if (this.streamOpenHere(receiverId) || (await this.readingLive(receiverId))) return;
      await enqueueMail(this.db, mail);
    });
  }

  private async readingLive(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ live: liveStream(userId) }).from(users).where(eq(users.id, userId)).limit(1);
    return Boolean(row?.live);
  }

  /** The name conversations show (product-choices.md): an approved volunteer's, else the profile's first name. */
  private async senderFirstName(senderId: string): Promise<string | null> {
    const [volunteer] = await this.db
      .select({ name: volunteerApplications.name })
      .from(volunteerApplications)
      .where(and(eq(volunteerApplications.userId, senderId), approvedVolunteer))
      .limit(1);
    if (volunteer) return firstName(volunteer.name);
    const [profile] = await this.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, senderId)).limit(1);
    return profile ? firstName(profile.name) : null;
  }
}
