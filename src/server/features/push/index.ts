/**
 * Web Push: push.routes.ts (/api/push/public-key, /api/push/subscriptions), push.service.ts (a member's devices and
 * the pushes sent to them), push-sender.ts, push-texts.ts (the words, in English and Spanish), endpoint-check.ts
 * (which endpoints the server may POST to: docs/security.md, "Push endpoints").
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { EndpointPolicy } from './endpoint-check';
export { PushSender } from './push-sender';
export { PushService } from './push.service';
export { pushRoutes } from './push.routes';
