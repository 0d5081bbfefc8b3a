import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { isRowId, parsePathId } from '@vitrine/domain/schemas/project';
import { makeTestApp, type TestApp } from './testing';
import { makeRealtimeTestApp, nextEvent, type RealtimeTestApp } from './realtime/testing';

/**
 * An id in a path is decimal digits without a leading zero, within int4 (docs/api.md "Ids"): every
 * other spelling Number() would read ('0x19', '1e1', '0b11', '+5', '05', '5.0', ' 5') is refused, so a
 * row has one address.
 */
let t: TestApp;
let projectId: number;
beforeAll(async () => {
  t = await makeTestApp();
  projectId = (await buildProject(t.deps.sql)).id;
});
afterAll(async () => {
  await t.close();
});

/** Spellings of `id` that Number() reads as `id` (or as another row) but that are no path id. */
function lenient(id: number): string[] {
  return [
    `0x${id.toString(16)}`,
    `0b${id.toString(2)}`,
    `0o${id.toString(8)}`,
    `+${id}`,
    `0${id}`,
    `${id}.0`,
    `%20${id}`,
    `${id}%20`,
    `${id}e0`,
    '1e1',
    '0',
    '-1',
    '2147483648',
    '99999999999',
  ];
}

describe('ids in paths', () => {
  it('parsePathId and isRowId take only plain ids', () => {
    expect(parsePathId('25')).toBe(25);
    expect(parsePathId('2147483647')).toBe(2_147_483_647);
    for (const text of ['0x19', '1e1', '0b11', '+5', '05', '5.0', ' 5', '', '0', '2147483648'])
      expect(parsePathId(text), text).toBeUndefined();
    expect(isRowId(5)).toBe(true);
    for (const value of [0, -1, 1.5, 2_147_483_648, '5', null, Number.NaN])
      expect(isRowId(value), String(value)).toBe(false);
  });

  it('a project, its test request and its writes answer 400 for every other spelling', async () => {
    expect((await t.agent().get(`/api/projects/${projectId}`)).status).toBe(200);
    for (const id of lenient(projectId)) {
      for (const path of [`/api/projects/${id}`, `/api/projects/${id}/test-request`, `/api/test-requests/${id}`]) {
        const res = await t.agent().get(path);
        expect(res.status, path).toBe(400);
        expect(res.body.message, path).toBe('Invalid id');
      }
      const vote = await t.agent().post(`/api/projects/${id}/vote`);
      expect(vote.status, `vote ${id}`).toBe(400);
    }
  });

  it('an admin route refuses them too', async () => {
    const admin = await buildUser(t.deps.sql, { isAdmin: true });
    const agent = await t.signIn(admin);
    for (const id of lenient(projectId)) {
      const res = await agent.patch(`/api/admin/projects/${id}/visibility`).send({ hidden: false });
      expect(res.status, id).toBe(400);
    }
  });

  it('share cards answer 404 for every other spelling', async () => {
    expect((await t.agent().get(`/cards/projects/${projectId}.png`)).status).toBe(200);
    for (const id of lenient(projectId))
      expect((await t.agent().get(`/cards/projects/${id}.png`)).status, id).toBe(404);
  });

  it('sitemap files answer 404 for a page number with a leading zero or a sign', async () => {
    for (const file of [
      'projects-01.xml',
      'projects-+1.xml',
      'projects-0x1.xml',
      'projects-1.0.xml',
      'users-1e0.xml',
    ]) {
      expect((await t.agent().get(`/sitemaps/${file}`)).status, file).toBe(404);
    }
  });
});

describe('ids in socket payloads', () => {
  let rt: RealtimeTestApp;
  beforeAll(async () => {
    rt = await makeRealtimeTestApp();
  });
  afterAll(async () => {
    await rt.close();
  });

  it('projects:watch ignores what is not a row id (strings, fractions, out of int4)', async () => {
    const project = await buildProject(rt.deps.sql);
    const socket = await rt.connect();
    socket.emit('projects:watch', [
      String(project.id),
      project.id + 0.5,
      2_147_483_648 + project.id,
      -project.id,
    ] as unknown as number[]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [server] = await rt.realtime.io.fetchSockets();
    expect([...server!.rooms].filter((room) => room.startsWith('project:'))).toEqual([]);
    socket.emit('projects:watch', [project.id]);
    const counts = nextEvent(socket, 'project:counts', 2000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await rt.agent().post(`/api/projects/${project.id}/vote`).set('X-Forwarded-For', '10.9.9.9');
    expect((await counts)[0].id).toBe(project.id);
  });
});
