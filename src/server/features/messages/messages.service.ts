import { and, asc, count, countDistinct, desc, eq, getTableColumns, inArray, max, or, sql } from 'drizzle-orm';
import { can, holdsBeforeIntroduction, writeRefusal, type DirectMessagePolicy, type Relationship, type WriteRefusal } from '#domain/access';
import type { ConversationSummary, HoldKind, Message, OtherUserInfo, SystemMessage } from '#domain/messaging/messages';
import { sharesContactDetails } from '#domain/messaging/contact-details';
import { asksForMoney } from '#domain/messaging/money-request';
import { isUnkind } from '#domain/messaging/unkind-words';
import { AUTOMATIC_REPORT_RECEIVERS } from '#domain/safety/safety';
import { shownName } from '#domain/staff/staff-name';
import type { Db } from '#server/db/client';
import { executeRows } from '#server/db/rows';
import { blocks, conversations, messageHolds, messages, reports, users, volunteerApplications } from '#server/db/schema';
import { conflict, forbidden, HttpError, notFound } from '#server/errors';
import { notifySql } from '#server/events/channels';
import type { MessageEvent } from '#server/realtime/event-hub';
import { loadRelationship } from '#server/policy/relationship';
import { approvedVolunteer } from '#server/policy/sql-facts';
import { chaperonesOf } from '#server/policy/chaperones';
import { photosForReader } from '#domain/profile/photo-privacy';
import { containsHiddenWord } from '#domain/safety/hidden-words';
import { UnkindPrompts } from './unkind-prompts';

/** A thread answers its newest messages, oldest first. */
export const THREAD_LIMIT = 500;
const VOLUNTEER_ROLE_MAX = 80;

type MessageRow = typeof messages.$inferSelect;

/** A message as `viewerId` reads it: one sent anyway after "Are you sure?" is concealed for its receiver only. */
function toMessage(row: MessageRow, viewerId: string): Message {
  const message: Message = {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    system: row.system ?? null,
    createdAt: row.createdAt.toISOString(),
  };
  if (row.unkind && row.receiverId === viewerId) message.concealed = true;
  return message;
}

/** The code a held message is answered with (409). */
const holdCodes = { contact: 'contact-before-introduction', money: 'money-request' } as const;

/** A row of the conversations statement, as the driver answers it. */
interface ConversationRow {
  other_id: string;
  content: string;
  system: SystemMessage | string | null;
  created_at: string | Date;
  sender_id: string;
  receiver_id: string;
  unkind: boolean;
  unread_count: number | string;
  departed: boolean;
  volunteer_name: string | null;
  profile_name: string | null;
  account_first_name: string | null;
}

/** The same answer whether the person does not exist or may not be written to. */
const refused = () => forbidden('message-refused');

/**
 * Stores one message and announces it on the event channel (delivered when the transaction commits). The one
 * way a message is written: sending, and the coordinator's note when an introduction is accepted.
 */
export async function insertMessage(
  tx: Db,
  values: { senderId: string; receiverId: string; content: string; system?: SystemMessage; clientId?: string | null; unkind?: boolean },
) {
  // What a foreign key did (messages have none): both people exist, and their rows stay locked until
  // commit, so an account deletion running at the same time waits, then finds this message and takes it along.
  const people = [...new Set([values.senderId, values.receiverId])];
  const present = await tx.select({ id: users.id, hiddenWords: users.hiddenWords }).from(users).where(inArray(users.id, people)).for('key share');
  if (present.length !== people.length) throw refused();
  // A person's words against the receiver's hidden words (a message the service writes is never hidden).
  const receiverWords = present.find((person) => person.id === values.receiverId)?.hiddenWords ?? [];
  const hidden = values.system === undefined && containsHiddenWord(values.content, receiverWords);
  // The event goes out in the insert's own RETURNING (one round trip less than a NOTIFY of its own): the
  // MessageEvent fields, createdAt written as JavaScript's toISOString writes it (UTC, milliseconds, "Z").
  const announced = notifySql('messages', sql`json_build_object(
    'seq', ${messages.seq}, 'id', ${messages.id}, 'senderId', ${messages.senderId}, 'receiverId', ${messages.receiverId},
    'createdAt', to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text`);
  const [inserted] = await tx
    .insert(messages)
    .values({ senderId: values.senderId, receiverId: values.receiverId, content: values.content, system: values.system ?? null, clientId: values.clientId ?? null, unkind: values.unkind ?? false, hidden })
    .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
    .returning({ ...getTableColumns(messages), announced });
  if (!inserted) return undefined;
  const { announced: _announced, ...row } = inserted;
  await recordInConversations(tx, row);
  return row;
}

export class MessagesService {
  constructor(
    private readonly db: Db,
    private readonly policy: DirectMessagePolicy = 'open',
    /** Runs in the send's transaction for a new message (the new-message mail, notifications/message-mail.ts). */
    private readonly onSent: (tx: Db, message: { senderId: string; receiverId: string }) => Promise<void> = async () => undefined,
    /** How "Are you sure?" prompts end, for /metrics (unkind-prompts.ts). */
    readonly unkindPrompts: UnkindPrompts = new UnkindPrompts(),
  ) {}

  /** Messages held back since this process started, by kind (/metrics: sanga_message_holds_total). */
  readonly held: Record<HoldKind, number> = { contact: 0, money: 0 };

  /** Whether `writerId` may write to `receiverId` (domain access.ts can.write under DIRECT_MESSAGES), and the facts it was decided on. */
  private async mayWrite(writerId: string, receiverId: string): Promise<{ refusal: WriteRefusal | null; relationship: Relationship }> {
    const { relationship } = await loadRelationship(this.db, writerId, { userId: receiverId });
    return { refusal: writeRefusal(relationship, this.policy), relationship };
  }

  /**
   * Records a held message without its words (who, to whom, which kind) and, once this sender's messages were held on
   * their way to AUTOMATIC_REPORT_RECEIVERS different people, puts them in the reports queue: one open automatic report
   * (no reporter) a person; the partial unique index reports_automatic_open_idx keeps it one whatever happens.
   */
  private async recordHold(senderId: string, receiverId: string, kind: HoldKind): Promise<void> {
    await this.db.transaction(async (tx) => {
      // One sender's holds one at a time, so two racing holds to the second and third person still see three.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sanga-hold:${senderId}`}))`);
      await tx.insert(messageHolds).values({ senderId, receiverId, kind });
      const [row] = await tx.select({ receivers: countDistinct(messageHolds.receiverId) }).from(messageHolds).where(eq(messageHolds.senderId, senderId));
      if ((row?.receivers ?? 0) < AUTOMATIC_REPORT_RECEIVERS) return;
      await tx.insert(reports).values({ reporterId: null, reportedId: senderId, reason: 'scam-or-money', reporterStanding: false }).onConflictDoNothing();
    });
    this.held[kind] += 1;
  }

  /**
   * Stores the message and announces it; the NOTIFY is delivered when the transaction commits. With a
   * `clientId` already used by this sender, nothing is stored or announced again: the first message is
   * answered with `created: false` (a retry after a lost answer, or a double click).
   */
  async send(
    writerId: string,
    receiverId: string,
    content: string,
    clientId?: string,
    /** A check that must pass first (the send limit): it runs beside the permission read, and nothing is written unless both pass. */
    gate: Promise<void> = Promise.resolve(),
    /** Deliver it even with hurtful words (after "Are you sure?"): marked, and concealed behind a tap for the receiver. */
    sendAnyway = false,
  ): Promise<{ message: Message; created: boolean }> {
    const [{ refusal, relationship }] = await Promise.all([this.mayWrite(writerId, receiverId), gate]);
    // An introduction that ended or was declined says so (its own code); any other refusal is the same 403 for everyone.
    if (refusal === 'introduction-closed') throw new HttpError(403, 'introduction-closed');
    if (refusal) throw refused();
    // Before an introduction, contact details and money requests are held back, whatever sendAnyway says (issue 50).
    const hold: HoldKind | null = !holdsBeforeIntroduction(relationship) ? null : sharesContactDetails(content) ? 'contact' : asksForMoney(content) ? 'money' : null;
    if (hold) {
      await this.recordHold(writerId, receiverId, hold);
      throw conflict(holdCodes[hold]);
    }
    const unkind = isUnkind(content);
    if (unkind && !sendAnyway) {
      this.unkindPrompts.prompted(writerId, receiverId);
      throw conflict('message-unkind');
    }
    const sent = await this.db.transaction(async (tx) => {
      const row = await insertMessage(tx, { senderId: writerId, receiverId, content, clientId, unkind });
      if (!row) {
        // Only a clientId can conflict (NULLs never do): answer the first message with that key.
        const [first] = await tx
          .select()
          .from(messages)
          .where(and(eq(messages.senderId, writerId), eq(messages.clientId, clientId!)))
          .limit(1);
        return { message: toMessage(first!, writerId), created: false };
      }
      // A hidden message sends no notice: it must not reach the receiver, only her folder.
      if (!row.hidden) await this.onSent(tx, { senderId: row.senderId, receiverId: row.receiverId });
      return { message: toMessage(row, writerId), created: true };
    });
    if (sent.created) this.unkindPrompts.delivered(writerId, receiverId, unkind);
    return sent;
  }

  /** The thread between the caller and another person, oldest first; marks what the caller received as read. */
  async thread(userId: string, otherId: string): Promise<Message[]> {
    const between = or(
      and(eq(messages.senderId, userId), eq(messages.receiverId, otherId)),
      and(eq(messages.senderId, otherId), eq(messages.receiverId, userId)),
    );
    return this.db.transaction(async (tx) => {
      const marked = await tx
        .update(messages)
        .set({ read: true })
        .where(and(eq(messages.senderId, otherId), eq(messages.receiverId, userId), eq(messages.read, false), eq(messages.hidden, false)))
        .returning({ id: messages.id });
      // Less by the messages this statement marked (each was counted when it was sent, in its own transaction):
      // a message sent meanwhile and not marked here keeps its count, whichever transaction commits first.
      if (marked.length > 0) {
        await tx
          .update(conversations)
          .set({ unreadCount: sql`greatest(${conversations.unreadCount} - ${marked.length}, 0)` })
          .where(and(eq(conversations.userId, userId), eq(conversations.otherId, otherId)));
      }
      // What the caller received hidden is in her folder, not here; what she sent is all here.
      const shown = and(between, or(eq(messages.senderId, userId), eq(messages.hidden, false)));
      const newest = await tx.select().from(messages).where(shown).orderBy(desc(messages.seq)).limit(THREAD_LIMIT);
      return newest.reverse().map((row) => toMessage(row, userId));
    });
  }

  /**
   * The highest message seq committed now: the event stream's position, which a page rendered on the server carries
   * so its stream resumes from where its answers were read (member-page-html.ts). Seqs are the stream's public ids.
   */
  async latestEventId(): Promise<number> {
    const [row] = await this.db.select({ latest: max(messages.seq) }).from(messages);
    return Number(row?.latest ?? 0);
  }

  /** Messages of this user committed after `seq`, for a stream resuming with Last-Event-ID. */
  async eventsSince(userId: string, seq: number, limit = 500): Promise<MessageEvent[]> {
    const rows = await this.db
      .select()
      .from(messages)
      .where(and(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)), sql`${messages.seq} > ${seq}`))
      .orderBy(asc(messages.seq))
      .limit(limit);
    return rows.map((row) => ({
      seq: row.seq,
      id: row.id,
      senderId: row.senderId,
      receiverId: row.receiverId,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /**
   * One summary per other person, newest conversation first, with unread counts: one statement over the
   * conversations rows (one a person talked with), so its cost does not grow with the length of the history.
   * A thread with someone the caller blocked is left out; the blocked person's own list keeps it, so
   * they are never told.
   */
  async conversations(userId: string): Promise<ConversationSummary[]> {
    const rows = await executeRows<ConversationRow>(this.db, sql`
      select c.other_id, m.content, m.system, m.created_at, m.sender_id, m.receiver_id, m.unkind, c.unread_count,
             (select ${volunteerApplications.name} from ${volunteerApplications}
               where ${volunteerApplications.userId} = c.other_id and ${approvedVolunteer}
               order by ${volunteerApplications.createdAt} desc limit 1) as volunteer_name,
             (select p.name from profiles p where p.user_id = c.other_id limit 1) as profile_name,
             (select u.first_name from ${users} u where u.id = c.other_id) as account_first_name,
             not exists (select 1 from ${users} u where u.id = c.other_id) as departed
      from ${conversations} c join ${messages} m on m.id = c.last_message_id
      where c.user_id = ${userId}
        and not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${userId} and ${blocks.blockedId} = c.other_id)
    `);
    return rows
      .map((row) => ({
        otherUserId: row.other_id,
        otherUserName: shownName({ volunteerName: row.volunteer_name, profileName: row.profile_name, accountFirstName: row.account_first_name }),
        departed: row.departed === true,
        // A json column: one driver answers it parsed, another as text.
        lastMessage: {
          content: row.content,
          system: typeof row.system === 'string' ? (JSON.parse(row.system) as SystemMessage) : row.system,
          createdAt: new Date(row.created_at).toISOString(),
          senderId: row.sender_id,
          ...(row.unkind && row.receiver_id === userId ? { concealed: true } : {}),
        },
        unreadCount: Number(row.unread_count),
      }))
      .sort((a, b) => b.lastMessage.createdAt.localeCompare(a.lastMessage.createdAt));
  }

  /**
   * Name, photo and volunteer role of someone the caller may know (domain access.ts can.seeUserInfo), and
   * whether the caller may write to them, from one statement. Anyone else is a 404, so ids reveal nothing.
   */
  async userInfo(viewerId: string, otherId: string): Promise<OtherUserInfo> {
    const { relationship, other } = await loadRelationship(this.db, viewerId, { userId: otherId });
    if (!other && (await this.hasConversation(viewerId, otherId))) return departedInfo;
    if (!other || !can.seeUserInfo(relationship)) throw notFound('user-not-found');
    const { volunteer, profile } = other;
    return {
      name: shownName({ volunteerName: volunteer?.name, profileName: profile?.name, accountFirstName: other.accountFirstName }),
      // Only a photo the viewer is allowed to load: the volunteer photo, or a candidate's first photo (its blurred
      // placeholder when she shows her photos only to people introduced to her).
      photo: volunteer?.photo ?? (can.seeProfilePhotos(relationship) ? (profilePhoto(profile?.photos[0], can.seeOriginalPhotos(relationship)) ?? null) : null),
      isVolunteer: volunteer !== null,
      volunteerRole: volunteer ? volunteer.contribution.slice(0, VOLUNTEER_ROLE_MAX) : null,
      mayWrite: can.write(relationship, this.policy),
      mayNotWriteReason: writeRefusal(relationship, this.policy),
      staffRoles: [...relationship.otherRoles],
      chaperones: await chaperonesOf(this.db, viewerId, otherId),
      departed: false,
      heldAttempts: await this.heldAttempts(otherId, viewerId),
    };
  }

  /** Messages from `senderId` to `receiverId` held back before delivery (message_holds): the receiver's scam tips say so. */
  private async heldAttempts(senderId: string, receiverId: string): Promise<number> {
    const [row] = await this.db
      .select({ held: count() })
      .from(messageHolds)
      .where(and(eq(messageHolds.senderId, senderId), eq(messageHolds.receiverId, receiverId)));
    return row?.held ?? 0;
  }

  /** Whether the viewer has a conversation with this id: after a deletion, the only way a departed id is known. */
  private async hasConversation(viewerId: string, otherId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ otherId: conversations.otherId })
      .from(conversations)
      .where(and(eq(conversations.userId, viewerId), eq(conversations.otherId, otherId)))
      .limit(1);
    return row !== undefined;
  }
}

/** Someone who deleted their account, as the other person of a thread sees them: no name, no photo, no writing. */
const departedInfo: OtherUserInfo = {
  name: null,
  photo: null,
  isVolunteer: false,
  volunteerRole: null,
  mayWrite: false,
  mayNotWriteReason: 'not-allowed',
  staffRoles: [],
  chaperones: [],
  departed: true,
  heldAttempts: 0,
};

/**
 * Makes a new message the last one of its conversation for both people and counts it unread for the receiver, in
 * the sender's transaction. One statement with the two rows in a fixed order, so two people writing to each other
 * at once lock them in the same order (no deadlock); a message with a lower seq committing late leaves a newer
 * last message in place.
 */
async function recordInConversations(tx: Db, row: MessageRow): Promise<void> {
  const both = [
    { userId: row.senderId, otherId: row.receiverId, lastMessageId: row.id, lastSeq: row.seq, unreadCount: 0 },
    // A hidden message leaves the receiver's conversation as it was (it may not even exist yet).
    ...(row.hidden ? [] : [{ userId: row.receiverId, otherId: row.senderId, lastMessageId: row.id, lastSeq: row.seq, unreadCount: 1 }]),
  ].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  await tx
    .insert(conversations)
    .values(both)
    .onConflictDoUpdate({
      target: [conversations.userId, conversations.otherId],
      set: {
        lastMessageId: sql`case when excluded.last_seq > ${conversations.lastSeq} then excluded.last_message_id else ${conversations.lastMessageId} end`,
        lastSeq: sql`greatest(${conversations.lastSeq}, excluded.last_seq)`,
        unreadCount: sql`${conversations.unreadCount} + excluded.unread_count`,
      },
    });
}

/** A profile's first photo as this reader may load it: itself, or its placeholder. */
function profilePhoto(photo: string | undefined, original: boolean): string | undefined {
  return photo === undefined ? undefined : photosForReader([photo], original).photos[0];
}
