import { languageFromCookies } from '../../../domain/language';
import { teamAcceptInput, teamInvitation, teamInvitationInput } from '../../../domain/team';
import type { AppInstance } from '../../app-types';
import { adminOnly, memberOf, signedIn } from '../../http/guards';
import { auditActorOf, type AuditLog } from '../../audit/audit-log';
import type { SessionStore } from '../auth';
import type { TeamService } from './team.service';

/** Invitations to the team (issue 31.5): the admin invites by email, the invitee accepts signed in. */
export function teamRoutes(app: AppInstance, deps: { team: TeamService; auditLog: AuditLog; sessions: SessionStore }) {
  const { team, auditLog, sessions } = deps;

  app.post('/api/admin/team/invitations', { preValidation: adminOnly, schema: { body: teamInvitationInput, response: { 201: teamInvitation } } }, async (request, reply) => {
    const { email, role } = request.body;
    // The admin's choice, else the language of the page they invite from.
    const language = request.body.language ?? languageFromCookies(request.headers.cookie) ?? 'en';
    const invitation = await team.invite({ email: email.trim().toLowerCase(), role, language });
    await auditLog.record(auditActorOf(request), 'team.invite', { type: 'team_invitation', id: invitation.id }, { role, language });
    return reply.status(201).send(invitation);
  });

  app.post('/api/team/accept', { preValidation: signedIn, schema: { body: teamAcceptInput } }, async (request, reply) => {
    const { userId } = memberOf(request);
    const role = await team.accept(userId, request.body.token);
    // The new role reaches the guards with the member's sessions read again (this one included).
    await sessions.forgetUser(userId);
    await auditLog.record(auditActorOf(request), 'team.accept', { type: 'user', id: userId }, { role });
    return reply.status(204).send();
  });
}
