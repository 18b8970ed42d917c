import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { directMessagePolicies, type DirectMessagePolicy } from '#domain/access';
import { DEFAULT_CONTACT_EMAIL, SAMPLE_TESTIMONIALS, type SiteInfo } from '#domain/site/site-info';

/** One proxy address or CIDR range, e.g. `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset trusts nobody (request.ip is the socket's peer); a whole number trusts that many proxy hops
 * (1 = the right-most X-Forwarded-For entry, written by our own proxy); a comma list trusts those proxy addresses.
 */
const trustProxySchema = z
  .string()
  .transform((value, context): number | string[] => {
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return hops;
      context.addIssue({ code: 'custom', message: 'a hop count must be from 1 to 10' });
      return z.NEVER;
    }
    const list = value.split(',').map((part) => part.trim()).filter(Boolean);
    const bad = list.filter((part) => !isAddressOrCidr(part));
    if (list.length === 0 || bad.length > 0) {
      context.addIssue({ code: 'custom', message: `must be a hop count or a comma list of proxy addresses or CIDR ranges (bad: ${bad.join(', ') || 'empty'})` });
      return z.NEVER;
    }
    return list;
  })
  .optional();

/** The environment the server reads, parsed once at start. Nothing else reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Test-only: the durability test's self-test runs a server that never flushes its WAL (read only with NODE_ENV=test). */
  SANGA_TEST_NO_WAL_FLUSH: z.enum(['1']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUDIT_HASH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url('must be an absolute URL such as https://sanga.example.org').optional(),
  TRUST_PROXY: trustProxySchema,
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Sanga <no-reply@sanga.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url('must be an absolute URL such as https://s3.example.com').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  BACKUP_EVERY: z
    .string()
    .regex(/^[1-9]\d*[mhd]$/, 'must be a number and a unit, m, h or d, such as 6h or 1d')
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  MINISTRY_URL: z.url('must be an absolute URL such as https://ministry.example.org').optional(),
  MINISTRY_NAME: z.string().min(1).max(120).optional(),
  CONTACT_EMAIL: z.email('must be an email address').default(DEFAULT_CONTACT_EMAIL),
  DONATION_URL: z.url('must be an absolute URL such as https://ministry.example.org/donate').optional(),
  SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  MAILS_PER_RECIPIENT_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
  MAX_OPEN_INTRODUCTIONS: z.coerce.number().int().min(1).max(20).default(3),
  ELDER_APPROVALS: z.coerce.number().int().min(0).max(10).default(0),
  INTRODUCTION_RESPONSE_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  DIRECT_MESSAGES: z.enum(directMessagePolicies).default('open'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  REQUIRE_VERIFIED_EMAIL: z.enum(['true', 'false']).default('false'),
  OUTBOX_LOCK_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  OUTBOX_WORKER: z.enum(['on', 'off']).default('on'),
  MAIL_ALARM_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** Web Push keys (RFC 8292), base64url as `npx web-push generate-vapid-keys` prints them; unset, made once in DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key, base64url (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (43 characters)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL').optional(),
  /** Origins a push endpoint may have although they are not public https hosts (tests, a private push service). */
  PUSH_ENDPOINT_ALLOW: z
    .string()
    .transform((value, context): string[] => {
      const origins: string[] = [];
      for (const part of value.split(',').map((item) => item.trim()).filter(Boolean)) {
        try {
          const url = new URL(part);
          if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== part.replace(/\/$/, '')) throw new Error('not an origin');
          origins.push(url.origin);
        } catch {
          context.addIssue({ code: 'custom', message: `must be a comma list of origins such as https://push.example.org:8443 (bad: ${part})` });
          return z.NEVER;
        }
      }
      return origins;
    })
    .optional(),
});

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** '6h' → milliseconds (the schema has checked the shape). */
export function intervalMs(value: string): number {
  return Number(value.slice(0, -1)) * UNIT_MS[value.at(-1) as keyof typeof UNIT_MS];
}

export type Env = z.infer<typeof envSchema>;

/** The bucket S3_* names (storage/s3-store.ts keeps photos in it); here, since config sits below storage. */
export interface S3StoreConfig {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface Config {
  env: Env['NODE_ENV'];
  /** Embedded database: every write answers only after its WAL flush. False only in the durability self-test. */
  embeddedWalFlush: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  /**
   * The key of the audit log's hashes of deleted members (AUDIT_HASH_SECRET); unset, a key made once is kept in
   * the database, shared by every process on it (features/accounts/audit-hash.ts).
   */
  auditHashSecret?: string;
  publicUrl: string | undefined;
  /** Cookies get the Secure flag (and the __Host- name prefix) when the public address is https. */
  secureCookies: boolean;
  /**
   * Whose X-Forwarded-* headers count: false = nobody's (the socket's peer is the client), a hop count, or
   * proxy addresses. Independent of publicUrl: a public address does not prove a proxy that strips the header.
   */
  trustProxy: false | number | string[];
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  /** One log line per request (http/request-log.ts): only when the environment sets LOG_LEVEL, i.e. asks for it. */
  logRequests: boolean;
  webDistDir: string;
  /** Photos in an S3-compatible bucket instead of DATA_DIR/objects. */
  s3: S3StoreConfig | undefined;
  /** Scheduled snapshots of the embedded database and photos into DATA_DIR/backups; undefined = off. */
  backups: { everyMs: number; keep: number } | undefined;
  /** How many snapshots DATA_DIR/backups keeps, scheduled ones and those `npm run backup` asks for (BACKUP_KEEP). */
  backupKeep: number;
  /** Snapshots older than this many days are deleted (BACKUP_MAX_AGE_DAYS): they hold deleted members' data. */
  backupMaxAgeDays: number;
  /** The footer's ministry link and contact address, injected into index.html (domain/site/site-info.ts). */
  site: SiteInfo;
  /** Sign-ups one address may make in an hour (SIGNUPS_PER_IP_PER_HOUR): a gathering on one wifi may need more. */
  signupsPerIpPerHour: number;
  /** Mails one address that is not a member's own verified one may receive a day (mail/recipient-cap.ts). */
  mailsPerRecipientPerDay: number;
  /** Human-led introductions. */
  introductions: IntroductionConfig;
  /** Who members may write to (domain/access.ts). */
  directMessages: DirectMessagePolicy;
  /** A bearer token that opens GET /metrics to a scraper that is not on the loopback address. */
  metricsToken: string | undefined;
  /** Activating a profile needs a verified email (off by default: the spec's flow has no verification step). */
  requireVerifiedEmail: boolean;
  /** How long a process holds a background job before another may take it (after a crash): OUTBOX_LOCK_SECONDS. */
  outboxLockMs: number;
  /** Whether this process sends the outbox's jobs (OUTBOX_WORKER); `off` only enqueues, another process sends. */
  outboxWorker: boolean;
  /** Mails one process may send in a clock hour before it warns and counts an alarm (MAIL_ALARM_PER_HOUR). */
  mailAlarmPerHour: number;
  /** The Web Push (VAPID) keys and contact: from the environment, else made once and kept in DATA_DIR/vapid-keys.json. */
  vapid: VapidKeys;
  /** Origins a push endpoint may have beyond public https hosts (PUSH_ENDPOINT_ALLOW). */
  pushEndpointAllow: string[];
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact about our pushes: a mailto: or https: URL. */
  subject: string;
}

export interface IntroductionConfig {
  /** Open introductions a member may have at once unless they court one-to-one (then one). */
  maxOpen: number;
  /** Elder approvals a new introduction needs before the members hear of it; 0 = no panel. */
  elderApprovals: number;
  /** Days the person asked has to answer before the introduction expires. */
  responseDays: number;
}

/**
 * The site information of an environment: the defaults the admin's site content replaces, with the
 * spec's sample testimonials; also used by the Vite dev server (vite.config.ts).
 */
export function siteInfoOf(env: Pick<Env, 'MINISTRY_URL' | 'MINISTRY_NAME' | 'CONTACT_EMAIL' | 'DONATION_URL' | 'ELDER_APPROVALS' | 'DIRECT_MESSAGES'>): SiteInfo {
  return {
    ministryUrl: env.MINISTRY_URL ?? null,
    ministryName: env.MINISTRY_NAME ?? null,
    ministryLine: null,
    contactEmail: env.CONTACT_EMAIL,
    donationUrl: env.DONATION_URL ?? null,
    testimonials: SAMPLE_TESTIMONIALS,
    sampleTestimonials: true,
    eldersApprove: env.ELDER_APPROVALS > 0,
    directMessages: env.DIRECT_MESSAGES,
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** Treat empty strings as unset, as shells and .env files often leave them. */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(withoutEmpty(source));
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return result.data;
}

/** A secret generated once and kept in DATA_DIR so sessions survive restarts. */
function loadOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The Web Push key pair, made once and kept in DATA_DIR like the session secret: a new pair would orphan every
 * device's subscription (push services refuse a key other than the one the subscription was made with).
 */
function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
      if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    } catch {
      // Unreadable: made again below (devices subscribe again when they next open the app).
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { publicKey: ecdh.getPublicKey('base64url'), privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()]).subarray(-32).toString('base64url') };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

function vapidKeys(env: Env, dataDir: string): VapidKeys {
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither']);
  }
  const pair =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : loadOrCreateVapidKeys(dataDir);
  const subject = env.VAPID_SUBJECT ?? (env.PUBLIC_URL?.startsWith('https://') ? new URL(env.PUBLIC_URL).origin : `mailto:${env.CONTACT_EMAIL}`);
  return { ...pair, subject };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    embeddedWalFlush: !(env.NODE_ENV === 'test' && env.SANGA_TEST_NO_WAL_FLUSH === '1'),
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    sessionSecret: env.SESSION_SECRET ?? loadOrCreateSessionSecret(dataDir),
    auditHashSecret: env.AUDIT_HASH_SECRET,
    publicUrl: env.PUBLIC_URL,
    secureCookies: env.PUBLIC_URL?.startsWith('https://') ?? false,
    trustProxy: env.TRUST_PROXY ?? false,
    adminPassword: env.ADMIN_PASSWORD,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    logRequests: Boolean(source.LOG_LEVEL),
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    site: siteInfoOf(env),
    signupsPerIpPerHour: env.SIGNUPS_PER_IP_PER_HOUR,
    mailsPerRecipientPerDay: env.MAILS_PER_RECIPIENT_PER_DAY,
    introductions: { maxOpen: env.MAX_OPEN_INTRODUCTIONS, elderApprovals: env.ELDER_APPROVALS, responseDays: env.INTRODUCTION_RESPONSE_DAYS },
    directMessages: env.DIRECT_MESSAGES,
    requireVerifiedEmail: env.REQUIRE_VERIFIED_EMAIL === 'true',
    outboxLockMs: env.OUTBOX_LOCK_SECONDS * 1000,
    outboxWorker: env.OUTBOX_WORKER === 'on',
    mailAlarmPerHour: env.MAIL_ALARM_PER_HOUR,
    vapid: vapidKeys(env, dataDir),
    pushEndpointAllow: env.PUSH_ENDPOINT_ALLOW ?? [],
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    backups: env.BACKUP_EVERY ? { everyMs: intervalMs(env.BACKUP_EVERY), keep: env.BACKUP_KEEP } : undefined,
    backupKeep: env.BACKUP_KEEP,
    backupMaxAgeDays: env.BACKUP_MAX_AGE_DAYS,
    metricsToken: env.METRICS_TOKEN,
  };
}

const isPrivateOrLoopback = (address: string): boolean => {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  const lower = address.toLowerCase();
  return lower === '::1' || lower === 'localhost' || /^f[cd][0-9a-f]{2}:/.test(lower);
};

/**
 * A hop count in TRUST_PROXY believes whatever X-Forwarded-For says its last hop wrote, so the port must be
 * reachable only through that proxy. Listening on a public or every address (0.0.0.0, ::) lets anyone
 * who reaches the port directly choose their address for every per-IP limit: the start-up log says so.
 */
export function trustProxyWarning(config: Pick<Config, 'trustProxy' | 'host'>): string | null {
  if (typeof config.trustProxy !== 'number' || isPrivateOrLoopback(config.host)) return null;
  return `TRUST_PROXY is a hop count but HOST (${config.host}) is not a loopback or private address: anyone who reaches the port directly can set their client address with X-Forwarded-For. Listen on the proxy's side only (e.g. HOST=127.0.0.1), or name the proxy's addresses in TRUST_PROXY.`;
}
