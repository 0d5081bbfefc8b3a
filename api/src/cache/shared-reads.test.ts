import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { STALE } from '@vitrine/runtime/stale-reads';
import { makeTestApp, randomIp, type TestApp } from '../testing';
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

  /** Warms both nodes' caches with `path`, then answers node `node`'s next read of it. */
  async function readsOf(path: string) {
    for (const node of [a, b]) expect((await node.agent().get(path)).status).toBeLessThan(500);
    return path;
  }
  const listed = async (node: TestApp, path: string, id: number) =>
    ((await node.agent().get(path)).body as Array<{ id: number; votes: number; title: string }>).find(
      (p) => p.id === id,
    );

  it('shows a vote, a rating, an edit, a hide and a delete made through one node in the next read of the other', async () => {
    const owner = await buildUser(a.deps.sql);
    const project = await buildProject(a.deps.sql, { userId: owner.id, votes: 9_300_000 });
    const list = await readsOf('/api/projects?sort=votes&limit=100');
    const newest = await readsOf('/api/projects?limit=100');
    const detail = await readsOf(`/api/projects/${project.id}`);
    // A second read is a hit: same ETag, same body.
    expect((await b.agent().get(detail)).headers.etag).toBe((await b.agent().get(detail)).headers.etag);

    expect((await a.agent().post(`/api/projects/${project.id}/vote`).set('X-Forwarded-For', randomIp())).status).toBe(
      200,
    );
    expect((await listed(b, list, project.id))!.votes).toBe(9_300_001);
    expect((await listed(b, newest, project.id))!.votes).toBe(9_300_001);
    expect((await b.agent().get(detail)).body.votes).toBe(9_300_001);

    const rater = await buildUser(a.deps.sql);
    expect((await (await b.signIn(rater)).post(`/api/projects/${project.id}/rate`).send({ rating: 9 })).status).toBe(
      200,
    );
    expect((await a.agent().get(detail)).body).toMatchObject({ averageRating: 9, totalRatings: 1 });

    const edit = {
      title: 'Edited through node A',
      description: 'A description long enough.',
      replitUrl: 'https://x.example/',
      category: 'Game',
      tags: '',
    };
    expect((await (await a.signIn(owner)).patch(`/api/projects/${project.id}`).send(edit)).status).toBe(200);
    expect((await b.agent().get(detail)).body.title).toBe(edit.title);
    expect((await listed(b, newest, project.id))!.title).toBe(edit.title);

    const { agent: admin } = await a.member({ isAdmin: true });
    expect(
      (await admin.patch(`/api/admin/projects/${project.id}/visibility`).send({ hidden: true })).status,
    ).toBeLessThan(300);
    expect(await listed(b, newest, project.id)).toBeUndefined();
    expect((await b.agent().get(detail)).status).toBe(404);

    expect(
      (await admin.patch(`/api/admin/projects/${project.id}/visibility`).send({ hidden: false })).status,
    ).toBeLessThan(300);
    expect(await listed(b, newest, project.id)).toBeDefined();
    expect((await admin.delete(`/api/admin/projects/${project.id}`)).status).toBeLessThan(300);
    expect(await listed(b, newest, project.id)).toBeUndefined();
    expect((await b.agent().get(detail)).status).toBe(404);
  });

  it('shows a counted view in the next read of the other node', async () => {
    const project = await buildProject(a.deps.sql);
    const detail = await readsOf(`/api/projects/${project.id}`);
    expect((await a.agent().post(`/api/projects/${project.id}/view`).set('X-Forwarded-For', randomIp())).body).toEqual({
      views: 1,
    });
    expect((await b.agent().get(detail)).body.views).toBe(1);
  });

  it('still answers a hidden project to its owner, never from the shared cache', async () => {
    const { user, agent } = await b.member();
    const hidden = await buildProject(b.deps.sql, { userId: user.id, isHidden: true });
    const res = await agent.get(`/api/projects/${hidden.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: hidden.id, isHidden: true, canEdit: true });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await b.agent().get(`/api/projects/${hidden.id}`)).status).toBe(404);
  });

  it('answers a repeated GET from the kept entry in front of the session and routes, 304 by ETag, until it goes stale', async () => {
    const project = await buildProject(b.deps.sql);
    const path = `/api/projects/${project.id}`;
    const first = await b.agent().get(path);
    const loads = vi.spyOn(b.deps.sharedReads, 'get');
    try {
      const hit = await b.agent().get(path).set('Cookie', 'vitrine.sid=not-a-session');
      expect(loads).not.toHaveBeenCalled();
      expect(hit.status).toBe(200);
      expect(hit.headers['content-type']).toMatch(/^application\/json/);
      expect(hit.headers.etag).toBe(first.headers.etag);
      expect(hit.headers['cache-control']).toBe(first.headers['cache-control']);
      expect(hit.headers['x-content-type-options']).toBe('nosniff');
      expect(hit.body).toEqual(first.body);
      expect((await b.agent().get(path).set('If-None-Match', first.headers.etag!)).status).toBe(304);
      b.deps.sharedReads.dropStale([STALE.project(project.id)]);
      expect((await b.agent().get(path)).status).toBe(200);
      expect(loads).toHaveBeenCalledTimes(1);
    } finally {
      loads.mockRestore();
    }
  });
});
