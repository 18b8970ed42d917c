/**
 * Messages: sending (who may: domain/access.ts can.write), threads, the conversations list, /api/user/:id/info, and
 * the live stream /api/events (realtime/event-hub.ts). The `conversations` table (last message and unread count per
 * person and partner) is kept in the same transaction as each send and thread read, so the list does not read
 * history. messages.service.ts (insertMessage), messages.routes.ts.
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { insertMessage, MessagesService } from './messages.service';
export { messagesRoutes } from './messages.routes';
