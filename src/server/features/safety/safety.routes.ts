import { z } from 'zod';
import { blockedPerson, blockInput, notice, reportCreated, reportInput } from '#domain/safety/safety';
import { hiddenMessage, hiddenWords, hiddenWordsInput } from '#domain/safety/hidden-words';
import type { AppInstance } from '#server/app-types';
import { memberOf, signedIn } from '#server/http/guards';
import type { BlocksService } from './blocks.service';
import type { HiddenWordsService } from './hidden-words.service';
import type { ReportsService } from './reports.service';

/** A member's safety routes: blocks, reports, hidden words, and the notices an admin's decision left them. */
export function safetyRoutes(app: AppInstance, deps: { blocks: BlocksService; reports: ReportsService; hiddenWords: HiddenWordsService }) {
  const { blocks, reports, hiddenWords: hidden } = deps;

  app.get('/api/account/hidden-words', { preValidation: signedIn, schema: { response: { 200: hiddenWords } } }, async (request) => {
    return hidden.words(memberOf(request).userId);
  });

  app.put('/api/account/hidden-words', { preValidation: signedIn, schema: { body: hiddenWordsInput, response: { 200: hiddenWords } } }, async (request) => {
    return hidden.setWords(memberOf(request).userId, request.body.words);
  });

  // The hidden folder: the messages the member's hidden words kept from her thread.
  app.get('/api/account/hidden-messages', { preValidation: signedIn, schema: { response: { 200: z.array(hiddenMessage) } } }, async (request) => {
    return hidden.folder(memberOf(request).userId);
  });

  app.get('/api/blocks', { preValidation: signedIn, schema: { response: { 200: z.array(blockedPerson) } } }, async (request) => {
    return blocks.list(memberOf(request).userId);
  });

  // 201 for a new block, 200 with the same answer when it was already there.
  app.post('/api/blocks', { preValidation: signedIn, schema: { body: blockInput, response: { 200: blockedPerson, 201: blockedPerson } } }, async (request, reply) => {
    const { person, created } = await blocks.block(memberOf(request).userId, request.body.userId);
    return reply.status(created ? 201 : 200).send(person);
  });

  app.delete('/api/blocks/:userId', { preValidation: signedIn, schema: { params: z.object({ userId: z.uuid() }) } }, async (request, reply) => {
    await blocks.unblock(memberOf(request).userId, request.params.userId);
    return reply.status(204).send();
  });

  app.post('/api/reports', { preValidation: signedIn, schema: { body: reportInput, response: { 201: reportCreated } } }, async (request, reply) => {
    const created = await reports.report(memberOf(request).userId, request.body);
    return reply.status(201).send(created);
  });

  app.get('/api/notices', { preValidation: signedIn, schema: { response: { 200: z.array(notice) } } }, async (request) => {
    return reports.notices(memberOf(request).userId);
  });

  app.post('/api/notices/:id/ack', { preValidation: signedIn, schema: { params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    await reports.acknowledge(memberOf(request).userId, request.params.id);
    return reply.status(204).send();
  });
}
