import { afterAll, describe, expect, inject, it } from 'vitest';
import { createSql, type Sql } from '@vitrine/db/sql';
import { buildMessage } from '@vitrine/db/testing';
import { makeEmailQueries } from '@vitrine/db/queries/emails';
import type { WorkerContext } from './context';
import type { OutgoingMail } from './mailer';
import { WORKER_DEFAULTS } from './context';
import { SendEmailTask } from './tasks/send-email-task';
import { workerTestConfig } from './testing';

const sql = createSql(inject('databaseUrl'), { max: 2 });
afterAll(() => sql.end());

/** `sql`, except that its first `failures` records of a sent mail fail as a dropped connection does. */
function droppingSentRecords(failures: number): { sql: Sql; left: () => number } {
  let left = failures;
  const flaky = new Proxy(sql, {
    apply(target, thisArg, args: [TemplateStringsArray, ...unknown[]]) {
      if (left > 0 && Array.isArray(args[0]) && args[0].join('?').includes('INSERT INTO sent_emails')) {
        left -= 1;
        return Promise.reject(
          Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' }),
        );
      }
      return Reflect.apply(target, thisArg, args);
    },
  });
  return { sql: flaky, left: () => left };
}

describe('a database blip right after the SMTP server took a mail', () => {
  it('still records the mail, so a second run of the job does not send it again', async () => {
    const messageId = await buildMessage(sql, { senderEmail: 'blip@example.com', senderName: 'Blip' });
    // The visitor followed the confirmation link of this copy, which is what releases it.
    await sql`INSERT INTO email_confirmations (email, message_id, expires_at, used_at) VALUES ('blip@example.com', ${messageId}, now() + interval '1 day', now())`;
    const eventId = Date.now();
    const sent: OutgoingMail[] = [];
    const flaky = droppingSentRecords(2);
    const ctx = {
      config: workerTestConfig(),
      settings: { ...WORKER_DEFAULTS, ...workerTestConfig().worker },
      sql: flaky.sql,
      mailer: { send: async (mail: OutgoingMail) => void sent.push(mail), close: () => {} },
      log: () => {},
    } as unknown as WorkerContext;
    const data = { eventId, messageId, kind: 'contact-copy' as const };

    await SendEmailTask.run(ctx, data);
    await SendEmailTask.run(ctx, data);

    expect(flaky.left()).toBe(0);
    expect(sent.map((m) => m.to)).toEqual(['blip@example.com']);
    expect(await makeEmailQueries(sql).wasSent(eventId, 'contact-copy')).toBe(true);
  });
});
