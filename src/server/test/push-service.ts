import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/**
 * A Web Push service on the loopback address, for tests: it takes pushes as FCM or Mozilla's autopush would, checks
 * the VAPID header (RFC 8292: an ES256 JWT signed with the server's private key, verified against the public key
 * in `k=`, audience = this origin, expiry within 24 h), and decrypts the aes128gcm payload (RFC 8188/8291) with the
 * subscription's private key and auth secret, as the browser that subscribed would.
 */

/** A browser's side of a subscription: its key pair and auth secret, and what it hands the server. */
export interface TestBrowser {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  decrypt(body: Buffer): string;
}

export function testBrowser(endpoint: string): TestBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const uaPublic = ecdh.getPublicKey();
  return {
    subscription: { endpoint, keys: { p256dh: uaPublic.toString('base64url'), auth: auth.toString('base64url') } },
    decrypt(body) {
      // Header: salt (16) | record size (4) | key id length (1) | key id = the sender's ephemeral public key.
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const asPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // One record, the last: content, then the delimiter 2, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('not a last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The JWT's claims, after its signature was verified against `k`. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k=` of the Authorization header: the server's public key. */
  publicKey: string;
}

export interface TestPushService {
  origin: string;
  received: ReceivedPush[];
  /** Requests whose VAPID header did not verify (answered 403, as a push service does). */
  refused: string[];
  /** The status to answer for a path (default 201). */
  answer: Map<string, number>;
  close(): Promise<void>;
}

function verifyVapid(authorization: string | undefined, origin: string): { claims: ReceivedPush['claims']; publicKey: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no vapid authorization: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('bad signature');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`audience ${claims.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 60 * 60)) throw new Error('expiry not within 24 h');
  return { claims, publicKey: k };
}

export async function startTestPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const answer = new Map<string, number>();
  let origin = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        if (request.method !== 'POST') throw new Error(`method ${request.method}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!request.headers.ttl) throw new Error('no TTL');
        const { claims, publicKey } = verifyVapid(request.headers.authorization, origin);
        received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks), claims, publicKey });
        response.statusCode = answer.get(request.url ?? '') ?? 201;
      } catch (error) {
        refused.push((error as Error).message);
        response.statusCode = 403;
      }
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    origin,
    received,
    refused,
    answer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
