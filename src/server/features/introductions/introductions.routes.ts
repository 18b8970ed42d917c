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
  metInput,
  metRecorded,
  introductionRequestInput,
  memberIntroduction,
  myIntroductionRequest,
  requestCreated,
  respondInput,
  reviewInput,
  suggestion,
  suggestionsQuery,
} from '#domain/introductions/introductions';
import type { AppInstance } from '#server/app-types';
import { coordinatorOrAdmin, hasRole, memberOf, signedIn } from '#server/http/guards';
import { outcomeRange, outcomes, outcomesQuery } from '#domain/introductions/outcomes';
import { outcomesBetween } from './outcomes.service';
import type { RateLimits } from '#server/security/rate-limiter';
import { auditActorOf, type AuditLog } from '#server/audit/audit-log';
import type { CoordinatorService } from './coordinator.service';
import type { IntroductionsService } from './introductions.service';
import type { ReferencesService, VerificationService } from '../references';
import { changedSinceVerified, trustFactsFor } from '#server/policy/trust';
import { NO_TRUST } from '#domain/references/references';

const idParams = z.object({ id: z.uuid() });
const userIdParams = z.object({ userId: z.uuid() });
const ONE_DAY = 24 * 60 * 60 * 1000;
const coordinators = hasRole('coordinator');
const elders = hasRole('elder');
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
  /** The trust fields on the coordinator's lists and the references in the elders' review. */
  references: ReferencesService;
  verification: VerificationService;
}

export function introductionsRoutes(app: AppInstance, deps: IntroductionsDeps) {
  const { introductions, coordinator, auditLog, now, limits, references, verification } = deps;
  const db = coordinator.database;
  const requestLimit = limits.limiter('introduction-requests', REQUESTS_PER_DAY, ONE_DAY);

  // ---- members -----------------------------------------------------------------------------------------
  app.get('/api/introductions', { preValidation: signedIn, schema: { response: { 200: z.array(memberIntroduction) } } }, async (request) => {
    return introductions.forMember(memberOf(request).userId, now());
  });

  app.post('/api/introductions/:id/respond', { preValidation: signedIn, schema: { params: idParams, body: respondInput, response: { 200: changed } } }, async (request) => {
    return introductions.respond(memberOf(request).userId, request.params.id, request.body, now());
  });

  // "Did you meet?" (issue 51): a member's private answer to the coordinators.
  app.post('/api/introductions/:id/met', { preValidation: signedIn, schema: { params: idParams, body: metInput, response: { 200: metRecorded } } }, async (request) => {
    return introductions.met(memberOf(request).userId, request.params.id, request.body, now());
  });

  app.post('/api/introductions/:id/follow-up', { preValidation: signedIn, schema: { params: idParams, body: followUpInput, response: { 200: changed } } }, async (request) => {
    return introductions.followUp(memberOf(request).userId, request.params.id, request.body, now());
  });

  // A member, or a coordinator outside the pair, ends an introduction both accepted.
  app.post('/api/introductions/:id/end', { preValidation: signedIn, schema: { params: idParams, body: endIntroductionInput, response: { 200: changed } } }, async (request) => {
    const { byStaff, ...done } = await introductions.end(memberOf(request).userId, request.params.id, request.body.note, now());
    // A member ending their own introduction is their business; a coordinator's act is staff work, audited.
    if (byStaff) await auditLog.record(auditActorOf(request), 'coordinator.end', { type: 'introduction', id: done.id });
    return done;
  });

  // "Ask a coordinator to introduce us": the caller's own requests, as a resource.
  app.post('/api/introduction-requests', { preValidation: signedIn, schema: { body: introductionRequestInput, response: { 201: requestCreated } } }, async (request, reply) => {
    const { userId } = memberOf(request);
    await requestLimit.hit(userId);
    const made = await introductions.requests.create(userId, request.body.userId, request.body.note, now());
    return reply.status(201).send(made);
  });

  app.get('/api/introduction-requests', { preValidation: signedIn, schema: { response: { 200: z.array(myIntroductionRequest) } } }, async (request) => {
    return introductions.requests.mine(memberOf(request).userId, now());
  });

  app.delete('/api/introduction-requests/:id', { preValidation: signedIn, schema: { params: idParams } }, async (request, reply) => {
    await introductions.requests.withdraw(memberOf(request).userId, request.params.id);
    return reply.status(204).send();
  });

  // ---- coordinators ------------------------------------------------------------------------------------
  app.post('/api/introductions', { preValidation: coordinators, schema: { body: createIntroductionInput, response: { 201: created } } }, async (request, reply) => {
    const made = await introductions.create(memberOf(request), request.body, now());
    await auditLog.record(auditActorOf(request), 'coordinator.propose', { type: 'introduction', id: made.id }, { memberA: request.body.memberA, memberB: request.body.memberB });
    return reply.status(201).send(made);
  });

  app.post('/api/introductions/:id/cancel', { preValidation: coordinators, schema: { params: idParams, body: cancelIntroductionInput, response: { 200: changed } } }, async (request) => {
    const done = await introductions.cancel(memberOf(request), request.params.id, request.body.note, now());
    await auditLog.record(auditActorOf(request), 'coordinator.cancel', { type: 'introduction', id: done.id });
    return done;
  });

  app.get(
    '/api/coordinator/members',
    { preValidation: coordinators, schema: { querystring: coordinatorMembersQuery, response: { 200: z.array(coordinatorMember) } } },
    async (request, reply) => {
      const { items: rows, total } = await coordinator.members(memberOf(request), request.query, now());
      const ids = rows.map((row) => row.userId);
      const [trust, changed] = await Promise.all([trustFactsFor(db, ids, 'staff'), changedSinceVerified(db, ids)]);
      const items = rows.map((row) => ({ ...row, ...(trust.get(row.userId) ?? NO_TRUST), changedSinceVerified: changed.has(row.userId) }));
      // The search text too: what a coordinator looked for is part of what they saw.
      const { filter, q, maritalHistory, children, educationLevel, tradition, rung } = request.query;
      await auditLog.record(auditActorOf(request), 'coordinator.view-members', undefined, { filter, q, maritalHistory, children, educationLevel, tradition, rung });
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.get('/api/coordinator/members/:userId', { preValidation: coordinators, schema: { params: userIdParams, response: { 200: coordinatorMemberDetail } } }, async (request) => {
    const base = await coordinator.member(memberOf(request), request.params.userId, now());
    const [trust, verified, learned] = await Promise.all([trustFactsFor(db, [base.userId], 'staff'), verification.view(base.userId), coordinator.learnedFromDeclines(base.userId, now())]);
    const detail = { ...base, references: trust.get(base.userId)?.references ?? 0, verification: verified, suggestionsLearned: learned };
    await auditLog.record(auditActorOf(request), 'coordinator.view-member', { type: 'user', id: request.params.userId });
    return detail;
  });

  app.get(
    '/api/coordinator/members/:userId/suggestions',
    { preValidation: coordinators, schema: { params: userIdParams, querystring: suggestionsQuery, response: { 200: z.array(suggestion) } } },
    async (request) => {
      const found = await coordinator.suggestions(memberOf(request), request.params.userId, request.query.limit, now(), request.query.rung);
      const trust = await trustFactsFor(db, found.map((item) => item.userId), 'staff');
      const list = found.map((item) => ({ ...item, ...(trust.get(item.userId) ?? NO_TRUST) }));
      await auditLog.record(auditActorOf(request), 'coordinator.view-suggestions', { type: 'user', id: request.params.userId });
      return list;
    },
  );

  app.get(
    '/api/coordinator/introductions',
    { preValidation: coordinators, schema: { querystring: coordinatorIntroductionsQuery, response: { 200: z.array(coordinatorIntroduction) } } },
    async (request, reply) => {
      const { items, total } = await introductions.forCoordinator(request.query, now());
      await auditLog.record(auditActorOf(request), 'coordinator.view-introductions', undefined, { status: request.query.status ?? null });
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  // Outcomes (issue 51): the funnel by month, the reasons for a no by count, each coordinator's figures; no member named.
  app.get('/api/coordinator/outcomes', { preValidation: coordinatorOrAdmin, schema: { querystring: outcomesQuery, response: { 200: outcomes } } }, async (request) => {
    return outcomesBetween(db, outcomeRange(request.query, now()));
  });

  app.get('/api/coordinator/overview', { preValidation: coordinators, schema: { response: { 200: coordinatorOverview } } }, async () => {
    const counts = await introductions.overview(now());
    return { ...counts, waitingMembers: await coordinator.waitingCount() };
  });

  // ---- elders ------------------------------------------------------------------------------------------
  app.get(
    '/api/elders/introductions',
    { preValidation: elders, schema: { querystring: elderIntroductionsQuery, response: { 200: z.array(elderIntroduction) } } },
    async (request) => {
      const at = now();
      const found = await introductions.forElder(memberOf(request), request.query.status, at);
      const memberIds = found.flatMap((item) => item.members.map((member) => member.userId));
      const [trust, referenceLists] = await Promise.all([trustFactsFor(db, memberIds, 'staff'), references.forStaff(memberIds, at)]);
      const list = found.map((item) => ({
        ...item,
        members: item.members.map((member) => ({ ...member, ...(trust.get(member.userId) ?? NO_TRUST), referenceList: referenceLists.get(member.userId) ?? [] })),
      }));
      // Which introductions (and so which members) the list showed.
      await auditLog.record(auditActorOf(request), 'elder.view-introductions', undefined, {
        status: request.query.status,
        introductions: list.map((item) => item.id),
        members: list.flatMap((item) => item.members.map((member) => member.userId)),
        // The references the elder read (every staff read of them is on record).
        references: list.flatMap((item) => item.members.flatMap((member) => member.referenceList.map((reference) => reference.id))),
      });
      return list;
    },
  );

  app.post('/api/introductions/:id/review', { preValidation: elders, schema: { params: idParams, body: reviewInput, response: { 200: changed } } }, async (request) => {
    const done = await introductions.review(memberOf(request), request.params.id, request.body, now());
    await auditLog.record(auditActorOf(request), `elder.${request.body.decision}`, { type: 'introduction', id: done.id });
    return done;
  });
}
