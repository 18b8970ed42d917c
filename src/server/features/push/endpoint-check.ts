import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Which push endpoints the server may POST to (docs/security.md, "Push endpoints"). A subscription's endpoint is a
 * URL the member's browser hands us; unchecked, anyone could make the server send requests inside its own network
 * (SSRF). An endpoint must be an https URL on port 443 (every push service's: Google's, Mozilla's, Apple's,
 * Microsoft's) of a host whose every address is public, unicast and routable, checked
 * when the subscription is stored and again at each connection (a name may be re-pointed: DNS rebinding); only the
 * origins an operator lists in PUSH_ENDPOINT_ALLOW (tests, a private push service) skip the address check.
 */

/**
 * Addresses that are not the public internet: loopback, private, link-local, CGNAT, documentation, multicast…
 * Two lists: Node's BlockList matches an IPv4 address against IPv4-mapped IPv6 rules (::ffff:0:0/96 would catch all).
 */
const notPublic = new BlockList();
const notPublic6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0', 96], // IPv4-mapped in hex form (::ffff:7f00:1): refused; the dotted form is checked as IPv4
  ['64:ff9b::', 96], // NAT64: reaches an IPv4 address of the translator's choosing
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  notPublic6.addSubnet(network, prefix, 'ipv6');
}

/** Whether one address (IPv4 or IPv6, an IPv4-mapped IPv6 checked as its IPv4) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  // Only global unicast (2000::/3) is public at all; the block list removes the special ranges inside it.
  const first = parseInt(address.split(':')[0] || '0', 16);
  if (address.startsWith('::') || (first & 0xe000) !== 0x2000) return false;
  return !notPublic6.check(address, 'ipv6');
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** Every address the system resolver gives for a name, IPv4 and IPv6. */
export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

export type EndpointVerdict =
  | { ok: true; url: URL; allowListed: boolean }
  | { ok: false; reason: 'not-a-url' | 'not-https' | 'not-port-443' | 'not-public' | 'unresolved' };

/** The longest endpoint stored (real ones are under 500 characters). */
export const MAX_ENDPOINT_LENGTH = 1000;

/** The hostname of a URL without the brackets of an IPv6 literal. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

export class EndpointPolicy {
  private readonly allow: Set<string>;

  constructor(
    allowOrigins: readonly string[],
    private readonly resolve: Resolver = systemResolver,
  ) {
    this.allow = new Set(allowOrigins);
  }

  /** Whether the endpoint's origin is one the operator listed (no address check for it). */
  allowListed(url: URL): boolean {
    return this.allow.has(url.origin);
  }

  /**
   * The URL's shape only: https on port 443 (or an allowed origin), no credentials, no fragment. Another port of a
   * public host would let anyone make the server knock on that host's other services (mail, databases, admin
   * consoles) with the push's POST; no push service listens anywhere but 443.
   */
  parse(endpoint: string): EndpointVerdict {
    if (endpoint.length > MAX_ENDPOINT_LENGTH) return { ok: false, reason: 'not-a-url' };
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return { ok: false, reason: 'not-a-url' };
    }
    if (url.username || url.password || url.hash) return { ok: false, reason: 'not-a-url' };
    if (this.allowListed(url)) return { ok: true, url, allowListed: true };
    if (url.protocol !== 'https:') return { ok: false, reason: 'not-https' };
    // The URL parser drops a port that is the scheme's default, so "" is 443 (written or not).
    if (url.port !== '') return { ok: false, reason: 'not-port-443' };
    return { ok: true, url, allowListed: false };
  }

  /** The shape, then every address the host has: all must be public (one private address is enough to refuse). */
  async check(endpoint: string): Promise<EndpointVerdict> {
    const verdict = this.parse(endpoint);
    if (!verdict.ok || verdict.allowListed) return verdict;
    const host = bareHost(verdict.url);
    if (isIP(host)) return isPublicAddress(host) ? verdict : { ok: false, reason: 'not-public' };
    let addresses: LookupAddress[];
    try {
      addresses = await this.resolve(host);
    } catch {
      return { ok: false, reason: 'unresolved' };
    }
    if (addresses.length === 0) return { ok: false, reason: 'unresolved' };
    return addresses.every((entry) => isPublicAddress(entry.address)) ? verdict : { ok: false, reason: 'not-public' };
  }

  /**
   * A `lookup` for the connection itself (http.request's option): resolves again and refuses the connection when
   * any address is not public, so a name re-pointed since the check cannot reach inside the network.
   */
  guardedLookup() {
    return (
      hostname: string,
      options: { all?: boolean },
      callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
    ): void => {
      this.resolve(hostname).then(
        (addresses) => {
          if (addresses.length === 0 || !addresses.every((entry) => isPublicAddress(entry.address))) {
            const error: NodeJS.ErrnoException = new Error(`push endpoint host ${hostname} resolves to an address that is not public`);
            error.code = 'EPUSHNOTPUBLIC';
            callback(error, '');
            return;
          }
          if (options.all) callback(null, addresses);
          else callback(null, addresses[0]!.address, addresses[0]!.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, ''),
      );
    };
  }
}
