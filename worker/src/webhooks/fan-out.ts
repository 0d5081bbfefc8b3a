import type { DomainEvent } from '@vitrine/domain/events';
import type { EffectHandlers } from '@vitrine/domain/event-effects';
import { sitePaths } from '@vitrine/domain/site-paths';
import { VOTE_MILESTONES, type WebhookEventName, type WebhookPayload } from '@vitrine/domain/webhooks';
import { makeCommentQueries } from '@vitrine/db/queries/comments';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeProjectUpdateQueries } from '@vitrine/db/queries/project-updates';
import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { makeWebhookQueries } from '@vitrine/db/queries/webhooks';
import type { WorkerContext } from '../context';
import { webhookDeliveryJob } from '../tasks/deliver-webhook-task';

/** A webhook event about one project: its name, the key that makes it once, and its data. */
interface WebhookNews {
  event: WebhookEventName;
  projectId: number;
  /** Names the news: a second fan-out of the same key adds no delivery. */
  key: string;
  data: Record<string, unknown>;
}

/** The username of member `id`, or null when they are gone. */
async function usernameOf(ctx: WorkerContext, id: number): Promise<string | null> {
  return (await makeUserQueries(ctx.sql).findUserById(id))?.username ?? null;
}

/**
 * Writes the deliveries of `news` to the webhooks of its project's owner that subscribe to it, and
 * queues their first attempts (the job ids make a second run add nothing).
 */
async function fanOut(ctx: WorkerContext, news: WebhookNews): Promise<void> {
  const project = await makeProjectQueries(ctx.sql).findProject(news.projectId, null);
  if (!project) return;
  const payload: WebhookPayload = {
    id: news.key,
    event: news.event,
    createdAt: new Date().toISOString(),
    project: { id: project.id, title: project.title, url: `${ctx.config.siteUrl}${sitePaths.project(project.id)}` },
    data: news.data,
  };
  const ids = await makeWebhookQueries(ctx.sql).fanOut({
    eventKey: news.key,
    event: news.event,
    projectId: project.id,
    body: JSON.stringify(payload),
  });
  if (ids.length > 0)
    await ctx.queues.webhooks.addBulk(ids.map((deliveryId) => webhookDeliveryJob(ctx, { deliveryId, round: 0 })));
}

/** The news of a test-request event (its project from the request), or nothing when the request is gone. */
async function requestNews(
  ctx: WorkerContext,
  event: WebhookEventName,
  key: string,
  requestId: number,
  data: Record<string, unknown>,
): Promise<void> {
  const request = await makeTestRequestQueries(ctx.sql).findNoticeSubject(requestId);
  if (!request) return;
  const url = `${ctx.config.siteUrl}${sitePaths.testRequest(requestId)}`;
  await fanOut(ctx, { event, projectId: request.projectId, key, data: { requestId, url, ...data } });
}

/**
 * The webhook event of each webhook effect (domain/src/event-effects.ts WEBHOOK_EFFECTS), sent to the
 * project owner's webhooks that subscribe to it. `eventId` is the outbox id that names the news.
 */
export const WEBHOOKS: EffectHandlers<'webhook', DomainEvent, [WorkerContext, number], Promise<void>> = {
  none: async () => {},
  voteMilestone: async (event, ctx) => {
    if (!(VOTE_MILESTONES as readonly number[]).includes(event.votes)) return;
    // Once per project and milestone, whichever vote reached it.
    const key = `milestone-${event.projectId}-${event.votes}`;
    await fanOut(ctx, { event: 'vote.milestone', projectId: event.projectId, key, data: { votes: event.votes } });
  },
  commentCreated: async (event, ctx, eventId) => {
    const comment = await makeCommentQueries(ctx.sql).findComment(event.commentId);
    if (!comment || comment.deletedAt !== null) return;
    await fanOut(ctx, {
      event: 'comment.created',
      projectId: event.projectId,
      key: `event-${eventId}`,
      data: {
        commentId: comment.id,
        parentId: comment.parentId,
        author: comment.authorUsername,
        body: comment.body,
        url: `${ctx.config.siteUrl}${sitePaths.project(event.projectId)}#comments-heading`,
      },
    });
  },
  feedbackPosted: async (event, ctx, eventId) => {
    if (!event.created) return;
    const tester = await usernameOf(ctx, event.testerId);
    await requestNews(ctx, 'feedback.created', `event-${eventId}`, event.requestId, {
      feedbackId: event.feedbackId,
      tester,
    });
  },
  testerJoined: async (event, ctx, eventId) => {
    const tester = await usernameOf(ctx, event.testerId);
    await requestNews(ctx, 'tester.joined', `event-${eventId}`, event.requestId, { tester });
  },
  healthChanged: async (event, ctx, eventId) => {
    const name = event.status === 'down' ? 'project.down' : event.status === 'up' ? 'project.up' : null;
    if (name === null || (name === 'project.up' && event.previous !== 'down')) return;
    await fanOut(ctx, {
      event: name,
      projectId: event.projectId,
      key: `event-${eventId}`,
      data: { status: event.status, previous: event.previous, since: event.since },
    });
  },
  updatePosted: async (event, ctx, eventId) => {
    const update = await makeProjectUpdateQueries(ctx.sql).findUpdate(event.updateId);
    if (!update || update.deletedAt !== null) return;
    await fanOut(ctx, {
      event: 'update.posted',
      projectId: event.projectId,
      key: `event-${eventId}`,
      data: {
        updateId: update.id,
        title: update.title,
        url: `${ctx.config.siteUrl}${sitePaths.project(event.projectId)}#update-${update.id}`,
      },
    });
  },
};
