import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a document's PDF): nodemailer takes them as they are. */
  attachments?: MailAttachment[];
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL, mail goes out through nodemailer's SMTP transport. Without it every message is
 * rendered by nodemailer as RFC 822 and written to DATA_DIR/outbox/ as an .eml file.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom'>): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await mkdir(outbox, { recursive: true });
      sequence += 1;
      const safe = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${sequence}-${safe}.eml`;
      await writeFile(path.join(outbox, name), info.message as Buffer);
    },
  };
}
