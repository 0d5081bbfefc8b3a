import { describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emitterErrors } from '@vitrine/runtime/metrics';
import { createMailer, mailTransport } from './mailer';

describe('createMailer without SMTP_URL', () => {
  it('writes each mail as an .eml file with a stable Message-ID and one-line headers', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-outbox-'));
    try {
      const mailer = createMailer({ smtpUrl: null, from: 'Vitrine <no-reply@vitrine.local>', outboxDir: dir });
      await mailer.send({
        to: 'ada@example.com',
        subject: 'Hello\r\nBcc: victim@example.com',
        text: 'Body text',
        key: 'event-7-contact-copy',
      });
      mailer.close();
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/event-7-contact-copy\.eml$/);
      const raw = await readFile(path.join(dir, files[0]!), 'utf8');
      expect(raw).toMatch(/^To: ada@example\.com$/m);
      expect(raw).toMatch(/^Message-ID: <event-7-contact-copy@vitrine\.local>$/m);
      expect(raw).toMatch(/^Subject: Hello Bcc: victim@example\.com$/m);
      expect(raw).not.toMatch(/^Bcc:/m);
      expect(raw).toContain('Body text');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('mailTransport', () => {
  it('counts an error event of the transport and still sends with it', async () => {
    const transport = mailTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const counted = async () =>
      (await emitterErrors.get()).values.find((value) => value.labels.source === 'mailer')?.value ?? 0;
    const before = await counted();
    transport.emit('error', new Error('Invalid login: 535 Authentication failed'));
    expect(await counted()).toBe(before + 1);
    const info = await transport.sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'After', text: 'x' });
    expect(String(info.message)).toMatch(/^Subject: After$/m);
    transport.close();
  });
});
