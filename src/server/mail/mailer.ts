import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe on notifications). */
  headers?: Record<string, string>;
}

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
