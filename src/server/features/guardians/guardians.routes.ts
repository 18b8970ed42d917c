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
  guardianPatch,
  guardingMemberParams,
  guardingThreadParams,
} from '../../../domain/guardians';
import { memberIntroduction } from '../../../domain/introductions';
import type { AppInstance } from '../../app-types';
import type { RateLimits } from '../../security/rate-limiter';
import { requireUserId } from '../auth/sessions';
import { readOnly, type GuardiansService } from './guardians.service';

/** Invitations a member may send a day (each is a mail to an address they typed). */
export const GUARDIAN_INVITATIONS_PER_DAY = 5;
const ONE_DAY = 24 * 60 * 60 * 1000;

/** Family at the table (issue 33): the member's side (/api/guardians) and the guardian's (/api/guarding). */
export function guardiansRoutes(app: AppInstance, deps: { guardians: GuardiansService; limits: RateLimits; now: () => Date }) {
  const { guardians, now } = deps;
  const inviteLimit = deps.limits.limiter('guardian-invitations', GUARDIAN_INVITATIONS_PER_DAY, ONE_DAY);

  // ---- the member --------------------------------------------------------------------------------------
  app.post('/api/guardians', { schema: { body: guardianInput, response: { 201: guardianCreated } } }, async (request, reply) => {
    const userId = requireUserId(request);
    await inviteLimit.hit(userId);
    return reply.status(201).send(await guardians.invite(userId, request.body, now()));
  });

  app.get('/api/guardians', { schema: { response: { 200: z.array(guardian) } } }, async (request) => {
    return guardians.list(requireUserId(request), now());
  });

  app.patch('/api/guardians/:id', { schema: { params: guardianIdParams, body: guardianPatch, response: { 200: guardian } } }, async (request) => {
    return guardians.setSeesMessages(requireUserId(request), request.params.id, request.body.seesMessages, now());
  });

  app.delete('/api/guardians/:id', { schema: { params: guardianIdParams } }, async (request, reply) => {
    await guardians.remove(requireUserId(request), request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/guardians/accept', { schema: { body: guardianAcceptInput } }, async (request, reply) => {
    await guardians.accept(requireUserId(request), request.body.token, now());
    return reply.status(204).send();
  });

  // ---- the guardian ------------------------------------------------------------------------------------
  app.get('/api/guarding', { schema: { response: { 200: z.array(guardedMember) } } }, async (request) => {
    return guardians.guarding(requireUserId(request));
  });

  app.get(
    '/api/guarding/:memberUserId/introductions',
    { schema: { params: guardingMemberParams, response: { 200: z.array(memberIntroduction) } } },
    async (request) => guardians.introductionsOf(requireUserId(request), request.params.memberUserId, now()),
  );

  app.get(
    '/api/guarding/:memberUserId/conversations',
    { schema: { params: guardingMemberParams, response: { 200: z.array(guardedConversation) } } },
    async (request) => guardians.conversationsOf(requireUserId(request), request.params.memberUserId),
  );

  app.get(
    '/api/guarding/:memberUserId/messages/:otherUserId',
    { schema: { params: guardingThreadParams, response: { 200: guardedThread } } },
    async (request) => guardians.threadOf(requireUserId(request), request.params.memberUserId, request.params.otherUserId),
  );

  // A guardian never acts for the member: any write under the member's address (send, answer, block, report…) is 403.
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/guarding/:memberUserId/*',
    schema: { params: z.object({ memberUserId: z.uuid(), '*': z.string().max(500) }) },
    handler: async (request) => {
      requireUserId(request);
      throw readOnly();
    },
  });
}
