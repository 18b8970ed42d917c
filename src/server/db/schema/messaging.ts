import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { holdKinds, type SystemMessage } from '#domain/messaging/messages';
import { createdAt } from './columns';
import { users } from './accounts';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Commit order; the event stream's ids, so a reconnecting client resumes after the last one it saw. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    /**
     * The two people, with no foreign key: when one deletes their account, the other keeps the thread, and
     * the deleted side becomes a random id that names nobody (deletion-steps.ts "messages"), shown as "a deleted
     * member". insertMessage locks both users rows as a foreign key would, so no message is written to a deleted id.
     */
    senderId: uuid('sender_id').notNull(),
    receiverId: uuid('receiver_id').notNull(),
    content: text('content').notNull(),
    /** A message the service wrote (domain/messaging/messages.ts SystemMessage): its kind and params, worded by each reader's web. */
    system: json('system').$type<SystemMessage>(),
    read: boolean('read').notNull().default(false),
    /**
     * It held one of the receiver's hidden words when sent: kept out of her thread, conversation list, unread count and
     * notices, in her hidden folder; the sender's side is as for any message.
     */
    hidden: boolean('hidden').notNull().default(false),
    /** The sender's idempotency key (a UUID made by the client), so a retried send is stored once. */
    clientId: uuid('client_id'),
    /**
     * Sent anyway after "Are you sure?" (domain/messaging/unkind-words.ts): the receiver's answers conceal it behind a
     * tap (Message.concealed); the sender's do not.
     */
    unkind: boolean('unkind').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_sender_client_id_idx').on(t.senderId, t.clientId),
    index('messages_sender_receiver_idx').on(t.senderId, t.receiverId, t.createdAt),
    index('messages_receiver_sender_idx').on(t.receiverId, t.senderId, t.createdAt),
    index('messages_receiver_unread_idx').on(t.receiverId, t.read),
    // The hidden folder: the few hidden messages a member received.
    index('messages_receiver_hidden_idx').on(t.receiverId, t.createdAt).where(sql`${t.hidden}`),
  ],
);

/**
 * One row per person and each person they have exchanged messages with (two rows a pair): the last message and
 * how many the person has not read. Kept in the same transaction as every message sent and every thread read
 * (messages.service.ts), so GET /api/conversations reads one row a conversation, however long the history.
 */
export const conversations = pgTable(
  'conversations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** No foreign key, as messages' ids: a deleted member's side becomes the same random id as in their messages. */
    otherId: uuid('other_id').notNull(),
    lastMessageId: uuid('last_message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** The last message's seq: a later message replaces it, an earlier one (committed late) does not. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    unreadCount: integer('unread_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.otherId] })],
);

/**
 * A device (browser) subscribed to Web Push for a member (features/push). The endpoint is the push service's URL
 * for that device, unique: a browser that subscribes again under another member moves to them. p256dh and auth are
 * the browser's keys for encrypting payloads (RFC 8291); they leave this table only to encrypt.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser that subscribed, as the devices list on /settings names it. */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    /** The last time its push service accepted a push for it. */
    lastPushAt: timestamp('last_push_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * A message held back before delivery (issue 50): contact details or a money request between two members who are not
 * introduced (messages.service.ts). Never its words: who, to whom, which kind, when. The receiver's thread says that
 * attempts were held (OtherUserInfo.heldAttempts) beside the scam tips; staff see a count per sender in the reports
 * queue, and three different receivers put the sender there (an automatic report). Kept RETENTION.messageHoldMs.
 */
export const messageHolds = pgTable(
  'message_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the receiver deleted their account: the sender's record stays, naming nobody. */
    receiverId: uuid('receiver_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: holdKinds }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('message_holds_sender_receiver_idx').on(t.senderId, t.receiverId), index('message_holds_receiver_idx').on(t.receiverId), index('message_holds_created_idx').on(t.createdAt)],
);
