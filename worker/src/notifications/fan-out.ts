import type { DomainEvent } from '@vitrine/domain/events';
import type { EffectHandlers } from '@vitrine/domain/event-effects';
import { REQUEST_STATUS_LABELS } from '@vitrine/domain/test-requests';
import { sitePaths } from '@vitrine/domain/site-paths';
import { makeCommentQueries } from '@vitrine/db/queries/comments';
import { makeFollowQueries } from '@vitrine/db/queries/follows';
import { makeMessageQueries } from '@vitrine/db/queries/messages';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeProjectUpdateQueries } from '@vitrine/db/queries/project-updates';
import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { makeRankingQueries } from '@vitrine/db/queries/rankings';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { makeWebhookQueries } from '@vitrine/db/queries/webhooks';
import { WEBHOOK_FAILURES_TO_DISABLE } from '@vitrine/domain/webhooks';
import type { NotificationNews } from '@vitrine/db/queries/notifications';
import type { WorkerContext } from '../context';
import { deliverNews } from './deliver';

/** Followers written per statement when a maker's new project fans out. */
export const FOLLOWER_BATCH = 1000;

/** The news about test request `requestId` (undefined when it is gone or hidden). */
async function requestNews(
  ctx: WorkerContext,
  requestId: number,
): Promise<(Pick<NotificationNews, 'projectId' | 'url' | 'subject'> & { ownerId: number }) | undefined> {
  const request = await makeTestRequestQueries(ctx.sql).findNoticeSubject(requestId);
  if (!request || request.isHidden) return undefined;
  return {
    ownerId: request.ownerId,
    projectId: request.projectId,
    url: sitePaths.testRequest(requestId),
    subject: request.title,
  };
}

/**
 * News for every follower of maker `makerId` (except those in `skip`): one delivery statement per
 * FOLLOWER_BATCH followers in id order, so ten thousand followers cost ten statements and ten bursts
 * of pushes.
 */
async function deliverToFollowers(
  ctx: WorkerContext,
  makerId: number,
  news: Omit<NotificationNews, 'recipientIds'>,
  skip: ReadonlySet<number> = new Set(),
): Promise<void> {
  const follows = makeFollowQueries(ctx.sql);
  let after = 0;
  for (;;) {
    const batch = await follows.followerBatch(makerId, after, FOLLOWER_BATCH);
    if (batch.length === 0) return;
    const recipientIds = batch.filter((id) => !skip.has(id));
    if (recipientIds.length > 0) await deliverNews(ctx, { ...news, recipientIds });
    after = batch[batch.length - 1]!;
  }
}

/** A maker's new visible project, to every follower. */
async function notifyFollowers(ctx: WorkerContext, key: string, projectId: number, makerId: number): Promise<void> {
  const project = await makeProjectQueries(ctx.sql).findProject(projectId, null);
  if (!project || project.isHidden) return;
  await deliverToFollowers(ctx, makerId, {
    key,
    kind: 'newProject',
    actorId: makerId,
    projectId,
    groupKey: `project:${projectId}`,
    url: sitePaths.project(projectId),
    subject: project.title,
  });
}

/**
 * A posted or edited update of a visible project: each tester whose feedback it newly addresses hears
 * "Your feedback on <project> was addressed in <update>"; on a post (`followers`), the maker's
 * followers who were not told so hear of the update. The author never hears of their own update.
 */
async function notifyAboutUpdate(
  ctx: WorkerContext,
  key: string,
  event: { projectId: number; updateId: number; authorId: number; addressedFeedbackIds: number[] },
  followers: boolean,
): Promise<void> {
  const project = await makeProjectQueries(ctx.sql).findProject(event.projectId, null);
  if (!project || project.isHidden) return;
  const updates = makeProjectUpdateQueries(ctx.sql);
  const update = await updates.findUpdate(event.updateId);
  if (!update || update.deletedAt !== null) return;
  const place = {
    actorId: event.authorId,
    projectId: event.projectId,
    url: `${sitePaths.project(event.projectId)}#update-${event.updateId}`,
    subject: project.title,
    detail: update.title,
  };
  const testers = (await updates.testersOf(event.addressedFeedbackIds)).filter((id) => id !== event.authorId);
  if (testers.length > 0) {
    await deliverNews(ctx, {
      ...place,
      key: `${key}:addressed`,
      kind: 'feedbackAddressed',
      recipientIds: testers,
      groupKey: `update:${event.updateId}`,
    });
  }
  if (!followers || project.userId === null) return;
  const told = new Set([...testers, event.authorId]);
  const news = {
    ...place,
    key: `${key}:followers`,
    kind: 'projectUpdate',
    groupKey: `updates:${event.projectId}`,
  } as const;
  await deliverToFollowers(ctx, project.userId, news, told);
}

/** Delivers the news of a test-request event to `recipientIds` (nothing when the request is gone or hidden). */
async function notifyAboutRequest(
  ctx: WorkerContext,
  key: string,
  requestId: number,
  news: Pick<NotificationNews, 'kind' | 'actorId' | 'detail'> & { recipients: (ownerId: number) => number[] },
): Promise<void> {
  const about = await requestNews(ctx, requestId);
  if (!about) return;
  const { ownerId, ...place } = about;
  await deliverNews(ctx, {
    key,
    ...place,
    kind: news.kind,
    actorId: news.actorId,
    detail: news.detail ?? null,
    groupKey: `request:${requestId}`,
    recipientIds: news.recipients(ownerId),
  });
}

/**
 * A new comment: each member named `@username` hears of a mention; the parent's author (a reply) of a
 * reply; the project's maker of a comment. Each member hears once, the most personal news first, and
 * the author never of their own comment. Comments of a project group per kind and place.
 */
async function notifyAboutComment(
  ctx: WorkerContext,
  key: string,
  event: {
    projectId: number;
    commentId: number;
    parentId: number | null;
    authorId: number;
    mentionedUserIds: number[];
  },
): Promise<void> {
  const project = await makeProjectQueries(ctx.sql).findProject(event.projectId, null);
  if (!project || project.isHidden) return;
  const parent = event.parentId === null ? undefined : await makeCommentQueries(ctx.sql).findComment(event.parentId);
  const told = new Set<number>([event.authorId]);
  const take = (ids: Array<number | null | undefined>) => {
    const fresh = ids.filter((id): id is number => typeof id === 'number' && !told.has(id));
    fresh.forEach((id) => told.add(id));
    return fresh;
  };
  const place = {
    actorId: event.authorId,
    projectId: event.projectId,
    url: `${sitePaths.project(event.projectId)}#comments-heading`,
    subject: project.title,
  };
  const news = [
    { kind: 'mention', recipientIds: take(event.mentionedUserIds), groupKey: `comment:${event.commentId}` },
    { kind: 'reply', recipientIds: take([parent?.authorId]), groupKey: `thread:${event.parentId}` },
    { kind: 'comment', recipientIds: take([project.userId]), groupKey: `project:${event.projectId}` },
  ] as const;
  for (const { kind, recipientIds, groupKey } of news)
    if (recipientIds.length > 0)
      await deliverNews(ctx, { key: `${key}:${kind}`, kind, recipientIds, groupKey, ...place });
}

/**
 * The notifications of each notify effect (domain/src/event-effects.ts NOTIFY_EFFECTS), the key of
 * each piece of news taken from the event's id (an event without one makes none). A new kind is one
 * more handler describing its news for deliverNews.
 */
export const NOTIFY: EffectHandlers<'notify', DomainEvent, [WorkerContext, string], Promise<void>> = {
  none: async () => {},
  makerFollowers: (event, ctx, key) => notifyFollowers(ctx, key, event.projectId, event.userId),
  newFollower: async (event, ctx, key) => {
    const maker = await makeUserQueries(ctx.sql).findUserById(event.makerId);
    if (!maker) return;
    // Unread follows group into one line ("ada and 2 others started following you") that opens the profile.
    await deliverNews(ctx, {
      key,
      kind: 'newFollower',
      recipientIds: [event.makerId],
      actorId: event.followerId,
      projectId: null,
      groupKey: 'followers',
      url: sitePaths.user(maker.username),
      subject: maker.username,
    });
  },
  testerJoined: (event, ctx, key) =>
    notifyAboutRequest(ctx, key, event.requestId, {
      kind: 'testerJoined',
      actorId: event.testerId,
      recipients: () => [event.ownerId],
    }),
  feedbackPosted: async (event, ctx, key) => {
    if (!event.created) return;
    await notifyAboutRequest(ctx, key, event.requestId, {
      kind: 'feedbackPosted',
      actorId: event.testerId,
      recipients: () => [event.ownerId],
    });
  },
  requestStatus: async (event, ctx, key) => {
    if (event.status === null) return;
    await notifyAboutRequest(ctx, key, event.requestId, {
      kind: 'requestStatus',
      actorId: event.ownerId,
      detail: REQUEST_STATUS_LABELS[event.status].toLowerCase(),
      recipients: () => event.testerIds,
    });
  },
  feedbackHelpful: (event, ctx, key) =>
    notifyAboutRequest(ctx, key, event.requestId, {
      kind: 'feedbackHelpful',
      actorId: null,
      recipients: () => [event.testerId],
    }),
  ratingReceived: (event, ctx, key) =>
    notifyAboutRequest(ctx, key, event.requestId, {
      kind: 'ratingReceived',
      actorId: event.raterUserId,
      recipients: () => [event.ratedUserId],
    }),
  commentPosted: (event, ctx, key) => notifyAboutComment(ctx, key, event),
  healthChanged: async (event, ctx, key) => {
    if (event.recipientIds.length === 0) return;
    const project = await makeProjectQueries(ctx.sql).findProject(event.projectId, null);
    if (!project) return;
    await deliverNews(ctx, {
      key,
      kind: 'projectHealth',
      recipientIds: event.recipientIds,
      actorId: null,
      projectId: event.projectId,
      // Down, then up again while unread: one row telling the latest.
      groupKey: `health:${event.projectId}`,
      url: sitePaths.project(event.projectId),
      subject: project.title,
      detail: event.status === 'down' ? 'down' : 'up',
    });
  },
  updatePosted: (event, ctx, key) => notifyAboutUpdate(ctx, key, event, true),
  webhookDisabled: async (event, ctx, key) => {
    const webhook = await makeWebhookQueries(ctx.sql).findForUser(event.webhookId, event.userId);
    if (!webhook) return;
    await deliverNews(ctx, {
      key,
      kind: 'webhookDisabled',
      recipientIds: [event.userId],
      actorId: null,
      projectId: null,
      groupKey: `webhook:${event.webhookId}`,
      url: sitePaths.webhooks,
      subject: new URL(webhook.url).host,
      detail: `${WEBHOOK_FAILURES_TO_DISABLE} deliveries in a row failed`,
    });
  },
  feedbackAddressed: async (event, ctx, key) => {
    if (event.addressedFeedbackIds.length === 0) return;
    await notifyAboutUpdate(ctx, key, event, false);
  },
  adminReply: async (event, ctx, key) => {
    if (event.kind !== 'reply' || event.recipientUserId === null) return;
    const message = await makeMessageQueries(ctx.sql).findMessageById(event.messageId);
    if (!message || !message.senderIsAdmin) return;
    await deliverNews(ctx, {
      key,
      kind: 'adminReply',
      recipientIds: [event.recipientUserId],
      actorId: message.senderUserId,
      projectId: null,
      groupKey: `message:${message.id}`,
      url: '/messages',
      subject: message.subject,
      // The reply itself, for the mail (the member's own message; the centre shows the sentence only).
      detail: message.message,
    });
  },
};

/** The places of today's Trending board whose makers hear of it. */
export const TRENDING_NOTIFIED_PLACES = 10;

/**
 * Tells the maker of each project in today's Trending top TRENDING_NOTIFIED_PLACES, once a day per
 * project (the news is keyed by project and UTC day): run after the today board changed.
 */
export async function notifyTrendingTop(ctx: WorkerContext): Promise<void> {
  const top = await makeRankingQueries(ctx.sql).listTrending({
    period: 'today',
    offset: 0,
    limit: TRENDING_NOTIFIED_PLACES,
    viewer: null,
  });
  const day = new Date().toISOString().slice(0, 10);
  for (const project of top) {
    if (project.userId === null) continue;
    await deliverNews(ctx, {
      key: `trending:${project.id}:${day}`,
      kind: 'trending',
      recipientIds: [project.userId],
      actorId: null,
      projectId: project.id,
      groupKey: `trending:${project.id}`,
      url: sitePaths.project(project.id),
      subject: project.title,
    });
  }
}
