import { z } from 'zod';
import {
  cancelIntroductionInput,
  coordinatorIntroduction,
  coordinatorIntroductionsQuery,
  coordinatorMember,
  coordinatorMemberDetail,
  coordinatorMembersQuery,
  coordinatorOverview,
  created,
  createIntroductionInput,
  endIntroductionInput,
  elderIntroduction,
  elderIntroductionsQuery,
  followUpInput,
  introductionRequestInput,
  memberIntroduction,
  myIntroductionRequest,
  requestCreated,
  respondInput,
  reviewInput,
  suggestion,
  suggestionsQuery,
} from '../../../domain/introductions';
import type { AppInstance } from '../../app-types';
import type { RateLimits } from '../../security/rate-limiter';
import { auditActorOf } from '../admin/admin-guard';
import type { AdminService } from '../admin/admin.service';
import { requireUserId } from '../auth/sessions';
import type { CoordinatorService } from './coordinator.service';
import type { IntroductionsService } from './introductions.service';

const idParams = z.object({ id: z.uuid() });
const userIdParams = z.object({ userId: z.uuid() });
const ONE_DAY = 24 * 60 * 60 * 1000;
/** "Ask a coordinator to introduce us": at most this many a day per member. */
export const REQUESTS_PER_DAY = 10;
const changed = z.object({ id: z.string(), status: created.shape.status });

export interface IntroductionsDeps {
  introductions: IntroductionsService;
  coordinator: CoordinatorService;
  /** Every coordinator view of a member and every coordinator or elder action is written to the audit log. */
  admin: AdminService;
  now: () => Date;
  limits: RateLimits;
}

export function introductionsRoutes(app: AppInstance, deps: IntroductionsDeps) {
  const { introductions, coordinator, admin, now, limits } = deps;
  const requestLimit = limits.limiter('introduction-requests', REQUESTS_PER_DAY, ONE_DAY);

  // ---- members -----------------------------------------------------------------------------------------
  app.get('/api/introductions', { schema: { response: { 200: z.array(memberIntroduction) } } }, async (request) => {
    return introductions.forMember(requireUserId(request), now());
  });

  app.post('/api/introductions/:id/respond', { schema: { params: idParams, body: respondInput, response: { 200: changed } } }, async (request) => {
    return introductions.respond(requireUserId(request), request.params.id, request.body, now());
  });

  app.post('/api/introductions/:id/follow-up', { schema: { params: idParams, body: followUpInput, response: { 200: changed } } }, async (request) => {
    return introductions.followUp(requireUserId(request), request.params.id, request.body, now());
  });

  // A member, or a coordinator outside the pair, ends an introduction both accepted (issue 32.1).
  app.post('/api/introductions/:id/end', { schema: { params: idParams, body: endIntroductionInput, response: { 200: changed } } }, async (request) => {
    const { byStaff, ...done } = await introductions.end(requireUserId(request), request.params.id, request.body.note, now());
    // A member ending their own introduction is their business; a coordinator's act is staff work, audited.
    if (byStaff) await admin.audit(auditActorOf(request), 'coordinator.end', { type: 'introduction', id: done.id });
    return done;
  });

  // "Ask a coordinator to introduce us" (issue 32.4): the caller's own requests, as a resource.
  app.post('/api/introduction-requests', { schema: { body: introductionRequestInput, response: { 201: requestCreated } } }, async (request, reply) => {
    const userId = requireUserId(request);
    await requestLimit.hit(userId);
    const made = await introductions.requests.create(userId, request.body.userId, request.body.note, now());
    return reply.status(201).send(made);
  });

  app.get('/api/introduction-requests', { schema: { response: { 200: z.array(myIntroductionRequest) } } }, async (request) => {
    return introductions.requests.mine(requireUserId(request), now());
  });

  app.delete('/api/introduction-requests/:id', { schema: { params: idParams } }, async (request, reply) => {
    await introductions.requests.withdraw(requireUserId(request), request.params.id);
    return reply.status(204).send();
  });

  // ---- coordinators ------------------------------------------------------------------------------------
  app.post('/api/introductions', { schema: { body: createIntroductionInput, response: { 201: created } } }, async (request, reply) => {
    const made = await introductions.create(requireUserId(request), request.body, now());
    await admin.audit(auditActorOf(request), 'coordinator.propose', { type: 'introduction', id: made.id }, { memberA: request.body.memberA, memberB: request.body.memberB });
    return reply.status(201).send(made);
  });

  app.post('/api/introductions/:id/cancel', { schema: { params: idParams, body: cancelIntroductionInput, response: { 200: changed } } }, async (request) => {
    const done = await introductions.cancel(requireUserId(request), request.params.id, request.body.note, now());
    await admin.audit(auditActorOf(request), 'coordinator.cancel', { type: 'introduction', id: done.id });
    return done;
  });

  app.get(
    '/api/coordinator/members',
    { schema: { querystring: coordinatorMembersQuery, response: { 200: z.array(coordinatorMember) } } },
    async (request, reply) => {
      const { items, total } = await coordinator.members(requireUserId(request), request.query, now());
      // The search text too: what a coordinator looked for is part of what they saw (issue #37.11).
      await admin.audit(auditActorOf(request), 'coordinator.view-members', undefined, { filter: request.query.filter, q: request.query.q });
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.get('/api/coordinator/members/:userId', { schema: { params: userIdParams, response: { 200: coordinatorMemberDetail } } }, async (request) => {
    const detail = await coordinator.member(requireUserId(request), request.params.userId, now());
    await admin.audit(auditActorOf(request), 'coordinator.view-member', { type: 'user', id: request.params.userId });
    return detail;
  });

  app.get(
    '/api/coordinator/members/:userId/suggestions',
    { schema: { params: userIdParams, querystring: suggestionsQuery, response: { 200: z.array(suggestion) } } },
    async (request) => {
      const list = await coordinator.suggestions(requireUserId(request), request.params.userId, request.query.limit, now());
      await admin.audit(auditActorOf(request), 'coordinator.view-suggestions', { type: 'user', id: request.params.userId });
      return list;
    },
  );

  app.get(
    '/api/coordinator/introductions',
    { schema: { querystring: coordinatorIntroductionsQuery, response: { 200: z.array(coordinatorIntroduction) } } },
    async (request, reply) => {
      const { items, total } = await introductions.forCoordinator(requireUserId(request), request.query, now());
      await admin.audit(auditActorOf(request), 'coordinator.view-introductions', undefined, { status: request.query.status ?? null });
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.get('/api/coordinator/overview', { schema: { response: { 200: coordinatorOverview } } }, async (request) => {
    const counts = await introductions.overview(requireUserId(request), now());
    return { ...counts, waitingMembers: await coordinator.waitingCount() };
  });

  // ---- elders ------------------------------------------------------------------------------------------
  app.get(
    '/api/elders/introductions',
    { schema: { querystring: elderIntroductionsQuery, response: { 200: z.array(elderIntroduction) } } },
    async (request) => {
      const list = await introductions.forElder(requireUserId(request), request.query.status, now());
      // Which introductions (and so which members) the list showed (issue #37.11).
      await admin.audit(auditActorOf(request), 'elder.view-introductions', undefined, {
        status: request.query.status,
        introductions: list.map((item) => item.id),
        members: list.flatMap((item) => item.members.map((member) => member.userId)),
      });
      return list;
    },
  );

  app.post('/api/introductions/:id/review', { schema: { params: idParams, body: reviewInput, response: { 200: changed } } }, async (request) => {
    const done = await introductions.review(requireUserId(request), request.params.id, request.body, now());
    await admin.audit(auditActorOf(request), `elder.${request.body.decision}`, { type: 'introduction', id: done.id });
    return done;
  });
}
