import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import { GUARDIAN_INVITATION_TTL_MS, MAX_GUARDIANS, type GuardedConversation, type GuardedMember, type GuardedThread, type Guardian, type GuardianInput, type GuardianInvitationView } from '#domain/introductions/guardians';
import type { MemberIntroduction } from '#domain/introductions/introductions';
import { firstName } from '#domain/profile/profile';
import { shownName } from '#domain/staff/staff-name';
import type { Db } from '#server/db/client';
import { blocks, conversations, guardians, messages, profiles, users, volunteerApplications } from '#server/db/schema';
import { fieldError, HttpError } from '#server/errors';
import { executeRows } from '#server/db/rows';
import { enqueueMail } from '#server/jobs/outbox';
import type { RecipientMailCap } from '#server/mail/recipient-cap';
import { composeMail } from '#server/mail/templates';
import { approvedVolunteer } from '#server/policy/sql-facts';
import { announceChaperoneChange, memberFirstName } from '#server/policy/chaperones';
import { acceptanceProvesAddress, sha256 } from '../auth';
import type { IntroductionsService } from '../introductions';

type GuardianRow = typeof guardians.$inferSelect;

/** A guardian reads the newest messages of a thread, oldest first, as a member's thread does. */
export const GUARDED_THREAD_LIMIT = 500;

/**
 * The moment a guardian starts reading: the database's clock, the one every message's created_at is written by, so
 * "messages from then on" and the line both members see agree to the message (the app's clock may be a test's).
 */
const messagesClock = sql`now()`;

const notFoundGuardian = () => new HttpError(404, 'guardian-not-found');
export const readOnly = () => new HttpError(403, 'guardian-read-only');

function statusOf(row: GuardianRow, now: Date): Guardian['status'] {
  if (row.acceptedAt) return 'active';
  return row.expiresAt <= now ? 'expired' : 'invited';
}

function toGuardian(row: GuardianRow, now: Date): Guardian {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    relation: row.relation,
    seesMessages: row.seesMessages,
    status: statusOf(row, now),
    invitedAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}


/** Whether the two have blocked each other (either way) or the other is suspended: the guardian sees nothing of them. */
const unavailableOther = (memberId: string, other: ReturnType<typeof sql>) => sql`(
  exists (select 1 from ${blocks} where (${blocks.blockerId} = ${memberId}::uuid and ${blocks.blockedId} = ${other})
                                     or (${blocks.blockerId} = ${other} and ${blocks.blockedId} = ${memberId}::uuid))
  or exists (select 1 from ${users} where ${users.id} = ${other} and ${users.suspendedAt} is not null))`;

/**
 * Family at the table. The member invites up to MAX_GUARDIANS people by email; whoever opens the link
 * signed in (any account, also one made through the link) becomes a guardian, once: the token is single use and
 * expires (`now` is the app's clock, so tests move it). A guardian reads the member's introductions as the member
 * sees them and, with seesMessages, their conversations from the moment both members were told; never writes.
 */

export class GuardiansService {
  constructor(
    private readonly db: Db,
    private readonly introductions: IntroductionsService,
    private readonly publicUrl: () => string,
    private readonly mailCap: RecipientMailCap,
  ) {}

  async invite(memberId: string, input: GuardianInput, now: Date): Promise<{ id: string; status: 'invited' }> {
    const email = input.email.trim().toLowerCase();
    const token = randomBytes(32).toString('base64url');
    return this.db.transaction(async (tx) => {
      // The member's row locked: two invitations at once wait for each other, so the limit holds.
      const [member] = await tx.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, memberId)).for('update');
      if (!member) throw notFoundGuardian();
      if (member.email === email) throw new HttpError(400, 'guardian-self', undefined, [fieldError('email', 'emailInvalid')]);
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(guardians)
        .where(and(eq(guardians.memberId, memberId), or(isNotNull(guardians.acceptedAt), gt(guardians.expiresAt, now))));
      if ((count?.n ?? 0) >= MAX_GUARDIANS) throw new HttpError(409, 'guardian-limit');
      // One address gets at most a few mails a day from all members together (mail/recipient-cap.ts): throwaway
      // accounts cannot turn Sanga into a way to flood someone's mailbox, and withdrawing gives nothing back.
      await this.mailCap.count(tx, email, 'guardian-recipient-limit');
      const [row] = await tx
        .insert(guardians)
        .values({
          memberId,
          name: input.name,
          email,
          relation: input.relation,
          seesMessages: input.seesMessages,
          tokenHash: sha256(token),
          expiresAt: new Date(now.getTime() + GUARDIAN_INVITATION_TTL_MS),
          createdAt: now,
        })
        .returning({ id: guardians.id });
      // In the member's language (they know the person they invite), in the transaction: sent only if the row exists.
      const link = `${this.publicUrl()}/guardian-invitation?token=${token}`;
      const name = await memberFirstName(tx, memberId);
      await enqueueMail(
        tx,
        composeMail(email, member.language, 'guardianInvitation', { memberFirstName: name, relation: input.relation, seesMessages: input.seesMessages, link }, { greet: input.name }),
      );
      return { id: row!.id, status: 'invited' as const };
    });
  }

  /**
   * What the invitation page shows its holder before accepting: who invited them, as what, whether they would read
   * the conversations, and the address the link was mailed to (the sign-up page fills it in). The same answers as accepting for a token never issued (404) or used or expired (410).
   */
  async invitation(token: string, now: Date): Promise<GuardianInvitationView> {
    const [row] = await this.db.select().from(guardians).where(eq(guardians.tokenHash, sha256(token)));
    if (!row) throw new HttpError(404, 'invitation-unknown');
    if (row.acceptedAt) throw new HttpError(410, 'invitation-used');
    if (row.expiresAt <= now) throw new HttpError(410, 'invitation-expired');
    return { memberFirstName: await memberFirstName(this.db, row.memberId), relation: row.relation, seesMessages: row.seesMessages, email: row.email };
  }

  /** Spends `token` for `userId`: 404 for a token never issued, 410 for a used or expired one. */
  async accept(userId: string, token: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(guardians).where(eq(guardians.tokenHash, sha256(token))).for('update');
      if (!row) throw new HttpError(404, 'invitation-unknown', undefined, [fieldError('token', 'invitationUnknown')]);
      if (row.acceptedAt) throw new HttpError(410, 'invitation-used', undefined, [fieldError('token', 'invitationUsed')]);
      if (row.expiresAt <= now) throw new HttpError(410, 'invitation-expired', undefined, [fieldError('token', 'invitationExpired')]);
      if (row.memberId === userId) throw new HttpError(409, 'guardian-self');
      const [already] = await tx
        .select({ id: guardians.id })
        .from(guardians)
        .where(and(eq(guardians.memberId, row.memberId), eq(guardians.guardianUserId, userId)))
        .limit(1);
      if (already) throw new HttpError(409, 'guardian-already');
      // Any signed-in account may take the link (above); taken from the invited address itself, it also proves
      // that address, as a team invitation does (one rule for both).
      await acceptanceProvesAddress(tx, userId, row.email, now);
      await tx
        .update(guardians)
        .set({ guardianUserId: userId, acceptedAt: now, messagesSince: row.seesMessages ? messagesClock : null })
        .where(eq(guardians.id, row.id));
      // The line reaches both people's open threads as the guardian's reading starts (at this commit).
      if (row.seesMessages) await announceChaperoneChange(tx, row.memberId);
    });
  }

  async list(memberId: string, now: Date): Promise<Guardian[]> {
    const rows = await this.db.select().from(guardians).where(eq(guardians.memberId, memberId)).orderBy(guardians.createdAt);
    return rows.map((row) => toGuardian(row, now));
  }

  /** The member turns message reading on or off; a guardian may not (403), anyone else is answered 404. */
  async setSeesMessages(userId: string, id: string, seesMessages: boolean, now: Date): Promise<Guardian> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(guardians).where(eq(guardians.id, id)).for('update');
      if (row && row.guardianUserId === userId && row.memberId !== userId) throw readOnly();
      if (!row || row.memberId !== userId) throw notFoundGuardian();
      // Turned on again later: the line (and what the guardian reads) starts anew from now.
      const messagesSince = seesMessages && row.acceptedAt ? (row.seesMessages && row.messagesSince ? row.messagesSince : messagesClock) : null;
      const [updated] = await tx.update(guardians).set({ seesMessages, messagesSince }).where(eq(guardians.id, id)).returning();
      if (row.acceptedAt && row.seesMessages !== seesMessages) await announceChaperoneChange(tx, row.memberId);
      return toGuardian(updated!, now);
    });
  }

  /** The member removes a guardian, or the guardian steps back; for anyone else the link does not exist. */
  async remove(userId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [deleted] = await tx
        .delete(guardians)
        .where(and(eq(guardians.id, id), or(eq(guardians.memberId, userId), eq(guardians.guardianUserId, userId))))
        .returning({ memberId: guardians.memberId, messagesSince: guardians.messagesSince });
      if (!deleted) throw notFoundGuardian();
      // A guardian who read her conversations is gone: the line goes from the open threads too.
      if (deleted.messagesSince) await announceChaperoneChange(tx, deleted.memberId);
    });
  }

  /** The members the caller guards (never a suspended one). */
  async guarding(userId: string): Promise<GuardedMember[]> {
    const rows = await this.db
      .select({ memberId: guardians.memberId, seesMessages: guardians.seesMessages, profileName: profiles.name, accountName: users.firstName })
      .from(guardians)
      .innerJoin(users, eq(users.id, guardians.memberId))
      .leftJoin(profiles, eq(profiles.userId, guardians.memberId))
      .where(and(eq(guardians.guardianUserId, userId), isNotNull(guardians.acceptedAt), sql`${users.suspendedAt} is null`))
      .orderBy(guardians.acceptedAt);
    return rows.map((row) => ({
      memberUserId: row.memberId,
      memberFirstName: (row.profileName ? firstName(row.profileName) : null) ?? row.accountName ?? null,
      seesMessages: row.seesMessages,
    }));
  }

  /** The caller's active link to the member; 404 when there is none or the member is suspended (nothing to read). */
  private async link(userId: string, memberId: string): Promise<GuardianRow> {
    const [row] = await this.db
      .select({ link: guardians })
      .from(guardians)
      .innerJoin(users, eq(users.id, guardians.memberId))
      .where(and(eq(guardians.memberId, memberId), eq(guardians.guardianUserId, userId), isNotNull(guardians.acceptedAt), sql`${users.suspendedAt} is null`))
      .limit(1);
    if (!row) throw notFoundGuardian();
    return row.link;
  }

  private async messagesLink(userId: string, memberId: string): Promise<GuardianRow & { messagesSince: Date }> {
    const row = await this.link(userId, memberId);
    if (!row.seesMessages || !row.messagesSince) throw new HttpError(403, 'guardian-no-messages');
    return row as GuardianRow & { messagesSince: Date };
  }

  /** The member's introductions exactly as the member's own list shows them. */
  async introductionsOf(userId: string, memberId: string, now: Date): Promise<MemberIntroduction[]> {
    await this.link(userId, memberId);
    return this.introductions.forMember(memberId, now);
  }

  /**
   * The member's conversations (who, and when), without anyone blocked either way or suspended, and only those
   * with a message the guardian may read (from `readableSince` on): who she wrote to before, and when, stays hers.
   * The last message is the newest, so it is readable exactly when the conversation has anything readable.
   */
  async conversationsOf(userId: string, memberId: string): Promise<GuardedConversation[]> {
    const link = await this.messagesLink(userId, memberId);
    const rows = await executeRows<{ other_id: string; created_at: string | Date; volunteer_name: string | null; profile_name: string | null; account_first_name: string | null }>(
      this.db,
      sql`
      select c.other_id, m.created_at,
             (select ${volunteerApplications.name} from ${volunteerApplications}
               where ${volunteerApplications.userId} = c.other_id and ${approvedVolunteer}
               order by ${volunteerApplications.createdAt} desc limit 1) as volunteer_name,
             (select p.name from profiles p where p.user_id = c.other_id limit 1) as profile_name,
             (select u.first_name from ${users} u where u.id = c.other_id) as account_first_name
      from ${conversations} c join ${messages} m on m.id = c.last_message_id
      where c.user_id = ${memberId}::uuid and not ${unavailableOther(memberId, sql`c.other_id`)}
        and m.created_at >= ${link.messagesSince.toISOString()}::timestamptz
      order by m.created_at desc
    `,
    );
    return rows.map((row) => ({
      otherUserId: row.other_id,
      otherUserName: shownName({ volunteerName: row.volunteer_name, profileName: row.profile_name, accountFirstName: row.account_first_name }),
      lastMessageAt: new Date(row.created_at).toISOString(),
    }));
  }

  /**
   * One thread of the member's, from the moment the guardian could read it; nothing is marked read. A conversation
   * with nothing readable yet is answered as none (the list leaves it out too).
   */
  async threadOf(userId: string, memberId: string, otherId: string): Promise<GuardedThread> {
    const link = await this.messagesLink(userId, memberId);
    const [conversation] = await this.db
      .select({
        otherId: conversations.otherId,
        unavailable: sql<boolean>`${unavailableOther(memberId, sql`${otherId}::uuid`)}`.mapWith(Boolean),
        readable: sql<boolean>`exists (select 1 from ${messages} m where m.id = ${conversations.lastMessageId} and m.created_at >= ${link.messagesSince.toISOString()}::timestamptz)`.mapWith(Boolean),
      })
      .from(conversations)
      .where(and(eq(conversations.userId, memberId), eq(conversations.otherId, otherId)))
      .limit(1);
    // No conversation between them (or someone the member may no longer see, or nothing written since): nothing of that person.
    if (!conversation || conversation.unavailable || !conversation.readable) throw notFoundGuardian();
    const between = or(
      and(eq(messages.senderId, memberId), eq(messages.receiverId, otherId)),
      // As the member's own thread: what her hidden words kept in her folder is not here either.
      and(eq(messages.senderId, otherId), eq(messages.receiverId, memberId), eq(messages.hidden, false)),
    );
    const [rows, memberName, otherNames] = await Promise.all([
      this.db
        .select()
        .from(messages)
        .where(and(between, sql`${messages.createdAt} >= ${link.messagesSince.toISOString()}::timestamptz`))
        .orderBy(desc(messages.seq))
        .limit(GUARDED_THREAD_LIMIT),
      memberFirstName(this.db, memberId),
      this.conversationsOf(userId, memberId).then((list) => list.find((c) => c.otherUserId === otherId)?.otherUserName ?? null),
    ]);
    return {
      memberFirstName: memberName,
      otherUserName: otherNames,
      readableSince: link.messagesSince.toISOString(),
      messages: rows.reverse().map((row) => ({
        id: row.id,
        fromMember: row.senderId === memberId,
        content: row.content,
        createdAt: row.createdAt.toISOString(),
        // A message sent to her anyway after "Are you sure?" is behind a tap for her guardian too, as in her own thread.
        ...(row.unkind && row.receiverId === memberId ? { concealed: true } : {}),
      })),
    };
  }
}
