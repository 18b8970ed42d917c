import { negotiate } from '@fastify/accept-negotiator';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An HTML page kept with its brotli and gzip forms, compressed once at the highest level, and sent in the one the
 * browser asks for. The app's pages are answered by the not-found handler, which @fastify/compress does not
 * reach (it hooks into routes), and a first-visit page is the same bytes for every visitor: compressing it once
 * costs nothing per request and makes it smaller than a per-request level would.
 */
export class CompressedHtml {
  private readonly forms: Record<'br' | 'gzip' | 'identity', Buffer>;

  constructor(html: string) {
    const plain = Buffer.from(html, 'utf8');
    this.forms = {
      identity: plain,
      br: brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
      gzip: gzipSync(plain, { level: zlib.Z_BEST_COMPRESSION }),
    };
  }

  /** The page as text (tests, and callers that change it). */
  get html(): string {
    return this.forms.identity.toString('utf8');
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
    const vary = reply.getHeader('Vary');
    reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    reply.type('text/html; charset=utf-8');
    if (encoding === 'br' || encoding === 'gzip') reply.header('Content-Encoding', encoding);
    return reply.send(this.forms[encoding ?? 'identity']);
  }
}
