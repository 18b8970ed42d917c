import { negotiate } from '@fastify/accept-negotiator';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An HTML page kept with its brotli and gzip forms, compressed once at the highest level, and sent in the one the
 * browser asks for. The app's pages are answered by the not-found handler, which @fastify/compress does not
 * reach (it hooks into routes), and a first-visit page is the same bytes for every visitor: compressing it once
 * costs nothing per request and makes it smaller than a per-request level would. The compression (tens of
 * milliseconds for a page at the highest level) runs on libuv's thread pool, never on the event loop.
 */
export class CompressedHtml {
  private constructor(private readonly forms: Record<'br' | 'gzip' | 'identity', Buffer>) {}

  static async of(html: string): Promise<CompressedHtml> {
    const plain = Buffer.from(html, 'utf8');
    const [br, gzipped] = await Promise.all([
      brotliAsync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
      gzipAsync(plain, { level: zlib.Z_BEST_COMPRESSION }),
    ]);
    return new CompressedHtml({ identity: plain, br, gzip: gzipped });
  }

  /** Sends a page made for this request alone (a member's own screen): only the form asked for, at a quick level. */
  static async sendOnce(html: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const plain = Buffer.from(html, 'utf8');
    const encoding = answerAs(request, reply);
    if (encoding === 'br') return reply.send(await brotliAsync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length } }));
    if (encoding === 'gzip') return reply.send(await gzipAsync(plain, { level: 6 }));
    return reply.send(plain);
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return reply.send(this.forms[answerAs(request, reply) ?? 'identity']);
  }
}

/** The encoding the browser asks for (br, gzip or none), with the headers that say so. */
function answerAs(request: FastifyRequest, reply: FastifyReply): 'br' | 'gzip' | undefined {
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  reply.type('text/html; charset=utf-8');
  if (encoding === 'br' || encoding === 'gzip') reply.header('Content-Encoding', encoding);
  return encoding === 'br' || encoding === 'gzip' ? encoding : undefined;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
