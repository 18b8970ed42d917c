import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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

/** Without SMTP the message goes to the server log, so a developer can follow the link. */
export function createLogMailer(logger: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      logger.info({ mail: message }, `mail to ${message.to}: ${message.subject}`);
    },
  };
}
