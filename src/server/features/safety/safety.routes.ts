import { z } from 'zod';
import { blockedPerson, blockInput, notice, reportCreated, reportInput } from '../../../domain/safety';
import type { AppInstance } from '../../app-types';
import { requireUserId } from '../auth/sessions';
import type { BlocksService } from './blocks.service';
import type { ReportsService } from './reports.service';

/** A member's safety routes (issue 15): blocks, reports, and the notices an admin's decision left them. */
export function safetyRoutes(app: AppInstance, deps: { blocks: BlocksService; reports: ReportsService }) {
  const { blocks, reports } = deps;

  app.get('/api/blocks', { schema: { response: { 200: z.array(blockedPerson) } } }, async (request) => {
    return blocks.list(requireUserId(request));
  });

  // 201 for a new block, 200 with the same answer when it was already there.
  app.post('/api/blocks', { schema: { body: blockInput, response: { 200: blockedPerson, 201: blockedPerson } } }, async (request, reply) => {
    const { person, created } = await blocks.block(requireUserId(request), request.body.userId);
    return reply.status(created ? 201 : 200).send(person);
  });

  app.delete('/api/blocks/:userId', { schema: { params: z.object({ userId: z.uuid() }) } }, async (request, reply) => {
    await blocks.unblock(requireUserId(request), request.params.userId);
    return reply.status(204).send();
  });

  app.post('/api/reports', { schema: { body: reportInput, response: { 201: reportCreated } } }, async (request, reply) => {
    const created = await reports.report(requireUserId(request), request.body);
    return reply.status(201).send(created);
  });

  app.get('/api/notices', { schema: { response: { 200: z.array(notice) } } }, async (request) => {
    return reports.notices(requireUserId(request));
  });

  app.post('/api/notices/:id/ack', { schema: { params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    await reports.acknowledge(requireUserId(request), request.params.id);
    return reply.status(204).send();
  });
}
