import { z } from 'zod';
import { pushDevice, pushPublicKey, pushSubscriptionInput, pushUnsubscribeInput } from '#domain/messaging/push';
import type { AppInstance } from '#server/app-types';
import { memberOf, signedIn } from '#server/http/guards';
import type { RateLimits } from '#server/security/rate-limiter';
import type { PushService } from './push.service';

const ONE_HOUR = 60 * 60 * 1000;

/** Web Push: the server's public key, and the member's subscribed devices (features/push). */
export function pushRoutes(app: AppInstance, deps: { push: PushService; limits: RateLimits }) {
  const { push, limits } = deps;
  // Each subscribe resolves a host name: bounded, so an account cannot make the server look up names without end.
  const subscribes = limits.limiter('push-subscribes', 30, ONE_HOUR);

  // Public: the browser needs it before it can subscribe, and it is public by nature (RFC 8292).
  app.get('/api/push/public-key', { schema: { response: { 200: pushPublicKey } } }, async () => ({ publicKey: push.publicKey }));

  app.get('/api/push/subscriptions', { preValidation: signedIn, schema: { response: { 200: z.array(pushDevice) } } }, async (request) => push.list(memberOf(request).userId));

  app.post('/api/push/subscriptions', { preValidation: signedIn, schema: { body: pushSubscriptionInput, response: { 201: pushDevice } } }, async (request, reply) => {
    const { userId } = memberOf(request);
    await subscribes.hit(userId);
    const device = await push.subscribe(userId, request.body, request.headers['user-agent'] ?? null);
    return reply.status(201).send(device);
  });

  app.delete('/api/push/subscriptions', { preValidation: signedIn, schema: { body: pushUnsubscribeInput } }, async (request, reply) => {
    await push.unsubscribe(memberOf(request).userId, request.body.endpoint);
    return reply.status(204).send();
  });

  app.delete('/api/push/subscriptions/:id', { preValidation: signedIn, schema: { params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    await push.remove(memberOf(request).userId, request.params.id);
    return reply.status(204).send();
  });
}
