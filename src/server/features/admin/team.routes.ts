import { languageFromCookies } from '../../../domain/language';
import { teamAcceptInput, teamInvitation, teamInvitationInput } from '../../../domain/team';
import type { AppInstance } from '../../app-types';
import { requireUserId } from '../auth/sessions';
import { auditActorOf, type AuditLog } from '../../audit/audit-log';
import { requireAdmin } from './admin-guard';
import type { TeamService } from './team.service';

/** Invitations to the team (issue 31.5): the admin invites by email, the invitee accepts signed in. */
export function teamRoutes(app: AppInstance, deps: { team: TeamService; auditLog: AuditLog }) {
  const { team, auditLog } = deps;

  app.post('/api/admin/team/invitations', { schema: { body: teamInvitationInput, response: { 201: teamInvitation } } }, async (request, reply) => {
    requireAdmin(request);
    const { email, role } = request.body;
    // The admin's choice, else the language of the page they invite from.
    const language = request.body.language ?? languageFromCookies(request.headers.cookie) ?? 'en';
    const invitation = await team.invite({ email: email.trim().toLowerCase(), role, language });
    await auditLog.record(auditActorOf(request), 'team.invite', { type: 'team_invitation', id: invitation.id }, { role, language });
    return reply.status(201).send(invitation);
  });

  app.post('/api/team/accept', { schema: { body: teamAcceptInput } }, async (request, reply) => {
    const userId = requireUserId(request);
    const role = await team.accept(userId, request.body.token);
    await auditLog.record(auditActorOf(request), 'team.accept', { type: 'user', id: userId }, { role });
    return reply.status(204).send();
  });
}
