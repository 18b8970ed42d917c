import { z } from 'zod';
import { memberRoles } from '#domain/staff/roles';

export const MESSAGE_MAX_LENGTH = 4000;
/** spec §9: previews are cut at 100 characters plus an ellipsis. */
export const PREVIEW_LENGTH = 100;
/** spec §9: the thread is polled this often while the live stream is down. */
export const THREAD_POLL_MS = 3000;

export const messageValidationMessages = {
  messageEmpty: 'Message cannot be empty',
  messageTooLong: 'Message is too long (at most 4,000 characters)',
} as const;

/** Trimming is for the check only (spec §5): the text is stored as written. */
export const sendMessageInput = z.object({
  receiverId: z.uuid({ error: 'recipientInvalid' }),
  content: z
    .string({ error: 'messageEmpty' })
    .max(MESSAGE_MAX_LENGTH, { error: 'messageTooLong' })
    .refine((value) => value.trim().length > 0, { error: 'messageEmpty' }),
  /**
   * Optional idempotency key made by the client for one send (a UUID): a retry with the same key answers
   * the message stored the first time instead of storing it again.
   */
  clientId: z.uuid({ error: 'clientIdInvalid' }).optional(),
  /**
   * Send after "Are you sure?" (409 message-unkind): the message is delivered marked, and the receiver sees it behind a
   * tap. It does not pass a hold (contact details or money before an introduction), which no flag lifts.
   */
  sendAnyway: z.boolean().optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageInput>;

/**
 * A message the service itself writes, not a person: its kind (and the params it needs) are stored, never its words,
 * so each reader's web says it in their own language. `introduced`: the coordinator's opening note once both members
 * accepted an introduction, `name` being the other member's first name then (null without one: "your match").
 */
export const systemMessage = z.object({ kind: z.literal('introduced'), name: z.string().nullable() });
export type SystemMessage = z.infer<typeof systemMessage>;

/**
 * Why a message was held back before delivery between two members not introduced (issue 50): it shared contact
 * details (409 contact-before-introduction) or asked for money (409 money-request). Recorded without its words.
 */
export const holdKinds = ['contact', 'money'] as const;
export type HoldKind = (typeof holdKinds)[number];

/**
 * A message in a thread. No `read` flag: no screen shows read receipts, and the sender must not learn whether the
 * other person read it; the receiver's unread counts come from the conversation list.
 */
export const message = z.object({
  id: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  /** A person's words; for a system message, the coordinator's own note (possibly empty). */
  content: z.string(),
  /** null for a message a person wrote. */
  system: systemMessage.nullable(),
  createdAt: z.string(),
  /**
   * Only in the receiver's answers, and only true: the sender sent it anyway after "Are you sure?", so the thread shows
   * it behind "This message may be hurtful. Show it", with Report beside it. The sender's own view has no such field.
   */
  concealed: z.boolean().optional(),
});
export type Message = z.infer<typeof message>;

/** The data of a live `message` event on GET /api/events: enough to know which thread changed, never the content. */
export const messageEventData = z.object({
  id: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  createdAt: z.string(),
});
export type MessageEventData = z.infer<typeof messageEventData>;

export const conversationSummary = z.object({
  otherUserId: z.string(),
  /** null when the person has neither a profile nor a volunteer application. */
  otherUserName: z.string().nullable(),
  /** `concealed` as on a message: the receiver's list previews it as "may be hurtful", not its words. */
  lastMessage: z.object({ content: z.string(), system: systemMessage.nullable(), createdAt: z.string(), senderId: z.string(), concealed: z.boolean().optional() }),
  unreadCount: z.number().int(),
  /** The other person deleted their account: the thread stays, shown as from "a deleted member". */
  departed: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const otherUserInfo = z.object({
  name: z.string().nullable(),
  photo: z.string().nullable(),
  isVolunteer: z.boolean(),
  volunteerRole: z.string().nullable(),
  /** Added to the spec's fields: whether the viewer may write to this person now, so the page can say why not. */
  mayWrite: z.boolean(),
  /**
   * Why not, when the viewer may not write: their introduction ended or was declined (in every
   * messaging mode), first contact is the coordinators' (introductions-only), or anything else. Null when they may write.
   */
  mayNotWriteReason: z.enum(['introduction-closed', 'introductions-only', 'not-allowed']).nullable(),
  /** The person's roles on the team: a thread shows a Coordinator or Elder badge. */
  staffRoles: z.array(z.enum(memberRoles)),
  /**
   * The members of this conversation (the viewer, the other, or both) whose guardian can read it, and
   * since when: the thread shows "A family member of {first name} can read this conversation" from that moment.
   */
  chaperones: z.array(z.object({ memberFirstName: z.string().nullable(), since: z.string(), yours: z.boolean() })),
  /** The person deleted their account; answered only to someone who has a conversation with them. */
  departed: z.boolean(),
  /**
   * Messages from this person to the viewer that were held back before delivery (contact details or money before an
   * introduction, issue 50): the thread shows the scam tips with a line saying so. Never what they said.
   */
  heldAttempts: z.number().int(),
});
export type OtherUserInfo = z.infer<typeof otherUserInfo>;

/** spec §2: the preview is cut at 100 characters, plus an ellipsis when cut. */
export function previewText(content: string): string {
  const chars = Array.from(content);
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH).join('')}...` : content;
}
