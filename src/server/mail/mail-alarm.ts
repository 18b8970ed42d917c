import type { Mailer } from './mailer';

interface AlarmLog {
  warn(object: unknown, message: string): void;
}

/**
 * Watches how many mails this process sends an hour: past `perHour` (MAIL_ALARM_PER_HOUR)
 * something is mailing far more than members do (an abused form, a loop), which the operator must hear of before
 * the mail provider blocks the domain. Once an hour is past the limit it logs one warning and counts one alarm
 * (`sanga_mail_alarms_total` on /metrics); the mails still go. Counted per process, in fixed clock hours.
 */
export class MailAlarm {
  private hour = -1;
  private sent = 0;

  constructor(
    private readonly perHour: number,
    private readonly log: AlarmLog,
    private readonly onAlarm: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one mail sent. */
  record(): void {
    const hour = Math.floor(this.now() / 3_600_000);
    if (hour !== this.hour) {
      this.hour = hour;
      this.sent = 0;
    }
    this.sent += 1;
    if (this.sent === this.perHour + 1) {
      this.onAlarm();
      this.log.warn({ perHour: this.perHour }, `more than ${this.perHour} mails sent this hour (MAIL_ALARM_PER_HOUR): check for abuse`);
    }
  }

  /** The mailer, counting each mail it sends. */
  watch(mailer: Mailer): Mailer {
    return {
      send: async (message) => {
        await mailer.send(message);
        this.record();
      },
    };
  }
}
