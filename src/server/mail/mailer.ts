import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';

/** A mail as queued (the outbox's payload of a MAIL_JOB, read back from JSON) and as sent. */
export const mailMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Extra headers (List-Unsubscribe on notifications). */
  headers: z.record(z.string(), z.string()).optional(),
});
export type MailMessage = z.infer<typeof mailMessage>;

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends through the SMTP server named by SMTP_URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Without SMTP the message goes to the server log, so a developer can follow the link. In production
 * (`withContent: false`) only the fact is logged, as a warning: a working reset link and its recipient in a log
 * would let anyone who reads the log take over the account.
 */
export function createLogMailer(logger: FastifyBaseLogger, options: { withContent: boolean }): Mailer {
  return {
    async send(message) {
      if (options.withContent) {
        logger.info({ mail: message }, `mail to ${message.to}: ${message.subject}`);
      } else {
        logger.warn({ subject: message.subject }, 'mail not sent: SMTP_URL is not set (recipient and content withheld)');
      }
    },
  };
}
