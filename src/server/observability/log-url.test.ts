import { describe, expect, it } from 'vitest';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorHandler } from '#server/http/error-handling';
import { logUrl, pathWithoutIds, redactQuery } from './log-url';

/** What the request log and the error log write of an address. */
describe('logUrl', () => {
  it('redacts secret query parameters, keeps the rest', () => {
    expect(redactQuery('token=abc&lang=es')).toBe('?token=[redacted]&lang=es');
    expect(redactQuery('X-Amz-Signature=s&X-Amz-Credential=c&X-Amz-Expires=60')).toBe('?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&X-Amz-Expires=60');
    expect(redactQuery('resetToken=a&sig=b&key=c&code=d&q=Radha&page=2')).toBe('?resetToken=[redacted]&sig=[redacted]&key=[redacted]&code=[redacted]&q=[redacted]&page=2');
    expect(redactQuery('%74oken=abc')).toBe('?%74oken=[redacted]');
    expect(redactQuery('')).toBe('');
  });

  it('a route with a parameter is logged as its pattern; an unmatched path loses its ids', () => {
    expect(logUrl({ url: '/api/match/6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab?x=1', routeOptions: { url: '/api/match/:id' } })).toBe('/api/match/:id?x=1');
    expect(logUrl({ url: '/api/matches?limit=5', routeOptions: { url: '/api/matches' } })).toBe('/api/matches?limit=5');
    expect(logUrl({ url: '/conversation/6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab' })).toBe('/conversation/:id');
    expect(pathWithoutIds('/assets/index-Ab12.js')).toBe('/assets/index-Ab12.js');
  });

  it('the error log of a 500 writes the same address', () => {
    const logged: unknown[] = [];
    const request = {
      url: '/api/messages/6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab?token=live',
      method: 'GET',
      routeOptions: { url: '/api/messages/:otherUserId' },
      log: { error: (object: unknown) => logged.push(object) },
    } as unknown as FastifyRequest;
    const reply = { status: () => reply, send: () => reply } as unknown as FastifyReply;
    errorHandler(new Error('boom') as FastifyError, request, reply);
    expect(logged).toEqual([expect.objectContaining({ url: '/api/messages/:otherUserId?token=[redacted]', method: 'GET' })]);
  });
});
