import type { Emitter } from '@socket.io/redis-emitter';
import type { ServerToClientEvents, StoredEvent } from '@vitrine/domain/events';
import { rooms } from '@vitrine/domain/events';
import type { Sql } from '@vitrine/db/sql';
import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import type { EffectHandlers } from '@vitrine/domain/event-effects';

/**
 * The pushes of each test-request push effect (domain/src/event-effects.ts TEST_REQUEST_PUSHES), which
 * keep the pages showing a request fresh: the owner's of joins and feedback, the owner's and testers'
 * of status changes, the public lists of anything that changes them. Private pushes carry a title and
 * a status only; the page refetches through the API. Telling the member of the news is the
 * notification's (its bell, live push, toast and mail: docs/architecture.md "Notifications").
 */
export function makeTestRequestPushes(
  emitter: Emitter<ServerToClientEvents>,
  sql: Sql,
): EffectHandlers<'testRequestPush', StoredEvent, [], Promise<void> | void> {
  const requests = makeTestRequestQueries(sql);
  /** Tells member `to` that request `requestId` changed, its status unchanged. */
  const tellChanged = async (requestId: number, to: number) => {
    const head = await requests.findHeadline(requestId, to);
    if (head)
      emitter
        .to(rooms.user(to))
        .emit('testRequest:changed', { requestId, title: head.title, status: head.status, statusChanged: false });
  };
  return {
    none: () => {},
    listChanged: () => {
      emitter.emit('testRequests:changed');
    },
    requestUpdated: async (event) => {
      const head = await requests.findHeadline(event.requestId, event.ownerId);
      if (!head) return;
      const targets = [event.ownerId, ...event.testerIds].map(rooms.user);
      emitter.to(targets).emit('testRequest:changed', {
        requestId: event.requestId,
        title: head.title,
        status: head.status,
        statusChanged: event.status !== null,
      });
      emitter.emit('testRequests:changed');
    },
    testerActivity: async (event) => {
      await tellChanged(event.requestId, event.ownerId);
      if (event.name === 'tester.joined') emitter.emit('testRequests:changed');
    },
    testerLeft: async (event) => {
      await tellChanged(event.requestId, event.ownerId);
      emitter.emit('testRequests:changed');
    },
    feedbackMarkedHelpful: async (event) => {
      await tellChanged(event.requestId, event.testerId);
    },
  };
}
