/**
 * Family at the table: a member's guardians (a parent, a sibling, a relative, a mentor) who read the
 * member's introductions and, when the member allows it, their conversations. Never writes. Pure: the server and the
 * web import it.
 */
import { z } from 'zod';

/** At most this many guardians (invited or active) per member. */
export const MAX_GUARDIANS = 2;
/** How long an invitation link stays valid. */
export const GUARDIAN_INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export const guardianRelations = ['parent', 'sibling', 'relative', 'mentor'] as const;
export type GuardianRelation = (typeof guardianRelations)[number];
export const guardianStatuses = ['invited', 'active', 'expired'] as const;

export const guardianInput = z.object({
  name: z.string({ error: 'nameRequired' }).trim().min(1, { error: 'nameRequired' }).max(80, { error: 'tooLong80' }),
  email: z.email({ error: 'emailInvalid' }).max(254),
  relation: z.enum(guardianRelations),
  seesMessages: z.boolean(),
});
export type GuardianInput = z.infer<typeof guardianInput>;

export const guardianPatch = z.object({ seesMessages: z.boolean() });
export const guardianAcceptInput = z.object({ token: z.string().min(1).max(200) });
export const guardianIdParams = z.object({ id: z.uuid() });
export const guardingMemberParams = z.object({ memberUserId: z.uuid() });
export const guardingThreadParams = z.object({ memberUserId: z.uuid(), otherUserId: z.uuid() });

/** GET /api/guardian-invitations/{token}: what the invitation page says before it is accepted (the mail says as much). */
export const guardianInvitationParams = z.object({ token: z.string().min(1).max(200) });
export const guardianInvitationView = z.object({
  /** Who invited them: the member's first name (null when the member has none to show yet). */
  memberFirstName: z.string().nullable(),
  relation: z.enum(guardianRelations),
  seesMessages: z.boolean(),
  /** The address the link was mailed to: the sign-up page fills it in (only the link's holder learns it). */
  email: z.string(),
});
export type GuardianInvitationView = z.infer<typeof guardianInvitationView>;

export const guardianCreated = z.object({ id: z.string(), status: z.literal('invited') });

/** A guardian as the member sees them on /settings. */
export const guardian = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  relation: z.enum(guardianRelations),
  seesMessages: z.boolean(),
  status: z.enum(guardianStatuses),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Guardian = z.infer<typeof guardian>;

/** GET /api/guarding: the members the caller is a guardian of. */
export const guardedMember = z.object({ memberUserId: z.string(), memberFirstName: z.string().nullable(), seesMessages: z.boolean() });
export type GuardedMember = z.infer<typeof guardedMember>;

/** A conversation of the member as the guardian lists it: who, and when it last moved; never the content. */
export const guardedConversation = z.object({
  otherUserId: z.string(),
  otherUserName: z.string().nullable(),
  lastMessageAt: z.string(),
});
export type GuardedConversation = z.infer<typeof guardedConversation>;

/**
 * A thread as the guardian reads it: the messages since the guardian could read them (the moment both members were
 * shown the line "A family member of … can read this conversation"), oldest first.
 */
export const guardedThread = z.object({
  memberFirstName: z.string().nullable(),
  otherUserName: z.string().nullable(),
  readableSince: z.string(),
  messages: z.array(
    z.object({
      id: z.string(),
      fromMember: z.boolean(),
      content: z.string(),
      createdAt: z.string(),
      /** Additive (issue 50): sent to the member anyway after "Are you sure?": behind a tap for her guardian as for her. */
      concealed: z.boolean().optional(),
    }),
  ),
});
export type GuardedThread = z.infer<typeof guardedThread>;
