import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Numbers the outbox files of this process: two mails of one millisecond still sort as written. */
let written = 0;

export function outboxDirectory(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * Sends mail through SMTP when it is configured. Otherwise each message is written as an .eml file
 * to DATA_DIR/outbox and noted in the log with `notice` (its link, say), so that a fresh install
 * with no mail server still completes every flow that mails.
 */
export function createMailer(config: MailConfig, dataDir: string, log: FastifyBaseLogger) {
  const transport = config.smtp
    ? nodemailer.createTransport(config.smtp)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(mail: OutgoingMail, notice: string): Promise<void> {
      const info = await transport.sendMail({ from: config.from, ...mail });
      if (config.smtp) return;
      const directory = outboxDirectory(dataDir);
      await mkdir(directory, { recursive: true });
      const file = path.join(
        directory,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${String((written += 1)).padStart(9, '0')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      // Printed plainly on stderr (and logged): on a fresh install with no mail server, this is
      // how the administrator sees the link.
      console.warn(`Mail to ${mail.to} written to ${file}\n  ${notice}`);
      log.info({ to: mail.to, file }, 'mail written to the outbox');
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
