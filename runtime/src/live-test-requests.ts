import type { Emitter } from '@socket.io/redis-emitter';
import type { ServerToClientEvents, StoredEvent } from '@vitrine/domain/events';
import { rooms } from '@vitrine/domain/events';
import type { Sql } from '@vitrine/db/sql';
import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';

/** The test-request events. */
export type TestRequestEvent = Extract<
  StoredEvent,
  {
    name:
      | 'testRequest.created'
      | 'testRequest.updated'
      | 'tester.joined'
      | 'tester.left'
      | 'feedback.posted'
      | 'feedback.markedHelpful'
      | 'userRating.saved'
      | 'userRating.removed';
  }
>;

const NAMES = new Set<string>([
  'testRequest.created',
  'testRequest.updated',
  'tester.joined',
  'tester.left',
  'feedback.posted',
  'feedback.markedHelpful',
  'userRating.saved',
  'userRating.removed',
]);

/** Whether `event` is one of the test-request events. */
export function isTestRequestEvent(event: StoredEvent): event is TestRequestEvent {
  return NAMES.has(event.name);
}

/**
 * Tells the users `push.to` that a request changed, with its title and status. Answers false, pushing
 * nothing, when the request (or the user `userId` the event names) is gone.
 */
async function pushChanged(
  emitter: Emitter<ServerToClientEvents>,
  requests: ReturnType<typeof makeTestRequestQueries>,
  requestId: number,
  userId: number,
  push: { to: number[]; statusChanged: boolean },
): Promise<boolean> {
  const head = await requests.findHeadline(requestId, userId);
  if (!head) return false;
  emitter.to(push.to.map(rooms.user)).emit('testRequest:changed', {
    requestId,
    title: head.title,
    status: head.status,
    statusChanged: push.statusChanged,
  });
  return true;
}

/**
 * The pushes of a test-request event: the owner hears of joins and feedback (a toast and the live
 * badge), the owner and testers of status changes, the public lists of anything that changes them.
 * Private pushes carry a title and a name only; the page refetches through the API.
 */
export async function emitTestRequestPushes(
  emitter: Emitter<ServerToClientEvents>,
  sql: Sql,
  event: TestRequestEvent,
): Promise<void> {
  const requests = makeTestRequestQueries(sql);
  switch (event.name) {
    case 'testRequest.created':
      emitter.emit('testRequests:changed');
      return;
    case 'testRequest.updated': {
      const told = await pushChanged(emitter, requests, event.requestId, event.ownerId, {
        to: [event.ownerId, ...event.testerIds],
        statusChanged: event.status !== null,
      });
      if (told) emitter.emit('testRequests:changed');
      return;
    }
    case 'tester.joined':
    case 'feedback.posted': {
      const head = await requests.findHeadline(event.requestId, event.testerId);
      if (!head) return;
      const kind = event.name === 'tester.joined' ? 'joined' : 'feedback';
      emitter
        .to(rooms.user(event.ownerId))
        .emit('testRequest:activity', { requestId: event.requestId, title: head.title, kind, username: head.username });
      if (kind === 'joined') emitter.emit('testRequests:changed');
      return;
    }
    case 'tester.left':
      await pushChanged(emitter, requests, event.requestId, event.testerId, {
        to: [event.ownerId],
        statusChanged: false,
      });
      emitter.emit('testRequests:changed');
      return;
    case 'feedback.markedHelpful':
      await pushChanged(emitter, requests, event.requestId, event.testerId, {
        to: [event.testerId],
        statusChanged: false,
      });
      return;
    case 'userRating.saved':
    case 'userRating.removed':
      // Profiles and badges are read when shown; nothing private to push.
      return;
  }
}
