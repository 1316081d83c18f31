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
  /**
   * The outbox's key of this mail (`order:<id>:placed`): its Message-ID and its outbox file name come
   * from it, so sending it again after a crash is recognisably the same mail (and the same file).
   */
  key?: { dedupeKey: string; createdAt: Date };
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

const keyHash = (dedupeKey: string) => crypto.createHash('sha256').update(dedupeKey).digest('hex');

/** A Message-ID that is the same every time the same outbox mail is sent. */
export const outboxMessageId = (dedupeKey: string) => `<${keyHash(dedupeKey).slice(0, 32)}@kram.outbox>`;

/**
 * Writes `data` to `file` whole or not at all: a temporary file in the same directory, then a rename
 * (atomic on POSIX), so a reader never sees half a mail and a crash leaves at most a hidden `.tmp`.
 */
export async function writeFileAtomically(file: string, data: Buffer | string): Promise<void> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${crypto.randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    await fs.writeFile(temporary, data, { flush: true });
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

function withKey(message: MailMessage) {
  const { key, ...mail } = message;
  return key ? { ...mail, messageId: outboxMessageId(key.dedupeKey) } : mail;
}

/** SMTP through nodemailer, or, with no SMTP configured, `.eml` files in the outbox with their links logged. */
export function createMailer(options: MailerOptions, log: FastifyBaseLogger): Mailer {
  if (options.smtpUrl) {
    // A request waits for its mail: a stuck server must fail it in seconds, not nodemailer's minutes.
    // Pooled: the outbox worker sends mails one after another, and a new SMTP session for each costs
    // more than the mail (about 120 ms against 20 ms on loopback).
    const transport = nodemailer.createTransport(
      {
        url: options.smtpUrl,
        pool: true,
        maxConnections: 4,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      },
      { from: options.from },
    );
    return {
      async send(message) {
        const info = await transport.sendMail(withKey(message));
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true }, { from: options.from });
  return {
    async send(message) {
      const info = await transport.sendMail(withKey(message));
      await fs.mkdir(options.outboxDir, { recursive: true });
      // Sortable by time, unique within it; an outbox mail sent again replaces its own file.
      const at = message.key?.createdAt ?? new Date();
      const suffix = message.key ? keyHash(message.key.dedupeKey).slice(0, 16) : crypto.randomBytes(4).toString('hex');
      const file = path.join(options.outboxDir, `${at.toISOString().replace(/[:.]/g, '-')}-${suffix}.eml`);
      await writeFileAtomically(file, info.message as Buffer);
      const links = message.text.match(linkPattern) ?? [];
      log.info(
        { to: message.to, subject: message.subject, file, links },
        'mail written to the outbox (SMTP_URL unset)',
      );
    },
    close: () => transport.close(),
  };
}
