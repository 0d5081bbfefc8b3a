import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { buildProject } from '@vitrine/db/testing';
import { MEDIA_MESSAGES, MEDIA_PER_PROJECT } from '@vitrine/domain/schemas/media';
import { makeTestApp, type TestApp } from '../testing';
import { MEDIA_FORBIDDEN } from '../commands/media-adder';
import { pngBomb } from '../media/testing-images';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A JPEG `width` x `height` carrying EXIF with a GPS position and the orientation `orientation`. */
function jpegWithGps(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Copyright: 'Secret Owner', Artist: 'Secret Owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

/** A plain PNG. */
function png(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#cc8844' } })
    .png()
    .toBuffer();
}

/** A member with a project of their own and a signed-in agent. */
async function owner() {
  const { user, agent } = await t.member();
  const project = await buildProject(t.deps.sql, { userId: user.id });
  return { user, agent, project };
}

/** Every file in the test store. */
async function storedKeys(): Promise<string[]> {
  return (await readdir(t.config.media.dir).catch(() => [])).filter((name) => !name.startsWith('.'));
}

describe('POST /api/projects/{id}/media', () => {
  it('re-encodes an upload: orientation applied, EXIF and GPS gone, WebP at 400/800/1600 served immutable', async () => {
    const { agent, project } = await owner();
    const input = await jpegWithGps(2400, 1600, 6);
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('Secret Owner');
    expect(before.orientation).toBe(6);

    const res = await agent
      .post(`/api/projects/${project.id}/media`)
      .field('alt', 'The main screen')
      .attach('file', input, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(201);
    // Orientation 6 turns the picture a quarter: 1600 wide, 2400 high, stored at most 1600 wide.
    expect(res.body).toMatchObject({ alt: 'The main screen', position: 0, width: 1600, height: 2400 });
    const webps = res.body.variants.filter((v: { type: string }) => v.type === 'image/webp');
    expect(webps.map((v: { width: number }) => v.width)).toEqual([400, 800, 1600]);
    expect(res.body.url).toBe(webps[2].url);

    for (const variant of res.body.variants as Array<{ url: string; width: number; type: string }>) {
      expect(variant.url).toMatch(/^\/media\/[0-9a-f]{40}\.(webp|avif)$/);
      const file = await t.agent().get(variant.url).buffer(true);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe(variant.type);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.body as Buffer).metadata();
      expect(meta.width).toBe(variant.width);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect((file.body as Buffer).toString('latin1')).not.toContain('Secret Owner');
    }
    const again = await t
      .agent()
      .get(res.body.url)
      .set('If-None-Match', `"${res.body.url.slice(7)}"`);
    expect(again.status).toBe(304);

    const detail = await t.agent().get(`/api/projects/${project.id}`);
    expect(detail.body.media).toEqual([res.body]);
    expect(detail.body.cover).toEqual(res.body);
    const list = await t.agent().get('/api/projects?limit=100');
    expect(list.body.find((p: { id: number }) => p.id === project.id)?.cover).toEqual(res.body);
  });

  it('keeps a small picture at its own width and a GIF as its first frame', async () => {
    const { agent, project } = await owner();
    const small = await png(500, 300);
    const res = await agent.post(`/api/projects/${project.id}/media`).attach('file', small, 'small.png');
    expect(res.status).toBe(201);
    expect([...new Set(res.body.variants.map((v: { width: number }) => v.width))]).toEqual([400, 500]);
    const gif = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#00ff00' } })
      .gif()
      .toBuffer();
    const fromGif = await agent.post(`/api/projects/${project.id}/media`).attach('file', gif, 'anim.gif');
    expect(fromGif.status).toBe(201);
    expect(fromGif.body).toMatchObject({ width: 120, height: 90, position: 1 });
  });

  it('refuses a decompression bomb, a text file named .png, an oversize file and a missing file with 4xx', async () => {
    const { agent, project } = await owner();
    const bomb = pngBomb(30_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(30_000);
    const bombRes = await agent.post(`/api/projects/${project.id}/media`).attach('file', bomb, 'bomb.png');
    expect(bombRes.status).toBe(422);
    expect(bombRes.body).toEqual({ message: MEDIA_MESSAGES.tooManyPixels });

    const text = await agent
      .post(`/api/projects/${project.id}/media`)
      .attach('file', Buffer.from('this is not an image at all\n'), { filename: 'fake.png', contentType: 'image/png' });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ message: MEDIA_MESSAGES.notImage });

    const huge = Buffer.alloc(9 * 1024 * 1024, 1);
    const big = await agent.post(`/api/projects/${project.id}/media`).attach('file', huge, 'huge.png');
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: MEDIA_MESSAGES.tooLarge });

    const none = await agent.post(`/api/projects/${project.id}/media`).field('alt', 'nothing');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ message: MEDIA_MESSAGES.noFile });

    const json = await agent.post(`/api/projects/${project.id}/media`).send({ file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ message: MEDIA_MESSAGES.notMultipart });

    const detail = await t.agent().get(`/api/projects/${project.id}`);
    expect(detail.body.media).toEqual([]);
  });

  it('refuses a ninth picture with 409 before reading it', async () => {
    const { agent, project } = await owner();
    const picture = await png(64, 48);
    for (let i = 0; i < MEDIA_PER_PROJECT; i++) {
      const res = await agent.post(`/api/projects/${project.id}/media`).attach('file', picture, `p${i}.png`);
      expect(res.status).toBe(201);
      expect(res.body.position).toBe(i);
    }
    const ninth = await agent.post(`/api/projects/${project.id}/media`).attach('file', picture, 'p9.png');
    expect(ninth.status).toBe(409);
    expect(ninth.body).toEqual({ message: MEDIA_MESSAGES.tooMany });
  });

  it("refuses another member's upload (403) and a visitor's (401)", async () => {
    const { project } = await owner();
    const other = await t.member();
    const picture = await png(64, 48);
    const res = await other.agent.post(`/api/projects/${project.id}/media`).attach('file', picture, 'x.png');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MEDIA_FORBIDDEN });
    const visitor = await t.agent().post(`/api/projects/${project.id}/media`).attach('file', picture, 'x.png');
    expect(visitor.status).toBe(401);
    const detail = await t.agent().get(`/api/projects/${project.id}`);
    expect(detail.body.media).toEqual([]);
  });
});

describe('PATCH and DELETE /api/projects/{id}/media/{mediaId}', () => {
  it('reorders (the moved picture becomes the cover), edits alt text, deletes and removes files', async () => {
    const { agent, project } = await owner();
    const ids: number[] = [];
    for (const color of ['#ff0000', '#00ff00', '#0000ff']) {
      const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: color } })
        .png()
        .toBuffer();
      const res = await agent.post(`/api/projects/${project.id}/media`).attach('file', picture, 'c.png');
      ids.push(res.body.id);
    }
    const moved = await agent.patch(`/api/projects/${project.id}/media/${ids[2]}`).send({ position: 0, alt: 'Blue' });
    expect(moved.status).toBe(200);
    expect(moved.body.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(moved.body.map((m: { position: number }) => m.position)).toEqual([0, 1, 2]);
    expect(moved.body[0].alt).toBe('Blue');
    const detail = await t.agent().get(`/api/projects/${project.id}`);
    expect(detail.body.cover.id).toBe(ids[2]);

    const tooLong = await agent.patch(`/api/projects/${project.id}/media/${ids[0]}`).send({ alt: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: MEDIA_MESSAGES.altTooLong });
    const other = await t.member();
    const foreign = await other.agent.patch(`/api/projects/${project.id}/media/${ids[0]}`).send({ position: 2 });
    expect(foreign.status).toBe(403);

    const files = moved.body[0].variants.map((v: { url: string }) => v.url.slice('/media/'.length));
    expect(await storedKeys()).toEqual(expect.arrayContaining(files));
    const removed = await agent.delete(`/api/projects/${project.id}/media/${ids[2]}`);
    expect(removed.status).toBe(204);
    const keys = await storedKeys();
    for (const key of files) expect(keys).not.toContain(key);
    expect((await t.agent().get(`/media/${files[0]}`)).status).toBe(404);
    const after = await t.agent().get(`/api/projects/${project.id}`);
    expect(after.body.media.map((m: { id: number; position: number }) => [m.id, m.position])).toEqual([
      [ids[0], 0],
      [ids[1], 1],
    ]);
    const gone = await agent.delete(`/api/projects/${project.id}/media/${ids[2]}`);
    expect(gone.status).toBe(404);
  });

  it("deleting a project removes its pictures' files", async () => {
    const { agent, project } = await owner();
    const res = await agent.post(`/api/projects/${project.id}/media`).attach('file', await png(), 'p.png');
    const files = res.body.variants.map((v: { url: string }) => v.url.slice('/media/'.length));
    expect(await storedKeys()).toEqual(expect.arrayContaining(files));
    const { agent: admin } = await t.member({ isAdmin: true });
    expect((await admin.delete(`/api/admin/projects/${project.id}`)).status).toBe(204);
    const keys = await storedKeys();
    for (const key of files) expect(keys).not.toContain(key);
  });
});
