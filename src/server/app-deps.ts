import type { FastifyServerOptions, RouteOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import { HEARTBEAT_MS } from './realtime/event-hub';
import type { ObjectStore } from './storage/object-store';

/** What buildApp is given: the configuration, the database, and what tests replace. */
export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to SMTP when configured, else the log. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to files under DATA_DIR/objects. */
  objectStore?: ObjectStore;
  /** Told of every route as it is registered: the permission and hostile-input tests walk them all. */
  onRoute?: (route: RouteOptions) => void;
  /** Tests shorten these to see them act; production uses the defaults below. */
  timeouts?: Partial<Timeouts>;
  /** Upload tickets and PUTs per user per hour (default 40); the hostile-input test, which makes a ticket per case, raises it. */
  uploadsPerHour?: number;
  /** Stored photos on no profile a user may hold (default MAX_UNUSED_UPLOADS); tests that upload much lift it. */
  maxUnusedUploads?: number;
  /** The clock of introduction deadlines and check-ins; tests move it forward instead of sleeping. */
  now?: () => Date;
  /**
   * Whether this app's outbox worker takes jobs by itself (default true). API tests that open several apps on one
   * database turn it off and run jobs with `app.outbox.drain()`, so the mail goes through the mailer they chose.
   */
  outboxAutoRun?: boolean;
}

export interface Timeouts {
  /** The whole request (headers and body) must arrive within this; a trickled body is cut off. */
  requestMs: number;
  /** A socket silent this long is closed (the event stream's heartbeat keeps it busy). */
  idleMs: number;
  /** Event-stream heartbeat, which also re-checks each stream's session. */
  heartbeatMs: number;
}

/**
 * 60 s for a whole request: a 10 MB photo needs about 1.4 Mbit/s to make it, and a body trickled a byte at a
 * time no longer holds a socket for minutes. 30 s of silence ends a socket; the event stream writes a heartbeat
 * every 25 s, so it outlives both (a request timeout counts only until the request has arrived).
 */
export const DEFAULT_TIMEOUTS: Timeouts = { requestMs: 60_000, idleMs: 30_000, heartbeatMs: HEARTBEAT_MS };
