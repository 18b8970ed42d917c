import { z } from 'zod';
import { conversationSummary, message, otherUserInfo, sendMessageInput } from '#domain/messaging/messages';
import type { AppInstance } from '#server/app-types';
import { memberOf, signedIn } from '#server/http/guards';
import { redactForLog, tooManyRequests } from '#server/errors';
import { refuseCrossSiteRead } from '#server/security/origin-check';
import { formatEvent, MAX_STREAMS_PER_USER, type EventHub } from '#server/realtime/event-hub';
import type { RateLimits } from '#server/security/rate-limiter';
import type { MessagesService } from './messages.service';

const userIdParams = z.object({ otherUserId: z.uuid() });
/** Sending is limited per user: about 30 a minute. */
export const SEND_LIMIT_PER_MINUTE = 30;

export function messagesRoutes(
  app: AppInstance,
  deps: {
    messages: MessagesService;
    hub: EventHub;
    limits: RateLimits;
    onStreamOpen?: (sid: string) => Promise<void>;
    /** The member closed the last stream of this session here: no longer reading live (sessions.ts markStreamClosed). */
    onStreamClosed?: (sid: string) => Promise<void>;
  },
) {
  const { messages, hub, limits } = deps;
  const sendLimit = limits.limiter('send-message', SEND_LIMIT_PER_MINUTE, 60_000);

  app.get('/api/conversations', { preValidation: signedIn, schema: { response: { 200: z.array(conversationSummary) } } }, async (request) => {
    return messages.conversations(memberOf(request).userId);
  });

  app.get('/api/messages/:otherUserId', { preValidation: signedIn, schema: { params: userIdParams, response: { 200: z.array(message) } } }, async (request) => {
    const { userId } = memberOf(request);
    // Reading a thread marks it read (the spec's GET): a link elsewhere must not change state here.
    refuseCrossSiteRead(request);
    return messages.thread(userId, request.params.otherUserId);
  });

  app.post('/api/messages', { preValidation: signedIn, schema: { body: sendMessageInput, response: { 200: message, 201: message } } }, async (request, reply) => {
    const { userId } = memberOf(request);
    const { receiverId, content, clientId, sendAnyway } = request.body;
    // Counted for every attempt (a refused or held one too), beside the permission read rather than before it.
    const sent = await messages.send(userId, receiverId, content, clientId, sendLimit.hit(userId), sendAnyway === true);
    // 201 for a new message; 200 with the same message when the clientId was already used (a retry).
    return reply.status(sent.created ? 201 : 200).send(sent.message);
  });

  app.get('/api/user/:id/info', { preValidation: signedIn, schema: { params: z.object({ id: z.uuid() }), response: { 200: otherUserInfo } } }, async (request) => {
    return messages.userInfo(memberOf(request).userId, request.params.id);
  });

  // Server-Sent Events: a `message` event for each message sent or received, as soon as it commits.
  app.get(
    '/api/events',
    { preValidation: signedIn, schema: { querystring: z.object({ lastEventId: z.coerce.number().int().min(0).optional() }) } },
    async (request, reply) => {
      const { userId } = memberOf(request);
      if (hub.count(userId) >= MAX_STREAMS_PER_USER) throw tooManyRequests(30, 'too-many-streams');
      const header = Number([request.headers['last-event-id']].flat()[0]);
      // Only an id we could have sent (a whole number within 2^53) counts; anything else is ignored.
      const lastSeen = (Number.isSafeInteger(header) && header > 0 ? header : 0) || request.query.lastEventId || 0;

      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      // Subscribe first, then replay: an event committed in between arrives twice at worst, never zero times.
      // The stream lives as long as this session: it ends at logout, rotation and password reset (event-hub.ts).
      const sid = request.session.sid;
      hub.add(userId, sid ?? '', stream);
      // Any process can now tell this member is reading live, so a new message needs no mail (notifications/message-mail.ts).
      if (sid && deps.onStreamOpen) await deps.onStreamOpen(sid).catch(() => undefined);
      // Closed by the member (the app or tab closed, a page left), not ended by us (logout, shutdown: those browsers
      // come back or are signed out): she is away from now on, not for another minute, unless another tab of this
      // session still streams here. A message that came in the minute before is then told once it has passed.
      stream.on('close', () => {
        if (!sid || stream.writableEnded || hub.hasSession(sid) || !deps.onStreamClosed) return;
        deps.onStreamClosed(sid).catch((error: unknown) => request.log.warn({ error: redactForLog(error) }, 'could not end a stream’s live mark'));
      });
      stream.write('retry: 2000\n: connected\n\n');
      if (lastSeen > 0) {
        try {
          for (const event of await messages.eventsSince(userId, lastSeen)) stream.write(formatEvent(event));
        } catch (error) {
          // The answer has started, so no error body can follow: log (without query parameters) and end the
          // stream; the browser reconnects after `retry` and asks again from the same id.
          request.log.error({ error: redactForLog(error) }, 'event replay failed');
          stream.end();
        }
      }
    },
  );
}
