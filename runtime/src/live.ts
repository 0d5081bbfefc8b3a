import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { ServerToClientEvents, StoredEvent } from '@vitrine/domain/events';
import { rooms } from '@vitrine/domain/events';
import type { Sql } from '@vitrine/db/sql';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeReportQueries } from '@vitrine/db/queries/reports';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { applyAccountRooms, leaveOtherSessionRooms, leaveSessionRooms } from './rooms';
import { emitTestRequestPushes, isTestRequestEvent } from './live-test-requests';

/**
 * The pub/sub key shared by the Socket.IO Redis adapter of every API node and by every emitter
 * (API or worker): one per deployment prefix, so test runs and deployments never hear each other.
 */
export function socketKey(prefix: string): string {
  return `${prefix}socket.io`;
}

/** Turns committed events into Socket.IO pushes from any process (design.md "Realtime"). */
export interface LivePushes {
  /** Emits the pushes `event` implies. Never throws; a push missed while Redis is down is simply lost. */
  emit(event: StoredEvent): Promise<void>;
  /** Takes a signed-out session's sockets out of the user's private rooms on every node. Never throws. */
  leaveSession(sessionId: string, userId: number): void;
  /** Takes the sockets of every other session of the user out of their private rooms (issue 14). Never throws. */
  leaveOtherSessions(userId: number, keepSessionId: string): void;
}

/**
 * An emitter through @socket.io/redis-emitter: it PUBLISHes on the adapter's channel, so the push
 * reaches the sockets of every API node. Pushes are small: counts for a project room, invalidations
 * for private rooms (the client refetches through the API, which authorizes).
 *
 * `redis` should be a connection with `enableOfflineQueue: false`: while Redis is down a push fails
 * at once instead of piling up in memory and arriving late.
 */
export function createLivePushes(opts: { sql: Sql; redis: Redis; prefix: string; log?: (err: unknown) => void }): LivePushes {
  const log = opts.log ?? ((err) => console.error('[live]', err));
  // The emitter calls publish() and drops the promise; a rejected one would be an unhandled rejection.
  const client = {
    publish: (channel: string, message: string | Buffer) => opts.redis.publish(channel, message).catch(log),
  };
  const emitter = new Emitter<ServerToClientEvents>(client, { key: socketKey(opts.prefix) });
  const projects = makeProjectQueries(opts.sql);
  const reports = makeReportQueries(opts.sql);

  /** Puts the account's sockets in the rooms its row grants now (read, not trusted from the payload, so order does not matter). */
  async function syncAccountRooms(userId: number) {
    const user = await makeUserQueries(opts.sql).findUserById(userId);
    applyAccountRooms(emitter, userId, user ?? null);
  }

  return {
    leaveSession(sessionId, userId) {
      if (opts.redis.status === 'ready') leaveSessionRooms(emitter, sessionId, userId);
    },
    leaveOtherSessions(userId, keepSessionId) {
      if (opts.redis.status === 'ready') leaveOtherSessionRooms(emitter, userId, keepSessionId);
    },
    async emit(event) {
      if (opts.redis.status !== 'ready') return;
      try {
        if (isTestRequestEvent(event)) {
          await emitTestRequestPushes(emitter, opts.sql, event);
          return;
        }
        switch (event.name) {
          case 'vote.created':
          case 'rating.saved': {
            // Read the row rather than trusting the payload: pushes then always carry all three counts.
            const counts = await projects.findVisibleCounts(event.projectId);
            if (counts) emitter.to(rooms.project(event.projectId)).emit('project:counts', counts);
            return;
          }
          case 'project.created':
          case 'project.updated':
          case 'project.hidden':
          case 'project.deleted':
            emitter.emit('projects:changed');
            return;
          case 'user.deleted':
            await syncAccountRooms(event.userId);
            emitter.emit('projects:changed');
            return;
          case 'user.updated':
            await syncAccountRooms(event.userId);
            return;
          case 'report.created': {
            const report = await reports.findReportHeadline(event.reportId);
            if (report) emitter.to(rooms.admins).emit('report:created', report);
            return;
          }
          case 'message.created': {
            // Admins read every message; a message to a member also changes that member's inbox.
            const targets = event.recipientUserId === null ? [rooms.admins] : [rooms.user(event.recipientUserId), rooms.admins];
            emitter.to(targets).emit('messages:changed');
            return;
          }
        }
      } catch (err) {
        log(err);
      }
    },
  };
}
