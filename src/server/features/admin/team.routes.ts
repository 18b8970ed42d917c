import { languageFromCookies } from '#domain/language/language';
import { z } from 'zod';
import { teamAcceptInput, teamInvitation, teamInvitationInput, teamInvitationOffer, teamInvitationTokenParams } from '#domain/staff/team';
import { accountNameAnswer, accountNameInput } from '#domain/staff/staff-name';
import type { AppInstance } from '#server/app-types';
import { adminOnly, anyone, memberOf, signedIn } from '#server/http/guards';
import { auditActorOf, type AuditLog } from '#server/audit/audit-log';
import type { SessionStore } from '../auth';
import type { TeamService } from './team.service';

/** Invitations to the team: the admin invites by email, the invitee accepts signed in. */
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

  // Invitations sent and not yet taken: the admin sees whom they invited to which role, and may cancel one.
  app.get('/api/admin/team/invitations', { preValidation: adminOnly, schema: { response: { 200: z.array(teamInvitation) } } }, async (request) => {
    await auditLog.record(auditActorOf(request), 'view.team-invitations');
    return team.pending();
  });

  app.delete('/api/admin/team/invitations/:id', { preValidation: adminOnly, schema: { params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    const cancelled = await team.cancel(request.params.id);
    await auditLog.record(auditActorOf(request), 'team.cancel-invitation', { type: 'team_invitation', id: cancelled.id }, { role: cancelled.role });
    return reply.status(204).send();
  });

  // The join page names the role before the invitee signs in. The token is the authority (as for accepting); it
  // answers only the role, never the address it was sent to.
  app.get('/api/team/invitations/:token', { preValidation: anyone, schema: { params: teamInvitationTokenParams, response: { 200: teamInvitationOffer } } }, async (request) =>
    team.offer(request.params.token),
  );

  app.post('/api/team/accept', { preValidation: signedIn, schema: { body: teamAcceptInput } }, async (request, reply) => {
    const { userId } = memberOf(request);
    const { token, firstName, lastName } = request.body;
    const role = await team.accept(userId, token, { firstName, lastName });
    // The new role reaches the guards with the member's sessions read again (this one included).
    await sessions.forgetUser(userId);
    await auditLog.record(auditActorOf(request), 'team.accept', { type: 'user', id: userId }, { role });
    return reply.status(204).send();
  });

  // The name members see for a coordinator or an elder without a profile (the settings page changes it); any
  // signed-in account may set its own, since it is shown only after a volunteer or profile name.
  app.put('/api/account/name', { preValidation: signedIn, schema: { body: accountNameInput, response: { 200: accountNameAnswer } } }, async (request) => {
    const { userId } = memberOf(request);
    return team.setAccountName(userId, request.body);
  });
}
