// The request mix of bench:load, driven by autocannon: each connection acts in turn as the bench users
// it owns (its own slice, so sends are spread over many people and stay mostly under the 30 a minute
// a user may send), each with their own session cookie.
import autocannon from 'autocannon';
import { createRng, DEMO_PASSWORD, type Rng } from '../seed-data';
import { percentile } from './bench-utils';
import type { BenchUser } from './load-setup';
import type { StreamPool } from './load-streams';

export const KINDS = ['matches', 'match', 'conversations', 'thread', 'send', 'user', 'login'] as const;
export type Kind = (typeof KINDS)[number];

/** What each request kind is, for the tables. */
export const KIND_LABELS: Record<Kind, string> = {
  matches: 'GET /api/matches?limit=20',
  match: 'GET /api/match/:id',
  conversations: 'GET /api/conversations',
  thread: 'GET /api/messages/:otherId',
  send: 'POST /api/messages',
  user: 'GET /api/auth/user',
  login: 'POST /api/auth/login',
};

/** The share of each kind in the mix (sums to 1). */
export const MIX: Record<Kind, number> = { matches: 0.3, match: 0.2, conversations: 0.15, thread: 0.15, send: 0.1, user: 0.08, login: 0.02 };

/** 429 is the intended answer of these two when their limiter says so. */
const LIMITED: ReadonlySet<Kind> = new Set<Kind>(['send', 'login']);

export interface KindStats {
  count: number;
  statuses: Map<number, number>;
  latencies: number[];
}

export interface PhaseResult {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  ok2xx: number;
  /** Non-2xx other than the limiters' 429s on sign-in and send. */
  unintended: number;
  login429: number;
  send429: number;
  /** Socket errors and timeouts (autocannon's count, timeouts included). */
  errors: number;
  timeouts: number;
  byKind: Map<Kind, KindStats>;
}

export interface WindowSample {
  elapsedSeconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  unintended: number;
  errors: number;
}

export interface PhaseOptions {
  url: string;
  users: readonly BenchUser[];
  connections: number;
  seconds: number;
  streams: StreamPool;
  seed: number;
  /** Called every `sampleSeconds` with the figures of that window. */
  onSample?: (sample: WindowSample) => void;
  sampleSeconds?: number;
}

interface ClientState {
  users: BenchUser[];
  turn: number;
  rng: Rng;
  kind: Kind;
  receiver: string;
}

const CUMULATIVE = (() => {
  let sum = 0;
  return KINDS.map((kind) => [kind, (sum += MIX[kind])] as const);
})();

function pickKind(rng: Rng): Kind {
  const r = rng.next();
  for (const [kind, upTo] of CUMULATIVE) if (r < upTo) return kind;
  return 'matches';
}

const MESSAGES = ['Hare Krishna! How was the kirtan on Sunday?', 'Would you like to talk on the phone this week?', 'I loved your answer about service.', 'Do you cook for the temple feast too?'];

function buildRequest(request: autocannon.Request, state: ClientState, origin: string): autocannon.Request {
  const user = state.users[state.turn++ % state.users.length]!;
  let kind = pickKind(state.rng);
  if ((kind === 'thread' || kind === 'send') && user.partners.length === 0) kind = 'conversations';
  if (kind === 'match' && user.candidateProfiles.length === 0) kind = 'matches';
  state.kind = kind;
  const get = (path: string) => {
    request.method = 'GET';
    request.path = path;
    request.body = undefined;
    request.headers = { cookie: user.cookie, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  };
  const post = (path: string, body: unknown, cookie?: string) => {
    request.method = 'POST';
    request.path = path;
    request.body = JSON.stringify(body);
    request.headers = {
      ...(cookie ? { cookie } : {}),
      accept: 'application/json',
      'content-type': 'application/json',
      origin,
      'sec-fetch-site': 'same-origin',
    };
  };
  switch (kind) {
    case 'matches':
      get(`/api/matches?limit=20${state.rng.next() < 0.2 ? '&offset=20' : ''}`);
      break;
    case 'match':
      get(`/api/match/${state.rng.pick(user.candidateProfiles)}`);
      break;
    case 'conversations':
      get('/api/conversations');
      break;
    case 'thread':
      get(`/api/messages/${state.rng.pick(user.partners)}`);
      break;
    case 'send':
      state.receiver = state.rng.pick(user.partners);
      post('/api/messages', { receiverId: state.receiver, content: state.rng.pick(MESSAGES) }, user.cookie);
      break;
    case 'user':
      get('/api/auth/user');
      break;
    case 'login':
      // As a browser signing in: no session cookie yet.
      post('/api/auth/login', { email: user.email, password: DEMO_PASSWORD });
      break;
  }
  return request;
}

const sorted = (values: number[]) => Float64Array.from(values).sort();

/** p50/p99 of latencies, sorting a copy as floats (faster than Array#sort with a comparator). */
export function latencySummary(values: number[]): { p50: number; p99: number; max: number } {
  const s = sorted(values) as unknown as number[];
  return { p50: percentile(s, 50), p99: percentile(s, 99), max: s.length > 0 ? s[s.length - 1]! : Number.NaN };
}

/** One autocannon run of the mix at `connections` for `seconds`. */
export function runPhase(options: PhaseOptions): Promise<PhaseResult> {
  const { connections, users, streams } = options;
  const origin = options.url;
  const byKind = new Map<Kind, KindStats>(KINDS.map((kind) => [kind, { count: 0, statuses: new Map(), latencies: [] }]));
  const all: number[] = [];
  const states = new WeakMap<object, ClientState>();
  let clientNumber = 0;
  let windowLatencies: number[] = [];
  let windowUnintended = 0;
  let unintended = 0;
  let ok2xx = 0;
  let login429 = 0;
  let send429 = 0;
  let errorsSoFar = 0;

  const setupClient = (client: autocannon.Client) => {
    const i = clientNumber++;
    const mine = connections <= users.length ? users.filter((_, j) => j % connections === i) : [users[i % users.length]!];
    const state: ClientState = { users: mine, turn: 0, rng: createRng(options.seed * 7919 + i), kind: 'matches', receiver: '' };
    states.set(client, state);
    client.setRequests([
      {
        setupRequest: (request) => buildRequest(request, state, origin),
        onResponse: (status, body) => {
          if (state.kind === 'send' && status === 201) {
            try {
              const sent = JSON.parse(body) as { id: string; receiverId: string };
              streams.trackSent(sent.id, sent.receiverId);
            } catch (error) {
              process.stderr.write(`onResponse failed: ${String(error)} body=${JSON.stringify(body).slice(0, 200)}\n`);
            }
          }
        },
      },
    ]);
  };

  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    let sampleTimer: NodeJS.Timeout | undefined;
    const instance = autocannon(
      // BENCH_TIMEOUT (seconds) lengthens autocannon's per-request timeout; BENCH_DEBUG prints each request error.
      { url: options.url, connections, duration: options.seconds, timeout: Number(process.env.BENCH_TIMEOUT ?? 10), setupClient },
      (error, result) => {
        clearInterval(sampleTimer);
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        const seconds = (performance.now() - startedAt) / 1000;
        const { p50, p99, max } = latencySummary(all);
        resolve({
          connections,
          seconds,
          requests: all.length,
          rps: all.length / seconds,
          p50,
          p99,
          max,
          ok2xx,
          unintended,
          login429,
          send429,
          errors: result.errors,
          timeouts: result.timeouts,
          byKind,
        });
      },
    );
    instance.on('response', (client, status, _bytes, responseTime) => {
      const state = states.get(client);
      if (!state) return;
      const stats = byKind.get(state.kind)!;
      stats.count += 1;
      stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
      stats.latencies.push(responseTime);
      all.push(responseTime);
      windowLatencies.push(responseTime);
      if (status >= 200 && status < 300) ok2xx += 1;
      else if (status === 429 && LIMITED.has(state.kind)) {
        if (state.kind === 'login') login429 += 1;
        else send429 += 1;
      } else {
        unintended += 1;
        windowUnintended += 1;
      }
    });
    instance.on('reqError', (error: unknown) => {
      errorsSoFar += 1;
      if (process.env.BENCH_DEBUG) process.stderr.write(`reqError ${String(error)}\n`);
    });
    if (options.onSample && options.sampleSeconds) {
      const every = options.sampleSeconds;
      let windowErrors = 0;
      sampleTimer = setInterval(() => {
        const { p50, p99 } = latencySummary(windowLatencies);
        options.onSample!({
          elapsedSeconds: (performance.now() - startedAt) / 1000,
          requests: windowLatencies.length,
          rps: windowLatencies.length / every,
          p50,
          p99,
          unintended: windowUnintended,
          errors: errorsSoFar - windowErrors,
        });
        windowErrors = errorsSoFar;
        windowLatencies = [];
        windowUnintended = 0;
      }, every * 1000);
    }
  });
}
