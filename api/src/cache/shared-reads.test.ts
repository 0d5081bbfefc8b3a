import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import type Test from 'supertest/lib/test';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { STALE } from '@vitrine/runtime/stale-reads';
import { endpoints, type BodyOf } from '@vitrine/domain/endpoints';
import { call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';
import { SharedReads } from './shared-reads';

describe('SharedReads', () => {
  const load =
    (value: unknown, tags: string[] = []) =>
    async () => ({ value, tags });

  it('keeps nothing until it listens, then serves hits until a tag it carries goes stale', async () => {
    const reads = new SharedReads();
    await reads.get('k', load(1));
    expect((await reads.get('k', load(2)))!.value).toBe(2);
    reads.setListening(true);
    await reads.get('k', load(3, [STALE.project(1)]));
    expect((await reads.get('k', load(4)))!.value).toBe(3);
    reads.dropStale([STALE.project(2)]);
    expect((await reads.get('k', load(5)))!.value).toBe(3);
    reads.dropStale([STALE.project(1)]);
    expect((await reads.get('k', load(6)))!.value).toBe(6);
    reads.dropStale([STALE.all]);
    expect((await reads.get('k', load(7)))!.value).toBe(7);
    reads.setListening(false);
    expect((await reads.get('k', load(8)))!.value).toBe(8);
  });

  it('never stores a read that started before a change, and shares one load among parallel misses', async () => {
    const reads = new SharedReads();
    reads.setListening(true);
    let release = () => {};
    let loads = 0;
    const slow = () => {
      loads++;
      return new Promise<{ value: unknown; tags: string[] }>((resolve) => {
        release = () => resolve({ value: 'before', tags: [] });
      });
    };
    const first = reads.get('k', slow);
    const second = reads.get('k', slow);
    reads.dropStale([STALE.boards]);
    release();
    expect((await first)!.value).toBe('before');
    expect((await second)!.value).toBe('before');
    expect(loads).toBe(1);
    expect((await reads.get('k', load('after')))!.value).toBe('after');
  });

  it('does not share what the loader refuses', async () => {
    const reads = new SharedReads();
    reads.setListening(true);
    expect(await reads.get('k', async () => null)).toBeNull();
  });
});

describe('shared reads on two API nodes', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await makeTestApp();
    b = await makeTestApp({ redisPrefix: a.config.redisPrefix });
    // Both nodes listen on the stale-reads channel before the first read.
    await vi.waitFor(() => {
      if (!a.deps.sharedReads.isListening || !b.deps.sharedReads.isListening) throw new Error('not subscribed yet');
    });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  /** A read of one route with a node's agent. */
  type Read = (agent: TestAgent) => Test;
  /** Warms both nodes' caches with `read`, then answers it for the next reads. */
  async function readsOf(read: Read) {
    for (const node of [a, b]) expect((await read(node.agent())).status).toBeLessThan(500);
    return read;
  }
  const listed = async (node: TestApp, read: Read, id: number) =>
    ((await read(node.agent())).body as Array<{ id: number; votes: number; title: string }>).find((p) => p.id === id);

  it('shows a vote, a rating, an edit, a hide and a delete made through one node in the next read of the other', async () => {
    const owner = await buildUser(a.deps.sql);
    const project = await buildProject(a.deps.sql, { userId: owner.id, votes: 9_300_000 });
    const list = await readsOf((agent) =>
      call(agent, endpoints.projects.latest, { query: { sort: 'votes', limit: 100 } }),
    );
    const newest = await readsOf((agent) => call(agent, endpoints.projects.latest, { query: { limit: 100 } }));
    const detail = await readsOf((agent) => call(agent, endpoints.projects.detail, { params: { id: project.id } }));
    // A second read is a hit: same ETag, same body.
    expect((await detail(b.agent())).headers.etag).toBe((await detail(b.agent())).headers.etag);

    expect(
      (
        await call(a.agent(), endpoints.projects.vote, { params: { id: project.id } }).set(
          'X-Forwarded-For',
          randomIp(),
        )
      ).status,
    ).toBe(200);
    expect((await listed(b, list, project.id))!.votes).toBe(9_300_001);
    expect((await listed(b, newest, project.id))!.votes).toBe(9_300_001);
    expect((await detail(b.agent())).body.votes).toBe(9_300_001);

    const rater = await buildUser(a.deps.sql);
    expect(
      (await call(await b.signIn(rater), endpoints.projects.rate, { params: { id: project.id }, body: { rating: 9 } }))
        .status,
    ).toBe(200);
    expect((await detail(a.agent())).body).toMatchObject({ averageRating: 9, totalRatings: 1 });

    const edit: BodyOf<typeof endpoints.projects.edit> = {
      title: 'Edited through node A',
      description: 'A description long enough.',
      replitUrl: 'https://x.example/',
      category: 'Game',
      tags: '',
    };
    expect(
      (await call(await a.signIn(owner), endpoints.projects.edit, { params: { id: project.id }, body: edit })).status,
    ).toBe(200);
    expect((await detail(b.agent())).body.title).toBe(edit.title);
    expect((await listed(b, newest, project.id))!.title).toBe(edit.title);

    const { agent: admin } = await a.member({ isAdmin: true });
    expect(
      (
        await call(admin, endpoints.admin.setProjectVisibility, {
          params: { projectId: project.id },
          body: { hidden: true },
        })
      ).status,
    ).toBeLessThan(300);
    expect(await listed(b, newest, project.id)).toBeUndefined();
    expect((await detail(b.agent())).status).toBe(404);

    expect(
      (
        await call(admin, endpoints.admin.setProjectVisibility, {
          params: { projectId: project.id },
          body: { hidden: false },
        })
      ).status,
    ).toBeLessThan(300);
    expect(await listed(b, newest, project.id)).toBeDefined();
    expect(
      (await callLoosely(admin, endpoints.admin.removeProject, { params: { id: project.id } })).status,
    ).toBeLessThan(300);
    expect(await listed(b, newest, project.id)).toBeUndefined();
    expect((await detail(b.agent())).status).toBe(404);
  });

  it('shows a counted view in the next read of the other node', async () => {
    const project = await buildProject(a.deps.sql);
    const detail = await readsOf((agent) => call(agent, endpoints.projects.detail, { params: { id: project.id } }));
    expect(
      (
        await callLoosely(a.agent(), endpoints.projects.view, { params: { id: project.id } }).set(
          'X-Forwarded-For',
          randomIp(),
        )
      ).body,
    ).toEqual({
      views: 1,
    });
    expect((await detail(b.agent())).body.views).toBe(1);
  });

  it('still answers a hidden project to its owner, never from the shared cache', async () => {
    const { user, agent } = await b.member();
    const hidden = await buildProject(b.deps.sql, { userId: user.id, isHidden: true });
    const res = await call(agent, endpoints.projects.detail, { params: { id: hidden.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: hidden.id, isHidden: true, canEdit: true });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await call(b.agent(), endpoints.projects.detail, { params: { id: hidden.id } })).status).toBe(404);
  });

  it('answers a repeated GET from the kept entry in front of the session and routes, 304 by ETag, until it goes stale', async () => {
    const project = await buildProject(b.deps.sql);
    const read = (agent: TestAgent) => call(agent, endpoints.projects.detail, { params: { id: project.id } });
    const first = await read(b.agent());
    const loads = vi.spyOn(b.deps.sharedReads, 'get');
    try {
      const hit = await read(b.agent()).set('Cookie', 'vitrine.sid=not-a-session');
      expect(loads).not.toHaveBeenCalled();
      expect(hit.status).toBe(200);
      expect(hit.headers['content-type']).toMatch(/^application\/json/);
      expect(hit.headers.etag).toBe(first.headers.etag);
      expect(hit.headers['cache-control']).toBe(first.headers['cache-control']);
      expect(hit.headers['x-content-type-options']).toBe('nosniff');
      expect(hit.body).toEqual(first.body);
      expect((await read(b.agent()).set('If-None-Match', first.headers.etag!)).status).toBe(304);
      b.deps.sharedReads.dropStale([STALE.project(project.id)]);
      expect((await read(b.agent())).status).toBe(200);
      expect(loads).toHaveBeenCalledTimes(1);
    } finally {
      loads.mockRestore();
    }
  });
});
