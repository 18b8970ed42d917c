import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Language } from '../../../domain/language';
import type { MemberRole } from '../../../domain/roles';
import { TEAM_INVITATION_TTL_MS, type TeamInvitation } from '../../../domain/team';
import type { Db } from '../../db/client';
import { teamInvitations, users } from '../../db/schema';
import { fieldError, HttpError, notFound } from '../../errors';
import { enqueueMail } from '../../jobs/outbox';
import type { RecipientMailCap } from '../../mail/recipient-cap';
import { composeMail } from '../../mail/templates';
import { sha256 } from '../auth';

/**
 * Invitations to the coordinator and elder roles (issue 31.5): a role no longer needs a marriage profile to be
 * granted from. The link carries a random token; only its SHA-256 is stored (as for password resets), and it is
 * spent once, in the transaction that grants the role.
 */
export class TeamService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: () => string,
    private readonly mailCap: RecipientMailCap,
  ) {}

  async invite(input: { email: string; role: MemberRole; language: Language }, now = new Date()): Promise<TeamInvitation> {
    const token = randomBytes(32).toString('base64url');
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(teamInvitations)
        .values({ tokenHash: sha256(token), email: input.email, role: input.role, language: input.language, expiresAt: new Date(now.getTime() + TEAM_INVITATION_TTL_MS) })
        .returning();
      const link = `${this.publicUrl()}/join-team?token=${token}`;
      // In the transaction: the mail is sent only if the invitation exists, and always once it does.
      await this.mailCap.count(tx, input.email);
      await enqueueMail(tx, composeMail(input.email, input.language, 'teamInvitation', { role: input.role, link }));
      return { id: row!.id, email: row!.email, role: row!.role, language: row!.language, expiresAt: row!.expiresAt.toISOString() };
    });
  }

  /** Spends `token` for `userId` and grants its role; 404 for a token never issued, 410 for a used or expired one. */
  async accept(userId: string, token: string, now = new Date()): Promise<MemberRole> {
    return this.db.transaction(async (tx) => {
      const [invitation] = await tx.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, sha256(token))).for('update');
      if (!invitation) throw new HttpError(404, 'invitation-unknown', undefined, [fieldError('token', 'invitationUnknown')]);
      if (invitation.usedAt) throw new HttpError(410, 'invitation-used', undefined, [fieldError('token', 'invitationUsed')]);
      if (invitation.expiresAt <= now) throw new HttpError(410, 'invitation-expired', undefined, [fieldError('token', 'invitationExpired')]);
      await tx.update(teamInvitations).set({ usedAt: now, usedBy: userId }).where(eq(teamInvitations.id, invitation.id));
      const [granted] = await tx
        .update(users)
        .set({ roles: sql`case when ${invitation.role}::text = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, ${invitation.role}::text) end`, updatedAt: now })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (!granted) throw notFound('user-not-found');
      return invitation.role;
    });
  }
}
