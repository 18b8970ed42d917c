import { z } from 'zod';
import {
  guardedConversation,
  guardedMember,
  guardedThread,
  guardian,
  guardianAcceptInput,
  guardianCreated,
  guardianIdParams,
  guardianInput,
  guardianInvitationParams,
  guardianInvitationView,
  guardianPatch,
  guardingMemberParams,
  guardingThreadParams,
} from '#domain/introductions/guardians';
import { memberIntroduction } from '#domain/introductions/introductions';
import type { AppInstance } from '#server/app-types';
import { memberOf, signedIn } from '#server/http/guards';
import type { RateLimits } from '#server/security/rate-limiter';
import { readOnly, type GuardiansService } from './guardians.service';

/** Invitations a member may send a day (each is a mail to an address they typed). */
export const GUARDIAN_INVITATIONS_PER_DAY = 5;
const ONE_DAY = 24 * 60 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
/** Invitation page reads per address an hour: plenty for a person, a brake on guessing links. */
export const INVITATION_READS_PER_HOUR = 60;

/** Family at the table: the member's side (/api/guardians) and the guardian's (/api/guarding). */
export function guardiansRoutes(app: AppInstance, deps: { guardians: GuardiansService; limits: RateLimits; now: () => Date }) {
  const { guardians, now } = deps;
  const inviteLimit = deps.limits.limiter('guardian-invitations', GUARDIAN_INVITATIONS_PER_DAY, ONE_DAY);
  const invitationReads = deps.limits.limiter('guardian-invitation-reads-by-ip', INVITATION_READS_PER_HOUR, ONE_HOUR);

  // ---- the member --------------------------------------------------------------------------------------
  app.post('/api/guardians', { preValidation: signedIn, schema: { body: guardianInput, response: { 201: guardianCreated } } }, async (request, reply) => {
    const { userId } = memberOf(request);
    await inviteLimit.hit(userId);
    return reply.status(201).send(await guardians.invite(userId, request.body, now()));
  });

  app.get('/api/guardians', { preValidation: signedIn, schema: { response: { 200: z.array(guardian) } } }, async (request) => {
    return guardians.list(memberOf(request).userId, now());
  });

  app.patch('/api/guardians/:id', { preValidation: signedIn, schema: { params: guardianIdParams, body: guardianPatch, response: { 200: guardian } } }, async (request) => {
    return guardians.setSeesMessages(memberOf(request).userId, request.params.id, request.body.seesMessages, now());
  });

  app.delete('/api/guardians/:id', { preValidation: signedIn, schema: { params: guardianIdParams } }, async (request, reply) => {
    await guardians.remove(memberOf(request).userId, request.params.id);
    return reply.status(204).send();
  });

  // The invitation's holder (signed in or not): who invited them. The token is the authority, as for accepting.
  app.get('/api/guardian-invitations/:token', { schema: { params: guardianInvitationParams, response: { 200: guardianInvitationView } } }, async (request) => {
    await invitationReads.hit(request.ip);
    return guardians.invitation(request.params.token, now());
  });

  app.post('/api/guardians/accept', { preValidation: signedIn, schema: { body: guardianAcceptInput } }, async (request, reply) => {
    await guardians.accept(memberOf(request).userId, request.body.token, now());
    return reply.status(204).send();
  });

  // ---- the guardian ------------------------------------------------------------------------------------
  app.get('/api/guarding', { preValidation: signedIn, schema: { response: { 200: z.array(guardedMember) } } }, async (request) => {
    return guardians.guarding(memberOf(request).userId);
  });

  app.get(
    '/api/guarding/:memberUserId/introductions',
    { preValidation: signedIn, schema: { params: guardingMemberParams, response: { 200: z.array(memberIntroduction) } } },
    async (request) => guardians.introductionsOf(memberOf(request).userId, request.params.memberUserId, now()),
  );

  app.get(
    '/api/guarding/:memberUserId/conversations',
    { preValidation: signedIn, schema: { params: guardingMemberParams, response: { 200: z.array(guardedConversation) } } },
    async (request) => guardians.conversationsOf(memberOf(request).userId, request.params.memberUserId),
  );

  app.get(
    '/api/guarding/:memberUserId/messages/:otherUserId',
    { preValidation: signedIn, schema: { params: guardingThreadParams, response: { 200: guardedThread } } },
    async (request) => guardians.threadOf(memberOf(request).userId, request.params.memberUserId, request.params.otherUserId),
  );

  // A guardian never acts for the member: any write under the member's address (send, answer, block, report…) is 403.
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/guarding/:memberUserId/*',
    preValidation: signedIn,
    schema: { params: z.object({ memberUserId: z.uuid(), '*': z.string().max(500) }) },
    handler: async () => {
      throw readOnly();
    },
  });
}
