// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { EndpointPolicy } from './endpoint-check';
export { PushSender } from './push-sender';
export { PushService } from './push.service';
export { pushRoutes } from './push.routes';
