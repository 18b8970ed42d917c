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
  elderIntroduction,
  elderIntroductionsQuery,
  followUpInput,
  introductionRequestInput,
  memberIntroduction,
  requestCreated,
  respondInput,
  reviewInput,
  suggestion,
  suggestionsQuery,
} from '../../../domain/introductions';
import type { AppInstance } from '../../app-types';
import type { RateLimits } from '../../security/rate-limiter';
import { auditActorOf, type AuditLog } from '../../audit/audit-log';
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
  auditLog: AuditLog;
  now: () => Date;
  limits: RateLimits;
}

export function introductionsRoutes(app: AppInstance, deps: IntroductionsDeps) {
  const { introductions, coordinator, auditLog, now, limits } = deps;
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

  app.post('/api/introduction-requests', { schema: { body: introductionRequestInput, response: { 201: requestCreated } } }, async (request, reply) => {
    const userId = requireUserId(request);
    await requestLimit.hit(userId);
    const made = await introductions.request(userId, request.body.userId, request.body.note, now());
    return reply.status(201).send(made);
  });

  // ---- coordinators ------------------------------------------------------------------------------------
  app.post('/api/introductions', { schema: { body: createIntroductionInput, response: { 201: created } } }, async (request, reply) => {
    const made = await introductions.create(requireUserId(request), request.body, now());
    await auditLog.record(auditActorOf(request), 'coordinator.propose', { type: 'introduction', id: made.id }, { memberA: request.body.memberA, memberB: request.body.memberB });
    return reply.status(201).send(made);
  });

  app.post('/api/introductions/:id/cancel', { schema: { params: idParams, body: cancelIntroductionInput, response: { 200: changed } } }, async (request) => {
    const done = await introductions.cancel(requireUserId(request), request.params.id, request.body.note, now());
    await auditLog.record(auditActorOf(request), 'coordinator.cancel', { type: 'introduction', id: done.id });
    return done;
  });

  app.get(
    '/api/coordinator/members',
    { schema: { querystring: coordinatorMembersQuery, response: { 200: z.array(coordinatorMember) } } },
    async (request, reply) => {
      const { items, total } = await coordinator.members(requireUserId(request), request.query, now());
      // The search text too: what a coordinator looked for is part of what they saw (issue #37.11).
      await auditLog.record(auditActorOf(request), 'coordinator.view-members', undefined, { filter: request.query.filter, q: request.query.q });
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.get('/api/coordinator/members/:userId', { schema: { params: userIdParams, response: { 200: coordinatorMemberDetail } } }, async (request) => {
    const detail = await coordinator.member(requireUserId(request), request.params.userId, now());
    await auditLog.record(auditActorOf(request), 'coordinator.view-member', { type: 'user', id: request.params.userId });
    return detail;
  });

  app.get(
    '/api/coordinator/members/:userId/suggestions',
    { schema: { params: userIdParams, querystring: suggestionsQuery, response: { 200: z.array(suggestion) } } },
    async (request) => {
      const list = await coordinator.suggestions(requireUserId(request), request.params.userId, request.query.limit, now());
      await auditLog.record(auditActorOf(request), 'coordinator.view-suggestions', { type: 'user', id: request.params.userId });
      return list;
    },
  );

  app.get(
    '/api/coordinator/introductions',
    { schema: { querystring: coordinatorIntroductionsQuery, response: { 200: z.array(coordinatorIntroduction) } } },
    async (request, reply) => {
      const { items, total } = await introductions.forCoordinator(requireUserId(request), request.query, now());
      await auditLog.record(auditActorOf(request), 'coordinator.view-introductions', undefined, { status: request.query.status ?? null });
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
      await auditLog.record(auditActorOf(request), 'elder.view-introductions', undefined, {
        status: request.query.status,
        introductions: list.map((item) => item.id),
        members: list.flatMap((item) => item.members.map((member) => member.userId)),
      });
      return list;
    },
  );

  app.post('/api/introductions/:id/review', { schema: { params: idParams, body: reviewInput, response: { 200: changed } } }, async (request) => {
    const done = await introductions.review(requireUserId(request), request.params.id, request.body, now());
    await auditLog.record(auditActorOf(request), `elder.${request.body.decision}`, { type: 'introduction', id: done.id });
    return done;
  });
}
