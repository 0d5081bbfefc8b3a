import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { endpoints } from '@vitrine/domain/endpoints';
import { urlOf } from '@vitrine/domain/endpoint-url';
import { answerOf, call, makeTestApp, type TestApp } from '../testing';
import { httpDuration } from '../metrics';

/** One raw answer: status, headers and the body's bytes as sent (not decompressed). */
function fetchRaw(origin: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      get(`${origin}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    },
  );
}

/** Headers that differ between any two answers (the request id, the date, the transfer framing). */
const PER_ANSWER = new Set(['x-request-id', 'date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);
const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));

const decoded = (answer: { headers: Record<string, unknown>; body: Buffer }) => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
};

describe('the shared reads front', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
    const owner = await buildUser(t.deps.sql);
    // Enough projects that the first page is above the compression threshold (1 KiB).
    for (let i = 0; i < 6; i++)
      await buildProject(t.deps.sql, {
        userId: owner.id,
        description: `A project long enough to be worth compressing ${i}`,
      });
    await vi.waitFor(() => {
      if (!t.deps.sharedReads.isListening) throw new Error('not subscribed yet');
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['no Accept-Encoding', {}, undefined],
    ['br', { 'Accept-Encoding': 'gzip, deflate, br' }, 'br'],
    ['gzip', { 'Accept-Encoding': 'gzip' }, 'gzip'],
  ])(
    'answers a kept read (%s) as the whole pipeline does: same headers, same JSON',
    async (_case, headers, encoding) => {
      // Raw HTTP (compression) on a URL of its own (`front`, which the route ignores, keeps each case's
      // entry apart): the literal is the point, as is the route label the front logs.
      const path = `/api/projects?offset=0&limit=6&front=${encoding ?? 'plain'}`;
      const full = await fetchRaw(t.origin, path, headers);
      expect(full.status).toBe(200);
      // Kept, with the route that answered it: the front's answers are logged and measured by it.
      expect(t.deps.sharedReads.byUrl(path)?.route).toBe('/api/projects');
      const kept = await fetchRaw(t.origin, path, headers);
      expect(kept.status).toBe(200);
      expect(kept.headers['content-encoding']).toBe(encoding);
      expect(comparable(kept.headers)).toEqual(comparable(full.headers));
      expect(kept.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(kept.headers['vary']).toBe('Accept-Encoding');
      expect(decoded(kept)).toBe(decoded(full));
      expect(JSON.parse(decoded(kept))).toHaveLength(6);
    },
  );

  it('counts its answers under the route pattern, not as unmatched', async () => {
    const [first] = answerOf(
      endpoints.projects.latest,
      await call(t.agent(), endpoints.projects.latest, { query: { offset: 0, limit: 1 } }),
    );
    const path = urlOf(endpoints.projects.detail, { params: { id: first!.id } });
    await fetchRaw(t.origin, path);
    const count = async (route: string) =>
      (await httpDuration.get()).values
        .filter((v) => v.metricName?.endsWith('_count') && v.labels.route === route)
        .reduce((n, v) => n + v.value, 0);
    // The route label of the metric is what is checked: the literal is the point.
    const before = { route: await count('/api/projects/:id'), unmatched: await count('(unmatched)') };
    expect((await fetchRaw(t.origin, path)).status).toBe(200);
    expect(await count('/api/projects/:id')).toBe(before.route + 1);
    expect(await count('(unmatched)')).toBe(before.unmatched);
  });

  it('answers 304 to a client that holds the kept answer, with the same caching headers', async () => {
    // Raw HTTP on a URL of its own (`front` keeps the entry apart): the literal is the point.
    const path = '/api/projects?offset=0&limit=6&front=etag';
    const full = await fetchRaw(t.origin, path);
    const etag = full.headers['etag'] as string;
    const again = await fetchRaw(t.origin, path, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(etag);
    expect(again.headers['cache-control']).toBe(full.headers['cache-control']);
    expect(again.headers['x-frame-options']).toBe('DENY');
  });
});
