import { describe, expect, it } from 'vitest';
import { eventSchema, type DomainEvent, type EventName, type ServerToClientEvents } from './events';
import {
  EVENT_EFFECTS,
  LIVE_PUSHES,
  STALE_READ_EFFECTS,
  TEST_REQUEST_PUSHES,
  WEBHOOK_EFFECTS,
  WORKER_JOB_EFFECTS,
  pushesOf,
  runEffect,
  webKeysOfPush,
  type EffectHandlers,
  type EventEffectTable,
  type EventEffects,
  type InvalidatingPush,
} from './event-effects';

// The type checker (npm run typecheck) holds these: each line marked @ts-expect-error must fail to compile.

// @ts-expect-error A row decides every kind of effect: this one forgets the web keys.
const forgetsAnEffect: EventEffects = {
  staleReads: 'none',
  livePush: 'none',
  testRequestPush: 'none',
  workerJobs: 'none',
};

// @ts-expect-error A new event (here 'project.starred') has no row until one is written for it.
const newEvent: EventEffectTable<EventName | 'project.starred'> = EVENT_EFFECTS;

// @ts-expect-error An effect name no workspace knows is refused.
const unknownEffect: EventEffects = { ...EVENT_EFFECTS['vote.created'], livePush: 'fireworks' };

// @ts-expect-error Every effect name of a kind needs its handler: `all` is missing.
const missingHandler: EffectHandlers<'staleReads', DomainEvent, [], string[]> = {
  none: () => [],
  project: (event) => [String(event.projectId)],
  projectAndVoteOrder: (event) => [String(event.projectId)],
};

const wrongPayload: EffectHandlers<'staleReads', DomainEvent, [], string[]> = {
  none: () => [],
  // @ts-expect-error A handler gets the events naming its effect: report.created has a reportId, rating.saved has not.
  project: (event) => [String(event.reportId)],
  projectAndVoteOrder: (event) => [String(event.votes)],
  all: () => [],
};

describe('domain/src/event-effects: what each event causes', () => {
  it('has the compile-time checks above', () => {
    expect([forgetsAnEffect, newEvent, unknownEffect, missingHandler, wrongPayload]).toHaveLength(5);
  });

  it('has one row for every event of the schema, and nothing else', () => {
    const names = eventSchema.options.map((option) => option.shape.name.value).sort();
    expect(Object.keys(EVENT_EFFECTS).sort()).toEqual(names);
  });

  it('uses every effect name of every kind', () => {
    const rows = Object.values(EVENT_EFFECTS);
    const used = (kind: keyof EventEffects) => new Set(rows.map((row) => row[kind]));
    expect([...used('staleReads')].sort()).toEqual([...STALE_READ_EFFECTS].sort());
    expect([...used('livePush')].sort()).toEqual(Object.keys(LIVE_PUSHES).sort());
    expect([...used('testRequestPush')].sort()).toEqual(Object.keys(TEST_REQUEST_PUSHES).sort());
    expect([...used('workerJobs')].sort()).toEqual([...WORKER_JOB_EFFECTS].sort());
    expect([...used('webhook')].sort()).toEqual([...WEBHOOK_EFFECTS].sort());
  });

  it('gives the web keys only to events whose pushes reach the web, and keys to every invalidating push', () => {
    // Pushes the web applies itself (counts written into the cache, comments refetched by their section).
    const direct: Array<keyof ServerToClientEvents> = [
      'project:counts',
      'user:followers',
      'sync',
      'comment:created',
      'comment:updated',
      'comment:deleted',
    ];
    for (const [name, row] of Object.entries(EVENT_EFFECTS) as Array<[EventName, EventEffects]>) {
      const invalidating = pushesOf({ name }).filter((push) => !direct.includes(push));
      expect({ name, reachesWeb: invalidating.length > 0 }).toEqual({ name, reachesWeb: row.webKeys !== 'none' });
    }
    const invalidatingPushes: InvalidatingPush[] = [
      'projects:changed',
      'messages:changed',
      'report:created',
      'testRequests:changed',
      'testRequest:changed',
      'commentReport:created',
      'project:health',
    ];
    expect(Object.fromEntries(invalidatingPushes.map((push) => [push, webKeysOfPush(push)]))).toEqual({
      'projects:changed': ['projects'],
      'messages:changed': ['messages'],
      'report:created': ['reports'],
      'testRequests:changed': ['testRequests'],
      'testRequest:changed': ['testRequests'],
      'commentReport:created': ['reports'],
      'project:health': ['projects'],
    });
    for (const push of direct) expect(webKeysOfPush(push)).toEqual([]);
  });

  it("runs the handler of the event's effect, with the event and the arguments", () => {
    const seen: string[] = [];
    const handlers: EffectHandlers<'workerJobs', DomainEvent, [string], void> = {
      none: (event, tag) => void seen.push(`none ${event.name} ${tag}`),
      voteBoards: (event, tag) => void seen.push(`voteBoards ${event.projectId} ${tag}`),
      ratingBoards: (event, tag) => void seen.push(`ratingBoards ${event.projectId} ${tag}`),
      allBoards: (event, tag) => void seen.push(`allBoards ${event.name} ${tag}`),
      messageMails: (event, tag) => void seen.push(`messageMails ${event.messageId} ${tag}`),
      confirmationMail: (event, tag) => void seen.push(`confirmationMail ${event.confirmationId} ${tag}`),
      visitorReplyMail: (event, tag) => void seen.push(`visitorReplyMail ${event.replyId} ${tag}`),
      livenessCheck: (event, tag) => void seen.push(`livenessCheck ${event.projectId} ${tag}`),
      newProject: (event, tag) => void seen.push(`newProject ${event.projectId} ${tag}`),
      webhookRedelivery: (event, tag) => void seen.push(`webhookRedelivery ${event.deliveryId} ${tag}`),
    };
    runEffect(
      handlers,
      'workerJobs',
      { name: 'vote.created', projectId: 4, votes: 1, averageRating: 0, totalRatings: 0 },
      'a',
    );
    runEffect(handlers, 'workerJobs', { name: 'project.deleted', projectId: 4 }, 'b');
    runEffect(handlers, 'workerJobs', { name: 'message.copyConfirmed', messageId: 9 }, 'c');
    runEffect(handlers, 'workerJobs', { name: 'user.updated', userId: 2 }, 'd');
    expect(seen).toEqual(['voteBoards 4 a', 'allBoards project.deleted b', 'messageMails 9 c', 'none user.updated d']);
  });
});
