import { createServer } from 'node:http';
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { TEST_VAPID } from '#server/test/test-app';
import { testBrowser } from '#server/test/push-service';
import { EndpointPolicy, isPublicAddress, type Resolver } from './endpoint-check';
import { PushSender } from './push-sender';

/** A resolver that answers from a table, as a hostile DNS zone could. */
const zone =
  (entries: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = entries[hostname];
    if (!addresses) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('which addresses are public', () => {
  it.each([
    '127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '192.0.2.1', '198.51.100.7', '203.0.113.9', '198.18.0.1', '224.0.0.1', '255.255.255.255',
    '::', '::1', '::ffff:127.0.0.1', '::ffff:10.1.2.3', '::ffff:169.254.169.254', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1',
    '64:ff9b::a00:1', '2001:db8::1', '2002:a00:1::1', '2001::1', '::127.0.0.1', 'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['142.250.74.10', '8.8.8.8', '172.32.0.1', '::ffff:8.8.8.8', '2607:f8b0:4004:c07::5f', '2a00:1450:4001:80e::200a'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('the endpoint policy', () => {
  const policy = new EndpointPolicy(['http://127.0.0.1:9999'], zone({
    'push.example.org': ['142.250.74.10', '2607:f8b0:4004:c07::5f'],
    'rebind.example.org': ['142.250.74.10', '10.0.0.5'],
    'six.example.org': ['2607:f8b0:4004:c07::5f', 'fd00::1'],
    'inside.example.org': ['169.254.169.254'],
    'empty.example.org': [],
  }));

  it('accepts an https endpoint whose every address, IPv4 and IPv6, is public', async () => {
    expect(await policy.check('https://push.example.org/send/abc')).toMatchObject({ ok: true, allowListed: false });
    expect(await policy.check('https://142.250.74.10/send/abc')).toMatchObject({ ok: true });
    expect(await policy.check('https://[2607:f8b0:4004:c07::5f]/x')).toMatchObject({ ok: true });
    // Port 443 written out is the same URL.
    expect(await policy.check('https://push.example.org:443/send/abc')).toMatchObject({ ok: true, url: expect.objectContaining({ port: '' }) });
  });

  it.each([
    ['http://push.example.org/send', 'not-https'],
    // A public host's other services (mail, a database, an admin console) are not push endpoints.
    ['https://push.example.org:8443/send', 'not-port-443'],
    ['https://push.example.org:25/send', 'not-port-443'],
    ['https://push.example.org:6379/send', 'not-port-443'],
    ['https://142.250.74.10:22/send', 'not-port-443'],
    ['https://[2607:f8b0:4004:c07::5f]:8443/x', 'not-port-443'],
    ['ftp://push.example.org/send', 'not-https'],
    ['https://user:pass@push.example.org/send', 'not-a-url'],
    ['https://push.example.org/send#x', 'not-a-url'],
    ['not a url', 'not-a-url'],
    [`https://push.example.org/${'a'.repeat(1000)}`, 'not-a-url'],
    ['https://rebind.example.org/send', 'not-public'],
    ['https://six.example.org/send', 'not-public'],
    ['https://inside.example.org/latest/meta-data', 'not-public'],
    ['https://127.0.0.1/send', 'not-public'],
    ['https://2130706433/send', 'not-public'],
    ['https://0x7f.1/send', 'not-public'],
    ['https://[::1]/send', 'not-public'],
    ['https://[::ffff:7f00:1]/send', 'not-public'],
    ['https://[fe80::1]/send', 'not-public'],
    ['https://169.254.169.254/send', 'not-public'],
    ['https://unknown.example.org/send', 'unresolved'],
    ['https://empty.example.org/send', 'unresolved'],
    ['http://127.0.0.1:9998/send', 'not-https'],
  ])('refuses %s (%s)', async (endpoint, reason) => {
    expect(await policy.check(endpoint)).toEqual({ ok: false, reason });
  });

  it('lets an origin of PUSH_ENDPOINT_ALLOW through, loopback and http included, and nothing else on that host', async () => {
    expect(await policy.check('http://127.0.0.1:9999/push/1')).toMatchObject({ ok: true, allowListed: true });
    expect(await policy.check('https://127.0.0.1:9999/push/1')).toEqual({ ok: false, reason: 'not-port-443' });
    expect(await policy.check('https://127.0.0.1/push/1')).toEqual({ ok: false, reason: 'not-public' });
  });

  it('resolves localhost with the system resolver and refuses it', async () => {
    expect(await new EndpointPolicy([]).check('https://localhost/send')).toEqual({ ok: false, reason: 'not-public' });
  });

  it('refuses the connection itself when the name now resolves inside (DNS rebinding after the check)', async () => {
    let calls = 0;
    const flipping = new EndpointPolicy([], async () => {
      calls += 1;
      // Public when stored and checked, loopback when the connection resolves it.
      return [{ address: calls === 1 ? '142.250.74.10' : '127.0.0.1', family: 4 }];
    });
    const lookup = flipping.guardedLookup();
    await flipping.check('https://flip.example.org/x');
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => lookup('flip.example.org', { all: true }, (failure) => resolve(failure)));
    expect(error?.code).toBe('EPUSHNOTPUBLIC');
  });
});

describe('the sender', () => {
  it('never connects to a loopback push service that is not allowed: the push is refused and counted gone', async () => {
    let reached = 0;
    const server = createServer((_request, response) => {
      reached += 1;
      response.statusCode = 201;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const sender = new PushSender(TEST_VAPID, new EndpointPolicy([]), { warn: () => undefined });
      const payload = { title: 't', body: 'b', url: '/messages', tag: 'x' };
      for (const endpoint of [`https://localhost:${port}/push`, `https://127.0.0.1:${port}/push`, `http://127.0.0.1:${port}/push`]) {
        const { keys } = testBrowser(endpoint).subscription;
        expect(await sender.send({ endpoint, ...keys }, payload)).toBe('gone');
      }
      expect(reached).toBe(0);
      // Allowed, the same service is reached.
      const allowed = new PushSender(TEST_VAPID, new EndpointPolicy([`http://127.0.0.1:${port}`]), { warn: () => undefined });
      const endpoint = `http://127.0.0.1:${port}/push`;
      expect(await allowed.send({ endpoint, ...testBrowser(endpoint).subscription.keys }, payload)).toBe('sent');
      expect(reached).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
