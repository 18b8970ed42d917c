import { z } from 'zod';
import { adminReport, adminReportDetail, adminReportsQuery, moderationResult, resolveReportInput, suspendInput } from '#domain/safety/safety';
import type { AppInstance } from '#server/app-types';
import { adminOnly } from '#server/http/guards';
import { auditActorOf, type AuditLog } from '#server/audit/audit-log';
import type { ModerationService } from './moderation.service';

const userParams = z.object({ userId: z.uuid() });

/** The admin's moderation routes: admin session only, every call audited. */
export function moderationRoutes(app: AppInstance, deps: { moderation: ModerationService; auditLog: AuditLog }) {
  const { moderation, auditLog } = deps;

  app.get('/api/admin/reports', { preValidation: adminOnly, schema: { querystring: adminReportsQuery, response: { 200: z.array(adminReport) } } }, async (request, reply) => {
    await auditLog.record(auditActorOf(request), 'view.reports', undefined, { status: request.query.status ?? 'all', offset: request.query.offset });
    const { items, total } = await moderation.list(request.query);
    reply.header('X-Total-Count', String(total));
    return items;
  });

  // The evidence of one report; the reported member's biodata and photos are read, so it is audited.
  app.get('/api/admin/reports/:id', { preValidation: adminOnly, schema: { params: z.object({ id: z.uuid() }), response: { 200: adminReportDetail } } }, async (request) => {
    const detail = await moderation.detail(request.params.id);
    await auditLog.record(auditActorOf(request), 'view.report', { type: 'report', id: request.params.id }, { userId: detail.reported.userId });
    return detail;
  });

  app.post(
    '/api/admin/reports/:id/resolve',
    { preValidation: adminOnly, schema: { params: z.object({ id: z.uuid() }), body: resolveReportInput, response: { 200: moderationResult } } },
    async (request) => {
      const result = await moderation.resolve(request.params.id, request.body.action, request.body.note);
      await auditLog.record(auditActorOf(request), `report.${request.body.action}`, { type: 'report', id: request.params.id }, { userId: result.userId });
      return result;
    },
  );

  app.post('/api/admin/users/:userId/suspend', { preValidation: adminOnly, schema: { params: userParams, body: suspendInput, response: { 200: moderationResult } } }, async (request) => {
    const result = await moderation.suspend(request.params.userId, request.body.reason);
    await auditLog.record(auditActorOf(request), 'user.suspend', { type: 'user', id: request.params.userId });
    return result;
  });

  app.post('/api/admin/users/:userId/unsuspend', { preValidation: adminOnly, schema: { params: userParams, response: { 200: moderationResult } } }, async (request) => {
    const result = await moderation.unsuspend(request.params.userId);
    await auditLog.record(auditActorOf(request), 'user.unsuspend', { type: 'user', id: request.params.userId });
    return result;
  });
}
