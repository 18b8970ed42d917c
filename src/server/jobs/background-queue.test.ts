import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { BackgroundQueue } from './background-queue';

function queueWithLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { queue: new BackgroundQueue(pino({ level: 'info' }, stream)), log: () => lines.join('') };
}

describe('BackgroundQueue', () => {
  it('runs jobs after the caller has moved on, one at a time, in order; a failure is logged and the next job still runs', async () => {
    const { queue, log } = queueWithLog();
    const done: string[] = [];
    queue.enqueue('first', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push('first');
    });
    queue.enqueue('broken', async () => {
      throw new Error('SMTP server unreachable');
    });
    queue.enqueue('third', async () => {
      done.push('third');
    });
    expect(done).toEqual([]);
    expect(queue.size).toBe(3);
    await queue.idle();
    expect(done).toEqual(['first', 'third']);
    expect(queue.size).toBe(0);
    expect(log()).toContain('background job broken failed');
    expect(log()).toContain('SMTP server unreachable');
  });

  it('idle(timeout) gives up on a job that hangs, so shutdown is not held up', async () => {
    const { queue } = queueWithLog();
    queue.enqueue('hangs', () => new Promise<void>(() => {}));
    const started = Date.now();
    await queue.idle(50);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(queue.size).toBe(1);
  });
});
