import nodemailer from 'nodemailer';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '@vitrine/db/repo-root';
import { handleErrors } from '@vitrine/runtime/metrics';

/** Where mails go when no SMTP_URL is set: the repository's .data/outbox, one .eml file each. */
const DEFAULT_OUTBOX_DIR = path.join(REPO_ROOT, '.data/outbox');
/** An SMTP server that does not answer within this long counts as down (the job retries later). */
const SMTP_TIMEOUT_MS = 10_000;

/** One mail, as the emails of src/emails/ build it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post of notification mails). */
  headers?: Record<string, string>;
  /**
   * A stable id (e.g. `event-42-contact-copy`): the Message-ID header is derived from it, so if a
   * crash ever makes us send a mail twice, mail clients still show it once.
   */
  key: string;
}

/** Sends mails over SMTP, or writes them as .eml files. */
export interface Mailer {
  /** Resolves once the SMTP server accepted the mail (or the file is written); throws otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * A nodemailer transport whose `error` events (a pooled SMTP connection, an OAuth2 token) are counted
 * and logged (handleErrors, source `mailer`) instead of ending the worker; each send still fails to
 * its caller, and the job retries.
 */
export function mailTransport(options: Parameters<typeof nodemailer.createTransport>[0]) {
  const transport = nodemailer.createTransport(options);
  handleErrors(transport, 'mailer');
  return transport;
}

/** A header value on one line (subjects come from users). */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/**
 * The mailer: SMTP when `smtpUrl` is set (smtp://, smtps://, with credentials
 * in the URL), else .eml files under `outboxDir`, so a default run needs no mail server.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; outboxDir?: string }): Mailer {
  const domain = opts.from.match(/@([^>\s]+)/)?.[1] ?? 'vitrine.local';
  const message = (mail: OutgoingMail) => ({
    from: opts.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: oneLine(mail.subject),
    text: mail.text,
    messageId: `<${mail.key}@${domain}>`,
    headers: mail.headers,
  });

  if (opts.smtpUrl) {
    const transport = mailTransport({
      url: opts.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      async send(mail) {
        await transport.sendMail(message(mail));
      },
      close: () => transport.close(),
    };
  }

  const dir = opts.outboxDir ?? DEFAULT_OUTBOX_DIR;
  const transport = mailTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.key.replace(/[^\w.-]/g, '_')}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
