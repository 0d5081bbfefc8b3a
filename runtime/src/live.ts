import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { CommentPush, ServerToClientEvents, StoredEvent } from '@vitrine/domain/events';
import type { NotificationView } from '@vitrine/domain/answers';
import { rooms } from '@vitrine/domain/events';
import type { Sql } from '@vitrine/db/sql';
import { makeReportQueries } from '@vitrine/db/queries/reports';
import { makeUserQueries } from '@vitrine/db/queries/users';
import {
  accountRoom,
  applyAccountRooms,
  closeAccountSockets,
  leaveOtherSessionRooms,
  leaveSessionRooms,
} from './rooms';
import { findProjectOwnerId } from '@vitrine/db/queries/project-access';
import { effectOf, runEffect, type EffectHandlers, type EventWith } from '@vitrine/domain/event-effects';
import { makeTestRequestPushes } from './live-test-requests';
import { staleReadsChannel, staleTagsOfAll } from './stale-reads';
import { loggerFor } from './logger';

/**
 * The pub/sub key shared by the Socket.IO Redis adapter of every API node and by every emitter
 * (API or worker): one per deployment prefix, so test runs and deployments never hear each other.
 */
export function socketKey(prefix: string): string {
  return `${prefix}socket.io`;
}

/** Turns committed events into Socket.IO pushes from any process. */
export interface LivePushes {
  /**
   * announceStale for the shared reads `events` make stale (one announcement for the group), then
   * push. Never throws; a push missed while Redis is down is simply lost.
   */
  announceAndPush(events: StoredEvent[]): Promise<void>;
  /**
   * The Socket.IO pushes and room moves of `events` (their livePush and testRequestPush effects),
   * counts pushes coalesced per project (the group's last counts); no stale-read announcement. Never throws.
   */
  push(events: StoredEvent[]): Promise<void>;
  /** Takes a signed-out session's sockets out of the user's private rooms on every node. Never throws. */
  leaveSession(sessionId: string, userId: number): void;
  /** Takes the sockets of every other session of the user out of their private rooms. Never throws. */
  leaveOtherSessions(userId: number, keepSessionId: string): void;
  /**
   * Tells every API node that shared reads carrying one of `tags` are stale (runtime/src/stale-reads.ts).
   * Resolves once Redis has handed the message to the subscribers; never throws.
   */
  announceStale(tags: string[]): Promise<void>;
  /** `notification:new` to each recipient's sockets (room user:{id}). Never throws. */
  notify(pushes: Array<{ userId: number; notification: NotificationView; unreadCount: number }>): void;
}

/**
 * An emitter through @socket.io/redis-emitter: it PUBLISHes on the adapter's channel, so the push
 * reaches the sockets of every API node. Pushes are small: counts for a project room, invalidations
 * for private rooms (the client refetches through the API, which authorizes).
 *
 * `redis` should be a connection with `enableOfflineQueue: false`: while Redis is down a push fails
 * at once instead of piling up in memory and arriving late.
 */
export function createLivePushes(opts: {
  sql: Sql;
  redis: Redis;
  prefix: string;
  log?: (err: unknown) => void;
}): LivePushes {
  const log = opts.log ?? ((err) => loggerFor('live').error({ err }, 'live push failed'));
  // The emitter calls publish() and drops the promise; a rejected one would be an unhandled rejection.
  const client = {
    publish: (channel: string, message: string | Buffer) => opts.redis.publish(channel, message).catch(log),
  };
  const emitter = new Emitter<ServerToClientEvents>(client, { key: socketKey(opts.prefix) });
  const reports = makeReportQueries(opts.sql);

  /** Puts the account's sockets in the rooms its row grants now (read, not trusted from the payload, so order does not matter). */
  async function syncAccountRooms(userId: number) {
    const user = await makeUserQueries(opts.sql).findUserById(userId);
    applyAccountRooms(emitter, userId, user ?? null);
  }

  /** Takes every socket but the owner's and the admins' out of project `id`'s room, on every API node. */
  async function leaveHiddenProjectRoom(id: number) {
    const ownerId = await findProjectOwnerId(opts.sql, id);
    const keep = ownerId === null || ownerId === undefined ? [rooms.admins] : [rooms.admins, accountRoom(ownerId)];
    emitter.in(rooms.project(id)).except(keep).socketsLeave(rooms.project(id));
  }

  async function announceStale(tags: string[]) {
    if (tags.length === 0 || opts.redis.status !== 'ready') return;
    // Awaited: when the request that made the change answers, every node has been told.
    await opts.redis.publish(staleReadsChannel(opts.prefix), JSON.stringify(tags)).catch(log);
  }

  /** The live pushes of each effect (domain/src/event-effects.ts LIVE_PUSHES). */
  const livePushes: EffectHandlers<'livePush', StoredEvent, [], Promise<void> | void> = {
    none: () => {},
    counts: (event) => {
      // The event carries the counts its statement wrote: no read of the row.
      const { projectId: id, votes, averageRating, totalRatings } = event;
      emitter.to(rooms.project(id)).emit('project:counts', { id, votes, averageRating, totalRatings });
    },
    projectsChanged: () => {
      emitter.emit('projects:changed');
    },
    projectHidden: async (event) => {
      // A hidden project's counts reach only its owner and admins: every other socket leaves its room.
      if (event.hidden) await leaveHiddenProjectRoom(event.projectId);
      emitter.emit('projects:changed');
    },
    userDeleted: async (event) => {
      // A member who closed their account is signed out everywhere: their sockets are dropped and
      // reconnect as a visitor's (web/src/lib/socket.ts). An admin's delete moves them out of rooms.
      if (event.byOwner) closeAccountSockets(emitter, event.userId);
      else await syncAccountRooms(event.userId);
      emitter.emit('projects:changed');
    },
    accountRooms: (event) => syncAccountRooms(event.userId),
    reportCreated: async (event) => {
      const report = await reports.findReportHeadline(event.reportId);
      if (report) emitter.to(rooms.admins).emit('report:created', report);
    },
    messagesChanged: (event) => {
      // Admins read every message; a message to a member also changes that member's inbox.
      const targets =
        event.recipientUserId === null ? [rooms.admins] : [rooms.user(event.recipientUserId), rooms.admins];
      emitter.to(targets).emit('messages:changed');
    },
    adminInboxChanged: () => {
      emitter.to(rooms.admins).emit('messages:changed');
    },
    // The project's room holds only readers of the project (a hidden one's: its owner and admins).
    commentCreated: (event) =>
      void emitter.to(rooms.project(event.projectId)).emit('comment:created', commentPush(event)),
    commentUpdated: (event) =>
      void emitter.to(rooms.project(event.projectId)).emit('comment:updated', commentPush(event)),
    commentDeleted: (event) =>
      void emitter.to(rooms.project(event.projectId)).emit('comment:deleted', commentPush(event)),
    commentReported: (event) => {
      const { reportId: id, commentId, projectId } = event;
      emitter.to(rooms.admins).emit('commentReport:created', { id, commentId, projectId });
    },
    integrityChanged: (event) => {
      emitter.to(rooms.admins).emit('integrity:changed', { clusterId: event.clusterId });
    },
    health: (event) => {
      const { projectId: id, status, since } = event;
      emitter.to(rooms.project(id)).emit('project:health', { id, status, since });
    },
    followers: async (event) => {
      // The count comes from the event; the name, which the page showing the profile knows it by, from
      // the row (gone: the maker was deleted, and nobody watches a profile that is not there).
      const maker = await makeUserQueries(opts.sql).findUserById(event.makerId);
      if (!maker) return;
      emitter
        .to(rooms.profile(event.makerId))
        .emit('user:followers', { username: maker.username, followers: event.followers });
    },
  };
  const testRequestPushes = makeTestRequestPushes(emitter, opts.sql);

  return {
    leaveSession(sessionId, userId) {
      if (opts.redis.status === 'ready') leaveSessionRooms(emitter, sessionId, userId);
    },
    leaveOtherSessions(userId, keepSessionId) {
      if (opts.redis.status === 'ready') leaveOtherSessionRooms(emitter, userId, keepSessionId);
    },
    announceStale,
    notify(pushes) {
      if (opts.redis.status !== 'ready') return;
      for (const { userId, notification, unreadCount } of pushes)
        emitter.to(rooms.user(userId)).emit('notification:new', { notification, unreadCount });
    },
    async announceAndPush(events) {
      await announceStale(staleTagsOfAll(events));
      await push(events);
    },
    push,
  };

  async function push(events: StoredEvent[]): Promise<void> {
    await Promise.all(latestCounts(events).map(pushOne));
  }

  /** The pushes `event` implies (its live push, then its test-request push), without its stale-read tags. Never throws. */
  async function pushOne(event: StoredEvent): Promise<void> {
    if (opts.redis.status !== 'ready') return;
    try {
      await runEffect(livePushes, 'livePush', event);
      await runEffect(testRequestPushes, 'testRequestPush', event);
    } catch (err) {
      log(err);
    }
  }
}

/** What a comment push carries: the comment's place and the project's comment count (no text: readers refetch through the API). */
function commentPush(event: CommentPush): CommentPush {
  const { projectId, commentId, parentId, commentCount } = event;
  return { projectId, commentId, parentId, commentCount };
}

/**
 * `events` less the counts pushes a later one in the list overtakes: a burst of votes on one project
 * (a ballot box group) pushes its last counts once rather than every count on the way.
 */
function latestCounts(events: StoredEvent[]): StoredEvent[] {
  const counts = (event: StoredEvent): event is EventWith<'livePush', 'counts', StoredEvent> =>
    effectOf('livePush', event) === 'counts';
  const last = new Map<number, StoredEvent>();
  for (const event of events) if (counts(event)) last.set(event.projectId, event);
  return events.filter((event) => !counts(event) || last.get(event.projectId) === event);
}
