import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part; every mail has one. */
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://` or `smtps://`; unset writes every mail to `outboxDir` instead. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

const linkPattern = /https?:\/\/[^\s<>"']+/g;

/** SMTP through nodemailer, or, with no SMTP configured, `.eml` files in the outbox with their links logged. */
export function createMailer(options: MailerOptions, log: FastifyBaseLogger): Mailer {
  if (options.smtpUrl) {
    // A request waits for its mail: a stuck server must fail it in seconds, not nodemailer's minutes.
    const transport = nodemailer.createTransport(
      { url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
      { from: options.from },
    );
    return {
      async send(message) {
        const info = await transport.sendMail(message);
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true }, { from: options.from });
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      await fs.mkdir(options.outboxDir, { recursive: true });
      // Sortable by time, unique within it.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      await fs.writeFile(file, info.message as Buffer);
      const links = message.text.match(linkPattern) ?? [];
      log.info(
        { to: message.to, subject: message.subject, file, links },
        'mail written to the outbox (SMTP_URL unset)',
      );
    },
    close: () => transport.close(),
  };
}
