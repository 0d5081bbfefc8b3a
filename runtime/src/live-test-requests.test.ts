import type { Emitter } from '@socket.io/redis-emitter';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createSql } from '@vitrine/db/sql';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import type { ServerToClientEvents } from '@vitrine/domain/events';
import { makeTestRequestPushes } from './live-test-requests';

const sql = createSql(inject('databaseUrl'), { max: 2 });
afterAll(async () => {
  await sql.end();
});

/** An emitter that records each push: its rooms (none: to everyone), name and payload. */
function recordingEmitter() {
  const pushes: Array<{ rooms: string[]; name: string; payload?: unknown }> = [];
  const emitTo = (rooms: string[]) => ({
    emit: (name: string, payload?: unknown) => void pushes.push({ rooms, name, payload }),
  });
  const emitter = {
    to: (rooms: string | string[]) => emitTo([rooms].flat()),
    emit: (name: string, payload?: unknown) => void pushes.push({ rooms: [], name, payload }),
  };
  return { pushes, emitter: emitter as unknown as Emitter<ServerToClientEvents> };
}

/** A request by a new owner on a new project, and a tester. */
async function aRequest() {
  const owner = await buildUser(sql);
  const tester = await buildUser(sql);
  const project = await buildProject(sql, { userId: owner.id });
  const requestId = await makeTestRequestQueries(sql).insertRequest({
    projectId: project.id,
    userId: owner.id,
    title: 'Try the sign-up',
    description: 'Sign up and say what was unclear.',
    skillsNeeded: ['accessibility'],
    deadline: null,
    maxTesters: 5,
  });
  return { owner, tester, requestId };
}

describe('test-request pushes: the pages of those concerned are told what changed', () => {
  it('a tester leaving tells the owner (no status change) and the public lists; feedback marked helpful tells the tester', async () => {
    const { owner, tester, requestId } = await aRequest();
    const { pushes, emitter } = recordingEmitter();
    const handlers = makeTestRequestPushes(emitter, sql);

    await handlers.testerLeft({
      id: 1,
      name: 'tester.left',
      requestId,
      ownerId: owner.id,
      testerId: tester.id,
    });
    await handlers.feedbackMarkedHelpful({
      id: 2,
      name: 'feedback.markedHelpful',
      requestId,
      feedbackId: 9,
      testerId: tester.id,
    });

    const changed = { requestId, title: 'Try the sign-up', status: 'open', statusChanged: false };
    expect(pushes).toEqual([
      { rooms: [`user:${owner.id}`], name: 'testRequest:changed', payload: changed },
      { rooms: [], name: 'testRequests:changed', payload: undefined },
      { rooms: [`user:${tester.id}`], name: 'testRequest:changed', payload: changed },
    ]);
  });

  it('a tester joining tells the owner and the public lists; feedback posted tells the owner alone', async () => {
    const { owner, tester, requestId } = await aRequest();
    const { pushes, emitter } = recordingEmitter();
    const handlers = makeTestRequestPushes(emitter, sql);

    await handlers.testerActivity({ id: 4, name: 'tester.joined', requestId, ownerId: owner.id, testerId: tester.id });
    await handlers.testerActivity({
      id: 5,
      name: 'feedback.posted',
      requestId,
      ownerId: owner.id,
      testerId: tester.id,
      feedbackId: 9,
      created: true,
    });

    const changed = { requestId, title: 'Try the sign-up', status: 'open', statusChanged: false };
    expect(pushes).toEqual([
      { rooms: [`user:${owner.id}`], name: 'testRequest:changed', payload: changed },
      { rooms: [], name: 'testRequests:changed', payload: undefined },
      { rooms: [`user:${owner.id}`], name: 'testRequest:changed', payload: changed },
    ]);
  });

  it('a request gone by the time the push runs tells no member, only the public lists', async () => {
    const { pushes, emitter } = recordingEmitter();
    const handlers = makeTestRequestPushes(emitter, sql);
    await handlers.testerLeft({
      id: 3,
      name: 'tester.left',
      requestId: 2_147_483_000,
      ownerId: 1,
      testerId: 2,
    });
    expect(pushes).toEqual([{ rooms: [], name: 'testRequests:changed', payload: undefined }]);
  });
});
