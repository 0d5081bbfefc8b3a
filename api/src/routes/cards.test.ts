import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '@vitrine/db/testing';
import { shareCardVersion } from '@vitrine/domain/share-card';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, makeTestApp, type TestApp } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk header). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function getPng(path: string) {
  const res = await t
    .agent()
    .get(path)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return { res, png: res.body as Buffer };
}

describe('share cards', () => {
  it('a project card is a 1200x630 PNG, immutable under its version, and a new one after an edit', async () => {
    const { user, agent } = await t.member();
    const project = await buildProject(t.deps.sql, {
      userId: user.id,
      title: 'Card before the edit',
      category: 'Game',
    });
    const first = await getPng(`/cards/projects/${project.id}.png`);
    expect(first.res.status).toBe(200);
    expect(first.res.headers['content-type']).toBe('image/png');
    expect(pngSize(first.png)).toEqual({ width: 1200, height: 630 });
    const version = first.res.headers.etag!.replaceAll('"', '');
    expect(version).toBe(
      shareCardVersion({
        title: 'Card before the edit',
        category: 'Game',
        votes: 0,
        averageRating: 0,
        totalRatings: 0,
        username: user.username,
      }),
    );
    expect(first.res.headers['cache-control']).toBe('public, max-age=300');

    const versioned = await getPng(`/cards/projects/${project.id}.png?v=${version}`);
    expect(versioned.png.equals(first.png)).toBe(true);
    expect(versioned.res.headers['cache-control']).toContain('immutable');
    expect((await t.agent().get(`/cards/projects/${project.id}.png`).set('If-None-Match', `"${version}"`)).status).toBe(
      304,
    );

    const edit = await call(agent, endpoints.projects.edit, {
      params: { id: project.id },
      body: {
        title: 'Card after the edit',
        description: 'A project made for a test.',
        replitUrl: 'https://app.example/',
        category: 'Game',
        tags: '',
      },
    });
    expect(edit.status).toBe(200);
    const second = await getPng(`/cards/projects/${project.id}.png`);
    expect(second.res.status).toBe(200);
    expect(second.res.headers.etag).not.toBe(first.res.headers.etag);
    expect(second.png.equals(first.png)).toBe(false);
    expect(pngSize(second.png)).toEqual({ width: 1200, height: 630 });
  }, 60_000);

  it('a hidden or unknown project has no card; the site card is a 1200x630 PNG', async () => {
    const hidden = await buildProject(t.deps.sql, { isHidden: true });
    expect((await t.agent().get(`/cards/projects/${hidden.id}.png`)).status).toBe(404);
    expect((await t.agent().get('/cards/projects/99999999.png')).status).toBe(404);
    expect((await t.agent().get('/cards/projects/abc.png')).status).toBe(404);
    const site = await getPng('/cards/site.png');
    expect(site.res.status).toBe(200);
    expect(pngSize(site.png)).toEqual({ width: 1200, height: 630 });
  }, 60_000);
});
