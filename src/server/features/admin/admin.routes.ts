import { z } from 'zod';
import { adminLoginInput, adminSession, adminPartnerApplication, adminUserProfile, adminVolunteerApplication, approvalInput } from '#domain/staff/admin';
import { rolesAnswer, rolesInput, teamMember } from '#domain/introductions/introductions';
import { adminProfileStatuses, LIST_MAX_LIMIT, LIST_PAGE_SIZE, listQuery, volunteerApplicationStatuses, type ListParams } from '#domain/staff/list-query';
import { memberRoles } from '#domain/staff/roles';
import type { AppInstance } from '#server/app-types';
import { adminOnly } from '#server/http/guards';
import { sendPage } from '#server/db/paged-list';
import type { RateLimits } from '#server/security/rate-limiter';
import type { SessionStore } from '../auth';
import { auditActorOf, type AuditLog } from '#server/audit/audit-log';
import type { AdminService } from './admin.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** A page of legacy partner applications: `limit` (default one dashboard page) and `offset`; total in X-Total-Count. */
const partnerApplicationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
/** Failed admin sign-ins from all addresses together in 15 minutes before admin sign-in answers 429 for everyone. */
export const ADMIN_FAILURE_CEILING = 50;

/** What the admin looked for goes into the audit row (a search names people too); nothing when the whole list was read. */
function auditedQuery(query: ListParams): Record<string, unknown> | undefined {
  const { q, status, limit, offset } = query;
  return q || status || limit !== undefined || offset > 0 ? { q, status, limit, offset } : undefined;
}

export function adminRoutes(app: AppInstance, deps: { admin: AdminService; auditLog: AuditLog; sessions: SessionStore; limits: RateLimits }) {
  const { admin, auditLog, sessions, limits } = deps;
  const loginByIp = limits.limiter('admin-login-ip', 10, FIFTEEN_MINUTES);
  // A ceiling over all addresses together: however many addresses an attacker has, the guesses stop here. The
  // admin is locked out too until the window ends (they still have the server's environment to fix things).
  const failuresEverywhere = limits.limiter('admin-failures', ADMIN_FAILURE_CEILING, FIFTEEN_MINUTES);

  app.post('/api/admin/login', { schema: { body: adminLoginInput } }, async (request, reply) => {
    await failuresEverywhere.assertBelow('all');
    await loginByIp.hit(request.ip);
    try {
      admin.checkPassword(request.body.password);
    } catch (error) {
      await auditLog.record(auditActorOf(request), 'admin.login.failed');
      const { count } = await failuresEverywhere.record('all');
      if (count === ADMIN_FAILURE_CEILING) {
        request.log.warn({ failures: count }, 'admin sign-in closed for everyone: too many failed attempts in 15 minutes');
      }
      throw error;
    }
    // Only failures count towards the limit: an admin who signs in and out often is not locked out.
    await loginByIp.reset(request.ip);
    // A new session id with the flag: an id known before cannot become an admin session.
    await sessions.rotate(request, reply, { ...request.session.data, isAdmin: true });
    await auditLog.record(auditActorOf(request), 'admin.login');
    return reply.status(204).send();
  });

  app.post('/api/admin/logout', async (request, reply) => {
    if (request.session.data.isAdmin) {
      await auditLog.record(auditActorOf(request), 'admin.logout');
      const { isAdmin: _dropped, ...rest } = request.session.data;
      if (rest.userId) await sessions.update(request, rest);
      else await sessions.destroy(request, reply);
    }
    return reply.status(204).send();
  });

  app.get('/api/admin/session', { schema: { response: { 200: adminSession } } }, async (request) => ({
    isAdmin: Boolean(request.session.data.isAdmin),
  }));

  app.get(
    '/api/admin/user-profiles',
    { preValidation: adminOnly, schema: { querystring: listQuery(adminProfileStatuses), response: { 200: z.array(adminUserProfile) } } },
    async (request, reply) => {
      await auditLog.record(auditActorOf(request), 'view.user-profiles', undefined, auditedQuery(request.query));
      return sendPage(reply, await admin.listUserProfiles(request.query));
    },
  );

  // Legacy applications (name, email, date of birth) are never read out whole: a page at a time.
  app.get(
    '/api/admin/partner-applications',
    { preValidation: adminOnly, schema: { querystring: partnerApplicationsQuery, response: { 200: z.array(adminPartnerApplication) } } },
    async (request, reply) => {
      await auditLog.record(auditActorOf(request), 'view.partner-applications', undefined, request.query.offset > 0 ? { offset: request.query.offset } : undefined);
      return sendPage(reply, await admin.listPartnerApplications(request.query));
    },
  );

  app.get(
    '/api/admin/volunteer-applications',
    { preValidation: adminOnly, schema: { querystring: listQuery(volunteerApplicationStatuses), response: { 200: z.array(adminVolunteerApplication) } } },
    async (request, reply) => {
      await auditLog.record(auditActorOf(request), 'view.volunteer-applications', undefined, auditedQuery(request.query));
      return sendPage(reply, await admin.listVolunteerApplications(request.query));
    },
  );

  app.patch(
    '/api/admin/volunteer-applications/:id',
    { preValidation: adminOnly, schema: { params: z.object({ id: z.uuid() }), body: approvalInput, response: { 200: adminVolunteerApplication } } },
    async (request) => {
      const updated = await admin.setVolunteerApproval(request.params.id, request.body.approved);
      await auditLog.record(auditActorOf(request), request.body.approved ? 'volunteer.approve' : 'volunteer.unapprove', { type: 'volunteer_application', id: updated.id });
      return updated;
    },
  );

  // ---- roles: the admin makes coordinators and elders of member accounts.
  // `status` is the role (coordinator or elder); `q` a substring of the name or email; paged like the other lists.
  app.get(
    '/api/admin/team',
    { preValidation: adminOnly, schema: { querystring: listQuery(memberRoles), response: { 200: z.array(teamMember) } } },
    async (request, reply) => {
      await auditLog.record(auditActorOf(request), 'view.team', undefined, auditedQuery(request.query));
      return sendPage(reply, await admin.listTeam(request.query));
    },
  );

  app.put(
    '/api/admin/users/:userId/roles',
    { preValidation: adminOnly, schema: { params: z.object({ userId: z.uuid() }), body: rolesInput, response: { 200: rolesAnswer } } },
    async (request) => {
      const { granted, removed, ...updated } = await admin.setRoles(request.params.userId, request.body);
      // The member's sessions carry their roles to the guards (http/guards.ts hasRole): read again everywhere.
      await sessions.forgetUser(updated.userId);
      await auditLog.record(auditActorOf(request), 'user.roles', { type: 'user', id: updated.userId }, { roles: updated.roles, granted, removed });
      return updated;
    },
  );
}
