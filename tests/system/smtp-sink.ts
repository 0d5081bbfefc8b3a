import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received it. */
export interface Received {
  rcptTo: string[];
  headers: Record<string, string>;
  body: string;
}

/** A real SMTP server in this process (no TLS, no auth), collecting what it accepts. */
export function startSmtp(port: number, inbox: Received[]): Promise<{ close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8').replace(/\r\n/g, '\n');
        const [head = '', ...rest] = raw.split('\n\n');
        const headers: Record<string, string> = {};
        for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
          const at = line.indexOf(':');
          if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
        }
        inbox.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), headers, body: rest.join('\n\n') });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({ close: () => new Promise<void>((done) => server.close(() => done())) }),
    );
  });
}
