import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { introductionStatuses } from '#domain/introductions/introductions';
import type { Database, Db, ListenEvents } from '#server/db/client';

/*
 * Every PostgreSQL NOTIFY channel between server processes, in one table: its name on the wire and its payload's
 * schema. Features emit with notify(tx, channel, payload) inside their transaction (delivered at commit, to every
 * process, the sender's own included); the subscribers (the match index, the event hub, the session cache, the
 * outbox worker) listen(database, channel, handler) and get the payload parsed, a malformed one dropped.
 *
 * A new channel: one entry here (name, payload, and encode/decode only when the wire is not JSON), then notify and
 * listen by its key. A payload holds at most 8000 bytes (PostgreSQL's limit): send ids, never contents.
 */

interface Channel<T> {
  /** The PostgreSQL channel name (kept as it was: processes of two versions may share a database during a deploy). */
  name: string;
  payload: z.ZodType<T>;
  /** The wire text of a payload; JSON unless said otherwise. */
  encode?: (payload: T) => string;
  decode?: (text: string) => unknown;
}

const channel = <T>(spec: Channel<T>): Channel<T> => spec;
const sessionIds = z.object({ sids: z.array(z.string()) });

export const channels = {
  /** A job was written to the outbox (the payload is its kind): wakes every worker (jobs/outbox.ts). */
  jobs: channel({ name: 'sanga_jobs', payload: z.string(), encode: (kind) => kind, decode: (text) => text }),
  /** A profile was written, or its person changed (suspension, reports): every match index re-reads it. */
  profiles: channel({ name: 'sanga_profiles', payload: z.string(), encode: (profileId) => profileId, decode: (text) => text }),
  /** A block or unblock (or a report, which acts as one for matching): every match index re-reads the pair. */
  blocks: channel({
    name: 'sanga_blocks',
    payload: z.object({ blockerId: z.string(), blockedId: z.string() }),
    encode: ({ blockerId, blockedId }) => `${blockerId} ${blockedId}`,
    decode: (text) => {
      const [blockerId, blockedId] = text.split(' ');
      return { blockerId, blockedId };
    },
  }),
  /** Sessions that ended (logout, rotation, password reset): every session cache forgets them, the hub ends their streams. */
  sessionsEnded: channel({ name: 'sanga_sessions_ended', payload: sessionIds }),
  /** Sessions whose data changed (e.g. leaving the admin session): every session cache forgets them. */
  sessionsChanged: channel({ name: 'sanga_sessions_changed', payload: sessionIds }),
  /** A committed message (sent from SQL, in the insert's RETURNING: messages.service.ts insertMessage). */
  messages: channel({
    name: 'sanga_messages',
    payload: z.object({ seq: z.number(), id: z.string(), senderId: z.string(), receiverId: z.string(), createdAt: z.string() }),
  }),
  /** An introduction changed: a nudge to the members' streams to refetch. */
  introductions: channel({
    name: 'sanga_introductions',
    payload: z.object({ id: z.string(), status: z.enum(introductionStatuses), userIds: z.array(z.string()) }),
  }),
  /**
   * Who may read a member's conversations changed (a guardian accepted, reading switched on or off): a nudge to
   * these users' streams to fetch the "a family member can read" line again. Sent in groups of at most
   * CHAPERONE_NOTICE_IDS ids, within NOTIFY's 8000 bytes.
   */
  chaperones: channel({ name: 'sanga_chaperones', payload: z.object({ userIds: z.array(z.string()) }) }),
};

/** The user ids one chaperones notice carries (a uuid is 36 characters, 39 in JSON: 150 of them fit 8000 bytes). */
export const CHAPERONE_NOTICE_IDS = 150;

export type ChannelKey = keyof typeof channels;
export type Payload<K extends ChannelKey> = z.infer<(typeof channels)[K]['payload']>;
/** The same table, typed so that a generic key finds its own payload's channel. */
const table: { [K in ChannelKey]: Channel<Payload<K>> } = channels;

function encode<K extends ChannelKey>(key: K, payload: Payload<K>): string {
  const spec = table[key];
  return spec.encode ? spec.encode(payload) : JSON.stringify(payload);
}

/** The payload of a notification's text, or undefined when it is not one (a stray or malformed NOTIFY). */
export function decode<K extends ChannelKey>(key: K, text: string): Payload<K> | undefined {
  const spec = table[key];
  let raw: unknown;
  try {
    raw = spec.decode ? spec.decode(text) : JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = spec.payload.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** Sends `payload` on `key`'s channel; inside a transaction it is delivered when (and only if) that commits. */
export async function notify<K extends ChannelKey>(tx: Db, key: K, payload: Payload<K>): Promise<void> {
  await tx.execute(sql`select pg_notify(${channels[key].name}, ${encode(key, payload)})`);
}

/** The SQL `pg_notify(channel, text)` for a payload computed in a statement of its own (see messages and profiles). */
export function notifySql(key: ChannelKey, text: SQL): SQL {
  return sql`pg_notify(${channels[key].name}, ${text})`;
}

/**
 * A marker's text on any channel. No payload starts with it (ids, "id id" pairs and JSON do not), so a listener
 * tells a marker from a change; a process of an older version drops it as a malformed payload.
 */
const MARKER_PREFIX = 'marker:';

/**
 * Sends a marker on each of `keys`' channels, in one statement committed now. A listener receives it after every
 * notification committed before it (PostgreSQL delivers a connection's notifications in commit order), so when the
 * marker arrives, all earlier changes have arrived too (see the match index's `caughtUp`).
 */
export async function notifyMarker(db: Db, keys: readonly ChannelKey[], token: string): Promise<void> {
  const text = `${MARKER_PREFIX}${token}`;
  await db.execute(sql`select ${sql.join(keys.map((key) => notifySql(key, sql`${text}`)), sql`, `)}`);
}

export interface ListenOptions extends ListenEvents {
  /** A marker sent with `notifyMarker` arrived on this channel. */
  onMarker?: (token: string) => void;
}

/** Calls `handler` with each payload sent on `key`'s channel by any process; answers the function that stops. */
export function listen<K extends ChannelKey>(
  database: Pick<Database, 'listen'>,
  key: K,
  handler: (payload: Payload<K>) => void,
  options: ListenOptions = {},
): Promise<() => Promise<void>> {
  const { onMarker, ...events } = options;
  return database.listen(
    channels[key].name,
    (text) => {
      if (text.startsWith(MARKER_PREFIX)) {
        onMarker?.(text.slice(MARKER_PREFIX.length));
        return;
      }
      const payload = decode(key, text);
      if (payload !== undefined) handler(payload);
    },
    events,
  );
}
