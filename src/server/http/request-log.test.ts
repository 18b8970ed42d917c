import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '#server/app';
import { loadConfig } from '#server/config';
import { createTestContext, type TestContext } from '#server/test/test-app';

const contexts: TestContext[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const ctx of contexts.splice(0)) await ctx.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The configuration production reads from this environment (NODE_ENV=production, as `npm start` sets it). */
function productionConfig(env: NodeJS.ProcessEnv) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sanga-log-'));
  dirs.push(dir);
  return loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32), ...env });
}

/** The log lines about requests an app writes (at the configured level) while answering three requests. */
async function requestLinesFor(env: NodeJS.ProcessEnv): Promise<Record<string, unknown>[]> {
  const config = productionConfig(env);
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  const ctx = await createTestContext({ logLevel: config.logLevel, logRequests: config.logRequests }, { logger: { ...(loggerOptions(config.logLevel) as object), stream } });
  contexts.push(ctx);
  for (const url of ['/api/site-content', '/api/auth/user', '/api/no-such-route']) await ctx.app.inject({ method: 'GET', url });
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => 'req' in line || 'res' in line);
}

describe('the request log', () => {
  it('is off by default: LOG_LEVEL unset logs no line per request', async () => {
    expect(productionConfig({}).logRequests).toBe(false);
    expect(await requestLinesFor({})).toEqual([]);
  });

  it('when LOG_LEVEL asks for info, says each request once, at info, with its status and time', async () => {
    expect(productionConfig({ LOG_LEVEL: 'info' }).logRequests).toBe(true);
    const lines = await requestLinesFor({ LOG_LEVEL: 'info' });
    expect(lines.map((line) => [line.level, (line.req as { url: string }).url, (line.res as { statusCode: number }).statusCode])).toEqual([
      [30, '/api/site-content', 200],
      [30, '/api/auth/user', 401],
      [30, '/api/no-such-route', 404],
    ]);
    expect(lines.every((line) => typeof line.responseTime === 'number')).toBe(true);
  });

  it('at LOG_LEVEL=warn, says nothing of requests', async () => {
    expect(await requestLinesFor({ LOG_LEVEL: 'warn' })).toEqual([]);
  });
});
