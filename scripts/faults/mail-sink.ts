import { SMTPServer } from 'smtp-server';

/** How long a closing SMTP server waits for open connections before cutting them. */
const CLOSE_TIMEOUT_MS = 1_000;

/** The in-process SMTP server of the fault suite: counts each mail it accepts by its Message-ID. */
export interface MailSink {
  /** Mails accepted per key (the Message-ID's local part, e.g. `event-42-contact-copy`). */
  received: Map<string, number>;
  /** Starts listening again after down(). */
  up(): Promise<void>;
  /** Stops listening: the worker's connections are refused, as with a dead mail server. */
  down(): Promise<void>;
}

/** The local part of a raw mail's Message-ID header, or null. */
function messageKey(raw: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = /^message-id:\s*<([^@>]+)@/im.exec(head.replace(/\r?\n[ \t]+/g, ' '));
  return match?.[1] ?? null;
}

/** Starts the sink on 127.0.0.1:port (no TLS, no auth). */
export async function startMailSink(port: number): Promise<MailSink> {
  const received = new Map<string, number>();
  let server: SMTPServer | null = null;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        closeTimeout: CLOSE_TIMEOUT_MS,
        onData(stream, _session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const key = messageKey(Buffer.concat(chunks).toString('utf8')) ?? 'without-message-id';
            received.set(key, (received.get(key) ?? 0) + 1);
            callback();
          });
        },
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject);
        next.on('error', () => {});
        server = next;
        resolve();
      });
    });

  await listen();
  return {
    received,
    up: () => (server ? Promise.resolve() : listen()),
    down() {
      const closing = server;
      server = null;
      return closing ? new Promise<void>((resolve) => closing.close(() => resolve())) : Promise.resolve();
    },
  };
}
