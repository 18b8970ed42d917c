import type { Db } from '#server/db/client';
import { type JobKind, type JobPayload, type OutboxWorker } from '#server/jobs/outbox';
import type { Mailer } from '#server/mail/mailer';
import { signUnsubscribe, type UnsubscribeTopic } from './unsubscribe-token';
import type { PushService } from '../push';

/** What a notification's handler may use when the worker runs its job. */
export interface NotificationContext {
  db: Db;
  mailer: Mailer;
  publicUrl: () => string;
  /** Signs the one-click unsubscribe links (the session secret). */
  secret: string;
  /** The clock (tests inject one). */
  now: () => Date;
  /** Web Push to the member's devices, tried before a member's mail (features/push); absent, mail only. */
  push?: PushService;
  /** Whether this person has an event stream open on this process (known without asking the database). */
  streamOpenHere?: (userId: string) => boolean;
}

/**
 * One kind of notification mail (docs/architecture.md, "Notifications"): the outbox job that carries it (kind and
 * zod payload schema, so what is enqueued and what is handled are the same shape) and the handler that re-reads
 * the recipient's preference and language, renders and sends. Each lives in its own file beside its enqueue
 * function; `mailNotifications` (index.ts) lists them all, the way `deletionSteps` lists what a deletion removes.
 */
export interface MailNotification {
  kind: string;
  register(worker: OutboxWorker, context: NotificationContext): void;
}

export function defineMailNotification<P extends JobPayload>(
  job: JobKind<P>,
  handle: (context: NotificationContext, payload: P) => Promise<void>,
): MailNotification {
  return { kind: job.kind, register: (worker, context) => worker.handleJob(job, (payload) => handle(context, payload)) };
}

/** The one-click unsubscribe link of a notification mail (RFC 8058; account.routes.ts answers it). */
export const unsubscribeUrl = (context: NotificationContext, userId: string, topic: UnsubscribeTopic) =>
  `${context.publicUrl()}/api/unsubscribe?token=${signUnsubscribe(context.secret, userId, topic)}`;
