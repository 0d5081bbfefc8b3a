import { UnrecoverableError, type Job } from 'bullmq';
import { eventSchema, type DomainEvent } from '@vitrine/domain/events';
import type { WorkerContext } from '../context';
import type { EmailKind } from '../emails/types';
import { runEffect, type EffectHandlers, type EventWith } from '@vitrine/domain/event-effects';
import { ALL_BOARDS, RATING_BOARDS, VOTE_BOARDS } from '../boards';
import { enqueueBoards } from '../tasks/refresh-boards-task';
import { SendEmailTask } from '../tasks/send-email-task';
import { SendConfirmationTask } from '../tasks/send-confirmation-task';
import { SendVisitorReplyTask } from '../tasks/send-visitor-reply-task';
import { NOTIFY } from '../notifications/fan-out';
import { checkJob } from '../tasks/check-project-task';
import { nextCheck } from '../tasks/schedule-checks-task';
import { webhookDeliveryJob } from '../tasks/deliver-webhook-task';
import { WEBHOOKS } from '../webhooks/fan-out';

/**
 * The message mails an event asks for: those of a contact message.created, and the contact copy a
 * visitor released by following its confirmation link (message.copyConfirmed). A member hears of an
 * admin's reply through the notification path (notify `adminReply`), not from here.
 */
export function emailsFor(event: EventWith<'workerJobs', 'messageMails'>): EmailKind[] {
  if (event.name === 'message.copyConfirmed') return ['contact-copy'];
  const kinds: EmailKind[] = [];
  if (event.kind === 'contact' && event.sendCopy) kinds.push('contact-copy');
  if (event.kind === 'contact' && event.emailMode) kinds.push('contact-admin');
  return kinds;
}

/**
 * The jobs of each worker-jobs effect (domain/src/event-effects.ts): board recomputes and the mails
 * that are not notifications (contact copies, confirmation links, replies to visitors). A mail's job id
 * comes from the event id, so a job without one asks for no mail.
 */
const WORKER_JOBS: EffectHandlers<'workerJobs', DomainEvent, [WorkerContext, number], Promise<void>> = {
  none: async () => {},
  voteBoards: (_event, ctx) => enqueueBoards(ctx, VOTE_BOARDS),
  ratingBoards: (_event, ctx) => enqueueBoards(ctx, RATING_BOARDS),
  allBoards: (_event, ctx) => enqueueBoards(ctx, ALL_BOARDS),
  messageMails: async (event, ctx, eventId) => {
    const kinds = Number.isSafeInteger(eventId) ? emailsFor(event) : [];
    if (kinds.length > 0)
      await ctx.queues.emails.addBulk(
        kinds.map((kind) => SendEmailTask.job(ctx, { eventId, messageId: event.messageId, kind })),
      );
  },
  confirmationMail: async (event, ctx, eventId) => {
    if (Number.isSafeInteger(eventId))
      await ctx.queues.emails.addBulk([
        SendConfirmationTask.job(ctx, { eventId, confirmationId: event.confirmationId }),
      ]);
  },
  visitorReplyMail: async (event, ctx, eventId) => {
    if (Number.isSafeInteger(eventId))
      await ctx.queues.emails.addBulk([SendVisitorReplyTask.job(ctx, { eventId, replyId: event.replyId })]);
  },
  livenessCheck: async (event, ctx, eventId) => {
    // Off unless LIVENESS_ENABLED=1: no traffic leaves a development, test or CI machine.
    if (ctx.config.liveness.enabled && Number.isSafeInteger(eventId))
      await ctx.queues.liveness.add(...spread(checkJob(event.projectId, `now-${eventId}`)));
  },
  newProject: async (event, ctx, eventId) => {
    await enqueueBoards(ctx, ALL_BOARDS);
    if (!ctx.config.liveness.enabled || !Number.isSafeInteger(eventId)) return;
    // Checked at once, then at its spot of the interval, before the next scheduling run knows of it.
    const next = nextCheck(event.projectId, ctx.config.liveness.intervalSeconds * 1000, Date.now());
    await ctx.queues.liveness.addBulk([
      checkJob(event.projectId, `new-${eventId}`),
      checkJob(event.projectId, next.key, next.delayMs),
    ]);
  },
  webhookRedelivery: async (event, ctx) => {
    const job = webhookDeliveryJob(ctx, { deliveryId: event.deliveryId, round: event.round });
    await ctx.queues.webhooks.add(job.name, job.data, job.opts);
  },
};

/** A job's name, data and options as Queue.add's arguments. */
const spread = (job: ReturnType<typeof checkJob>) => [job.name, job.data, job.opts] as const;

/**
 * Handles one job of the events queue: parses the payload (a malformed one fails for good), then
 * enqueues the worker jobs its row of EVENT_EFFECTS names. Live pushes were sent by the API on
 * publish. Everything here is idempotent, so an event handled twice does no harm.
 */
export async function processEvent(ctx: WorkerContext, job: Job): Promise<void> {
  const parsed = eventSchema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`malformed event ${job.id}: ${parsed.error.message}`);
  const eventId = Number((job.data as { id?: unknown }).id);
  await runEffect(WORKER_JOBS, 'workerJobs', parsed.data, ctx, eventId);
  // Notifications are named by the event's id: an event without one makes none.
  if (Number.isSafeInteger(eventId)) await runEffect(NOTIFY, 'notify', parsed.data, ctx, `event:${eventId}`);
  // Webhook deliveries are named by the event's id too (docs/api.md "Webhooks").
  if (Number.isSafeInteger(eventId)) await runEffect(WEBHOOKS, 'webhook', parsed.data, ctx, eventId);
}
