import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webPush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv, trustProxyWarning } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sanga-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 5000, DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reports one line per bad key', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url', LOG_LEVEL: 'loud', SESSION_SECRET: 'short' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((line) => line.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT', 'PUBLIC_URL', 'SESSION_SECRET']);
    expect((error as ConfigError).message.split('\n')).toHaveLength(6);
  });

  it('reads the footer details (MINISTRY_URL, MINISTRY_NAME, CONTACT_EMAIL): no ministry link and the default address unless set', () => {
    const dir = tempDir();
    const base = { DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).site).toMatchObject({ ministryUrl: null, ministryName: null, contactEmail: 'hello@sanga.community', donationUrl: null, sampleTestimonials: true, eldersApprove: false });
    const env = { ...base, MINISTRY_URL: 'https://iskcon.example.org', MINISTRY_NAME: 'ISKCON Toronto', CONTACT_EMAIL: 'care@example.org', DONATION_URL: 'https://iskcon.example.org/give', ELDER_APPROVALS: '1' };
    expect(loadConfig(env).site).toMatchObject({
      ministryUrl: 'https://iskcon.example.org',
      ministryName: 'ISKCON Toronto',
      contactEmail: 'care@example.org',
      donationUrl: 'https://iskcon.example.org/give',
      eldersApprove: true,
    });
    expect(() => parseEnv({ DONATION_URL: 'not a url' })).toThrow(/DONATION_URL/);
    expect(() => parseEnv({ MINISTRY_URL: 'not a url' })).toThrow(/MINISTRY_URL/);
    expect(() => parseEnv({ CONTACT_EMAIL: 'nobody' })).toThrow(/CONTACT_EMAIL/);
  });

  it('reads scheduled backups (BACKUP_EVERY, BACKUP_KEEP), off by default, and refuses a bad interval', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32) }).backups).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32), BACKUP_EVERY: '6h' }).backups).toEqual({ everyMs: 6 * 3_600_000, keep: 7 });
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32), BACKUP_EVERY: '1d', BACKUP_KEEP: '3' }).backups).toEqual({ everyMs: 86_400_000, keep: 3 });
    // `npm run backup` snapshots are kept as many as scheduled ones, with or without a schedule.
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32) }).backupKeep).toBe(7);
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32), BACKUP_KEEP: '3' }).backupKeep).toBe(3);
    expect(() => parseEnv({ BACKUP_EVERY: 'daily' })).toThrow(/BACKUP_EVERY: must be a number and a unit/);
    expect(() => parseEnv({ BACKUP_EVERY: '1h', BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('treats empty values as unset', () => {
    const env = parseEnv({ DATABASE_URL: '', PORT: '' });
    expect(env.PORT).toBe(5000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(first.sessionSecret);
  });

  it('uses SESSION_SECRET when given, and Secure cookies only for an https PUBLIC_URL', () => {
    const dataDir = tempDir();
    const secret = 's'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://sanga.example.org' }).secureCookies).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:5000' }).secureCookies).toBe(false);
  });
});

describe('Web Push keys and endpoints', () => {
  it('makes a VAPID key pair once and keeps it in DATA_DIR (mode 600), usable by web-push', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.vapid).toEqual(first.vapid);
    expect(first.vapid.publicKey).toMatch(/^[\w-]{87}$/);
    expect(first.vapid.privateKey).toMatch(/^[\w-]{43}$/);
    expect(first.vapid.subject).toBe('mailto:hello@sanga.community');
    const file = path.join(dataDir, 'vapid-keys.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: first.vapid.publicKey, privateKey: first.vapid.privateKey });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The library accepts the pair (it checks lengths and the subject).
    expect(() => webPush.getVapidHeaders('https://fcm.googleapis.com', first.vapid.subject, first.vapid.publicKey, first.vapid.privateKey, 'aes128gcm')).not.toThrow();
  });

  it('takes the pair and subject from the environment, both keys or neither; the subject defaults to an https PUBLIC_URL', () => {
    const dataDir = tempDir();
    const pair = webPush.generateVAPIDKeys();
    const config = loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'mailto:ops@example.org' });
    expect(config.vapid).toEqual({ ...pair, subject: 'mailto:ops@example.org' });
    expect(existsSync(path.join(dataDir, 'vapid-keys.json'))).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_SUBJECT: 'ops@example.org' })).toThrow(ConfigError);
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://sanga.example.org/' }).vapid.subject).toBe('https://sanga.example.org');
  });

  it('reads PUSH_ENDPOINT_ALLOW as a list of origins and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).pushEndpointAllow).toEqual([]);
    expect(loadConfig({ DATA_DIR: tempDir(), PUSH_ENDPOINT_ALLOW: 'https://push.example.org:8443, http://127.0.0.1:9000' }).pushEndpointAllow).toEqual([
      'https://push.example.org:8443',
      'http://127.0.0.1:9000',
    ]);
    for (const bad of ['push.example.org', 'https://push.example.org/path', 'ftp://push.example.org']) {
      expect(() => parseEnv({ PUSH_ENDPOINT_ALLOW: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe('MAIL_ALARM_PER_HOUR', () => {
  it('defaults to 500 and takes a whole number', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).mailAlarmPerHour).toBe(500);
    expect(loadConfig({ DATA_DIR: tempDir(), MAIL_ALARM_PER_HOUR: '50' }).mailAlarmPerHour).toBe(50);
    expect(() => parseEnv({ MAIL_ALARM_PER_HOUR: '0' })).toThrow(/MAIL_ALARM_PER_HOUR/);
  });
});

describe('TRUST_PROXY', () => {
  it('unset trusts nobody, also when PUBLIC_URL is set', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://sanga.example.org' }).trustProxy).toBe(false);
  });

  it('a hop count or a comma list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
  });

  it.each(['yes', 'true', '0', '11', '10.0.0.0/33', '10.0.0.1,example.com', ','])('refuses %j with a line naming TRUST_PROXY', (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  // A hop count believes X-Forwarded-For from anyone who reaches the port.
  it('a hop count with HOST on every or a public address gets a start-up warning; loopback, private or a proxy list does not', () => {
    for (const host of ['0.0.0.0', '::', '203.0.113.7', 'sanga.example.org']) {
      expect(trustProxyWarning({ trustProxy: 1, host })).toMatch(/TRUST_PROXY is a hop count but HOST/);
    }
    for (const host of ['127.0.0.1', '::1', 'localhost', '10.1.2.3', '172.20.0.5', '192.168.1.10', 'fd12:3456::1']) {
      expect(trustProxyWarning({ trustProxy: 1, host })).toBeNull();
    }
    expect(trustProxyWarning({ trustProxy: ['10.0.0.1'], host: '0.0.0.0' })).toBeNull();
    expect(trustProxyWarning({ trustProxy: false, host: '0.0.0.0' })).toBeNull();
  });
});

