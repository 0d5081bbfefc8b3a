import { UnrecoverableError, type Job } from 'bullmq';
import { eventSchema, type DomainEvent } from '@vitrine/domain/events';
import type { WorkerContext } from '../context';
import type { EmailKind } from '../emails/types';
import { boardsFor } from '../queues';
import { enqueueBoards } from '../tasks/refresh-boards-task';
import { emailJob } from '../tasks/send-email-task';
import { requestNoticeJob, type RequestNoticeData } from '../tasks/send-request-notice-task';
import { confirmationJob } from '../tasks/send-confirmation-task';
import { visitorReplyJob } from '../tasks/send-visitor-reply-task';

/**
 * The message mails an event asks for: those of a message.created, and the contact copy a
 * visitor released by following its confirmation link (message.copyConfirmed).
 */
export function emailsFor(
  event: Extract<DomainEvent, { name: 'message.created' | 'message.copyConfirmed' }>,
): EmailKind[] {
  if (event.name === 'message.copyConfirmed') return ['contact-copy'];
  const kinds: EmailKind[] = [];
  if (event.kind === 'contact' && event.sendCopy) kinds.push('contact-copy');
  if (event.kind === 'contact' && event.emailMode) kinds.push('contact-admin');
  if (event.kind === 'reply' && event.recipientUserId !== null) kinds.push('reply-notice');
  return kinds;
}

/**
 * The email copies of a test-request event, the news of the live toasts: the owner hears
 * of a tester joining and of new feedback (not of edits), each tester of a status change. Whether
 * a recipient gets the mail (an address, notices on) is decided when it is sent.
 */
function requestNoticesFor(event: DomainEvent, eventId: number): RequestNoticeData[] {
  switch (event.name) {
    case 'tester.joined':
      return [
        { eventId, requestId: event.requestId, recipientId: event.ownerId, actorId: event.testerId, notice: 'joined' },
      ];
    case 'feedback.posted':
      return event.created
        ? [
            {
              eventId,
              requestId: event.requestId,
              recipientId: event.ownerId,
              actorId: event.testerId,
              notice: 'feedback',
            },
          ]
        : [];
    case 'testRequest.updated':
      if (event.status === null) return [];
      return event.testerIds.map((recipientId) => ({
        eventId,
        requestId: event.requestId,
        recipientId,
        actorId: null,
        notice: 'status' as const,
      }));
    default:
      return [];
  }
}

/**
 * Handles one job of the events queue: parses the payload (a malformed one fails for good), then
 * fans it out into tasks (board recomputes, mails). Live pushes were sent by the API on publish.
 * Everything here is idempotent, so an event handled twice does no harm.
 */
export async function processEvent(ctx: WorkerContext, job: Job): Promise<void> {
  const parsed = eventSchema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`malformed event ${job.id}: ${parsed.error.message}`);
  const event = parsed.data;
  const eventId = Number((job.data as { id?: unknown }).id);
  await enqueueBoards(ctx, boardsFor(event));
  if ((event.name === 'message.created' || event.name === 'message.copyConfirmed') && Number.isSafeInteger(eventId)) {
    const kinds = emailsFor(event);
    if (kinds.length > 0) {
      await ctx.queues.emails.addBulk(
        kinds.map((kind) => emailJob(ctx, { eventId, messageId: event.messageId, kind })),
      );
    }
  }
  if (event.name === 'email.confirmationRequested' && Number.isSafeInteger(eventId)) {
    await ctx.queues.emails.addBulk([confirmationJob(ctx, { eventId, confirmationId: event.confirmationId })]);
  }
  if (event.name === 'visitorReply.created' && Number.isSafeInteger(eventId)) {
    await ctx.queues.emails.addBulk([visitorReplyJob(ctx, { eventId, replyId: event.replyId })]);
  }
  const notices = Number.isSafeInteger(eventId) ? requestNoticesFor(event, eventId) : [];
  if (notices.length > 0) await ctx.queues.emails.addBulk(notices.map((data) => requestNoticeJob(ctx, data)));
}
