import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

/** A message with a plain-text and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, such as RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends the message; rejects when it could not be handed over. */
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:port`; unset writes to the dev outbox instead. */
  smtpUrl?: string;
  from: string;
  /** `$DATA_DIR/outbox`, used when `smtpUrl` is unset. */
  outboxDir: string;
  log: (line: string) => void;
}

/**
 * Mail through nodemailer: SMTP when `smtpUrl` is set; otherwise the dev
 * outbox, one JSON file `{to, subject, text, html, sentAt}` per message, with the subject
 * (which carries the code) logged, so a new user can finish sign-up with no mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    // nodemailer is loaded with the first message, not at start (docs/performance.md#memory).
    let transport: Promise<Transporter> | undefined;
    return {
      async send(message) {
        transport ??= import('nodemailer').then((nodemailer) =>
          nodemailer.default.createTransport(smtpUrl),
        );
        await (await transport).sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    async send(message) {
      const sentAt = new Date().toISOString();
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(
        options.outboxDir,
        `${sentAt.replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.json`,
      );
      // Written aside then renamed, so a reader never sees a half-written message.
      await writeFile(`${file}.part`, JSON.stringify({ ...message, sentAt }, null, 2));
      await rename(`${file}.part`, file);
      options.log(`mail to ${message.to}: "${message.subject}" (dev outbox: ${file})`);
    },
  };
}
