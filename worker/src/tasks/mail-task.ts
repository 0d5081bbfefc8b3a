import type { JobsOptions } from 'bullmq';
import type { z } from 'zod';
import { makeEmailQueries } from '@vitrine/db/queries/emails';
import { isDatabaseUnavailable } from '@vitrine/db/unavailable';
import type { WorkerContext } from '../context';
import type { OutgoingMail } from '../mailer';
import { defineTask, type Task } from './task';

/** Once the SMTP server took a mail, how long its record waits for an unreachable database. */
const RECORD_PATIENCE_MS = 60_000;
/** Pause between attempts at that record. */
const RECORD_RETRY_MS = 500;
/** A sent mail's job is kept a day (a duplicate add in that time is a no-op: same job id). */
const KEEP_SENT_SECONDS = 24 * 3600;
/** A mail that failed for good is kept a month, for the queue board (docs/operations.md "Queues"). */
const KEEP_FAILED_SECONDS = 30 * 24 * 3600;

/** The `event_id` of a sent_emails row for a mail no event names (a notification mail): its `kind` is its key. */
export const NO_EVENT = 0;

/**
 * Records a mail the SMTP server accepted, waiting out a database outage (a restart takes seconds):
 * were the record dropped, the job's retry would send the mail a second time. Any other error, or an
 * outage longer than RECORD_PATIENCE_MS, still fails the job.
 */
export async function recordSent(record: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + RECORD_PATIENCE_MS;
  for (;;) {
    try {
      return await record();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
    }
  }
}

/** A mail ready to go, and what else its sending records (with sent_emails, after the server took it). */
export interface RenderedMail {
  mail: Omit<OutgoingMail, 'key'>;
  /** Bookkeeping of the mail's own (a notification mail marks its rows mailed). */
  alsoRecord?: () => Promise<void>;
}

/** What one kind of mail is: its job's name and data, how a mail is named, and how it is made. */
export interface MailSpec<S extends z.ZodType> {
  name: string;
  schema: S;
  /**
   * The mail's row in sent_emails (event and kind, unique) and its key, which names the job and the
   * Message-ID (BullMQ job ids refuse colons).
   */
  sentAs(data: z.infer<S>): { eventId: number; kind: string; key: string };
  /** Loads what the mail needs and renders it; null when there is nothing to send (a row gone, no address). */
  render(ctx: WorkerContext, data: z.infer<S>): Promise<RenderedMail | null>;
}

/** A mail task, with the one shape of its jobs. */
export interface MailTask<S extends z.ZodType> extends Task<S> {
  /** The job of one mail: named by its key, retried with exponential backoff while SMTP is down. */
  job(ctx: WorkerContext, data: z.infer<S>): { name: string; data: z.infer<S>; opts: JobsOptions };
}

/**
 * Declares a mail task. Each run sends its mail once: sent_emails is checked before rendering and
 * written after the SMTP server accepts it (through a database outage, see recordSent), so a retry, a
 * relayed duplicate or a second worker never sends it again. (Only a crash between the server's
 * acceptance and that write could repeat it; the Message-ID stays the same then.)
 */
export function defineMailTask<S extends z.ZodType>(spec: MailSpec<S>): MailTask<S> {
  const task = defineTask({
    name: spec.name,
    schema: spec.schema,
    async run(ctx, data) {
      const emails = makeEmailQueries(ctx.sql);
      const { eventId, kind, key } = spec.sentAs(data);
      if (await emails.wasSent(eventId, kind)) return;
      const rendered = await spec.render(ctx, data);
      if (!rendered) return;
      const { mail, alsoRecord } = rendered;
      await ctx.mailer.send({ ...mail, key });
      await recordSent(async () => {
        await alsoRecord?.();
        await emails.markSent(eventId, kind, mail.to);
      });
    },
  });
  return {
    ...task,
    job: (ctx, data) => ({
      name: spec.name,
      data,
      opts: {
        jobId: spec.sentAs(data).key,
        attempts: ctx.settings.emailAttempts,
        backoff: { type: 'exponential', delay: ctx.settings.emailBackoffMs },
        removeOnComplete: { age: KEEP_SENT_SECONDS },
        removeOnFail: { age: KEEP_FAILED_SECONDS },
      },
    }),
  };
}
