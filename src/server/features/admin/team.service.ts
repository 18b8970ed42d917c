import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Language } from '#domain/language/language';
import type { MemberRole } from '#domain/staff/roles';
import { shownName, type AccountNameInput } from '#domain/staff/staff-name';
import { TEAM_INVITATION_TTL_MS, type TeamInvitation, type TeamInvitationOffer } from '#domain/staff/team';
import type { Db } from '#server/db/client';
import { profiles, teamInvitations, users } from '#server/db/schema';
import { fieldError, HttpError, notFound } from '#server/errors';
import { enqueueMail } from '#server/jobs/outbox';
import type { RecipientMailCap } from '#server/mail/recipient-cap';
import { composeMail } from '#server/mail/templates';
import { acceptanceProvesAddress, sha256 } from '../auth';

type InvitationRow = typeof teamInvitations.$inferSelect;

function toInvitation(row: InvitationRow): TeamInvitation {
  return { id: row.id, email: row.email, role: row.role, language: row.language, expiresAt: row.expiresAt.toISOString() };
}

/** A link that can still be taken: 404 for a token never issued (or cancelled), 410 for a used or expired one. */
function checkUsable(invitation: InvitationRow | undefined, now: Date): asserts invitation is InvitationRow {
  if (!invitation) throw new HttpError(404, 'invitation-unknown', undefined, [fieldError('token', 'invitationUnknown')]);
  if (invitation.usedAt) throw new HttpError(410, 'invitation-used', undefined, [fieldError('token', 'invitationUsed')]);
  if (invitation.expiresAt <= now) throw new HttpError(410, 'invitation-expired', undefined, [fieldError('token', 'invitationExpired')]);
}

/**
 * Invitations to the coordinator and elder roles: a role no longer needs a marriage profile to be
 * granted from. The link carries a random token; only its SHA-256 is stored (as for password resets), and it is
 * spent once, in the transaction that grants the role. The link is not a bearer pass: only the account whose
 * email is the invited address may spend it (accepting proves the address), so a forwarded or leaked mail grants
 * no other account a staff role.
 */
export class TeamService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: () => string,
    private readonly mailCap: RecipientMailCap,
    /** ELDER_APPROVALS > 0: the elder's invitation describes the review only when introductions wait for one. */
    private readonly eldersReview: boolean,
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
      await enqueueMail(tx, composeMail(input.email, input.language, 'teamInvitation', { role: input.role, link, eldersReview: this.eldersReview }));
      return toInvitation(row!);
    });
  }

  /** Invitations not yet accepted and not expired, the soonest to expire first: the admin may cancel each. */
  async pending(now = new Date()): Promise<TeamInvitation[]> {
    const rows = await this.db
      .select()
      .from(teamInvitations)
      .where(and(isNull(teamInvitations.usedAt), gt(teamInvitations.expiresAt, now)))
      .orderBy(asc(teamInvitations.expiresAt), asc(teamInvitations.id));
    return rows.map(toInvitation);
  }

  /**
   * Cancels a pending invitation: the row goes, so its link answers "not valid" from now on. 404 for one already
   * accepted, expired or unknown (nothing to cancel).
   */
  async cancel(id: string, now = new Date()): Promise<TeamInvitation> {
    const [row] = await this.db
      .delete(teamInvitations)
      .where(and(eq(teamInvitations.id, id), isNull(teamInvitations.usedAt), gt(teamInvitations.expiresAt, now)))
      .returning();
    if (!row) throw notFound('invitation-unknown');
    return toInvitation(row);
  }

  /**
   * The role a link offers and the address it was sent to, for the join and sign-up pages; the same refusals as
   * accepting it. The address goes only to the holder of the link, which was mailed to that address.
   */
  async offer(token: string, now = new Date()): Promise<TeamInvitationOffer> {
    const [invitation] = await this.db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, sha256(token)));
    checkUsable(invitation, now);
    return { role: invitation.role, email: invitation.email };
  }

  /**
   * Spends `token` for `userId` and grants its role; 404 for a token never issued, 410 for a used or expired one,
   * 403 when the account's email is not the invited address (the token stays unspent). Accepting from the invited
   * address itself proves that address, so an account made through the link needs no verification mail first
   * (acceptanceProvesAddress, the rule guardian invitations share).
   * 400 `name-required` when no name is given and the person has none members could see (the token stays unspent
   * too). A name given is stored on the account (users.first_name, last_name), where members' screens find it after
   * any profile name.
   */
  async accept(userId: string, token: string, name: Partial<AccountNameInput> = {}, now = new Date()): Promise<MemberRole> {
    return this.db.transaction(async (tx) => {
      const [invitation] = await tx.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, sha256(token))).for('update');
      checkUsable(invitation, now);
      if (!(await acceptanceProvesAddress(tx, userId, invitation.email, now))) {
        throw new HttpError(403, 'invitation-other-account', undefined, [fieldError('token', 'invitationOtherAccount')]);
      }
      const [account] = await tx
        .select({ firstName: users.firstName, profileName: profiles.name })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      if (!account) throw notFound('user-not-found');
      // A staff member is always named to members: a name given now, else one they are already shown by. (A refusal
      // here rolls back the address proof above with the rest of the transaction.)
      if (!name.firstName && !shownName({ profileName: account.profileName, accountFirstName: account.firstName })) {
        throw new HttpError(400, 'name-required', undefined, [fieldError('firstName', 'nameRequired')]);
      }
      await tx.update(teamInvitations).set({ usedAt: now, usedBy: userId }).where(eq(teamInvitations.id, invitation.id));
      const given = name.firstName ? { firstName: name.firstName, lastName: name.lastName ?? null } : {};
      const [granted] = await tx
        .update(users)
        .set({ ...given, roles: sql`case when ${invitation.role}::text = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, ${invitation.role}::text) end`, updatedAt: now })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (!granted) throw notFound('user-not-found');
      return invitation.role;
    });
  }

  /** The name members see for this person when no volunteer or profile name comes first (the settings page). */
  async setAccountName(userId: string, name: AccountNameInput, now = new Date()): Promise<AccountNameInput> {
    const [row] = await this.db
      .update(users)
      .set({ firstName: name.firstName, lastName: name.lastName ?? null, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ firstName: users.firstName, lastName: users.lastName });
    if (!row) throw notFound('user-not-found');
    return { firstName: row.firstName ?? name.firstName, lastName: row.lastName ?? undefined };
  }
}
