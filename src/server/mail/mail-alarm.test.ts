import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '#server/app';
import { enqueueMail } from '#server/jobs/outbox';
import { createCapturingMailer, createTestContext, settleJobs, type TestContext } from '#server/test/test-app';
import { MailAlarm } from './mail-alarm';

/** More mails an hour than MAIL_ALARM_PER_HOUR warn once and count on /metrics. */
const lines: string[] = [];
const mailer = createCapturingMailer();
let ctx: TestContext;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  ctx = await createTestContext({ mailAlarmPerHour: 2 }, { mailer, logger: { ...(loggerOptions('warn') as object), stream } });
});
afterAll(() => ctx.close());

const warnings = () => lines.filter((line) => line.includes('MAIL_ALARM_PER_HOUR'));
const alarms = async () => /^sanga_mail_alarms_total (\d+)$/m.exec((await ctx.app.inject({ method: 'GET', url: '/metrics' })).body)?.[1];

describe('MAIL_ALARM_PER_HOUR', () => {
  it('the outbox sending more mails in an hour than the setting logs one warning and counts one alarm', async () => {
    const send = async (count: number) => {
      for (let i = 0; i < count; i++) await enqueueMail(ctx.database.db, { to: `alarm${i}@example.com`, subject: 'Test', text: 'Test' });
      await settleJobs(ctx.app);
    };
    expect(await alarms()).toBe('0');
    await send(2);
    expect(warnings()).toHaveLength(0);
    await send(1);
    expect(mailer.sent).toHaveLength(3);
    expect(warnings()).toHaveLength(1);
    expect(JSON.parse(warnings()[0]!)).toMatchObject({ level: 40, perHour: 2 });
    expect(await alarms()).toBe('1');
    // Once an hour: more mails in the same hour say nothing more.
    await send(3);
    expect(warnings()).toHaveLength(1);
    expect(await alarms()).toBe('1');
  });

  it('counts per clock hour: the next hour starts again', () => {
    let now = Date.UTC(2026, 10, 26, 3, 59);
    const warned: unknown[] = [];
    let raised = 0;
    const alarm = new MailAlarm(1, { warn: (object) => warned.push(object) }, () => (raised += 1), () => now);
    alarm.record();
    alarm.record();
    now += 2 * 60_000;
    alarm.record();
    alarm.record();
    expect(raised).toBe(2);
    expect(warned).toHaveLength(2);
  });
});
