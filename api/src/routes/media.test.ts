import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { MEDIA_MAX_BYTES, MEDIA_MAX_SIDE, MEDIA_MESSAGES, MEDIA_PER_PROJECT } from '@vitrine/domain/schemas/media';
import { buildProject, buildUser, TEST_PASSWORD } from '@vitrine/db/testing';
import type TestAgent from 'supertest/lib/agent';
import { endpoints } from '@vitrine/domain/endpoints';
import { urlOf } from '@vitrine/domain/endpoint-url';
import { mediaEndpoints } from '@vitrine/domain/endpoints-media';
import { answerOf, call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';
import { MEDIA_FORBIDDEN } from '../commands/media-adder';
import { createLimiters } from '../middleware/rate-limit';
import { blankPng, pngBomb } from '../media/testing-images';

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

/** An upload to project `projectId`'s pictures; the caller attaches the multipart fields. */
const upload = (agent: TestAgent, projectId: number) => call(agent, mediaEndpoints.add, { params: { id: projectId } });

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

    const res = await upload(agent, project.id)
      .field('alt', 'The main screen')
      .attach('file', input, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(201);
    // Orientation 6 turns the picture a quarter: 1600 wide, 2400 high, stored at most 1600 wide.
    expect(res.body).toMatchObject({ alt: 'The main screen', position: 0, width: 1600, height: 2400 });
    const webps = res.body.variants.filter((v: { type: string }) => v.type === 'image/webp');
    expect(webps.map((v: { width: number }) => v.width)).toEqual([400, 800, 1600]);
    expect(res.body.url).toBe(webps[2].url);

    for (const variant of answerOf(mediaEndpoints.add, res).variants) {
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

    const detail = await call(t.agent(), endpoints.projects.detail, { params: { id: project.id } });
    expect(detail.body.media).toEqual([res.body]);
    expect(detail.body.cover).toEqual(res.body);
    const list = await call(t.agent(), endpoints.projects.latest, { query: { limit: 100 } });
    expect(answerOf(endpoints.projects.latest, list).find((p) => p.id === project.id)?.cover).toEqual(res.body);
  });

  it('keeps a small picture at its own width and a GIF as its first frame', async () => {
    const { agent, project } = await owner();
    const small = await png(500, 300);
    const res = await upload(agent, project.id).attach('file', small, 'small.png');
    expect(res.status).toBe(201);
    expect([...new Set(res.body.variants.map((v: { width: number }) => v.width))]).toEqual([400, 500]);
    const gif = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#00ff00' } })
      .gif()
      .toBuffer();
    const fromGif = await upload(agent, project.id).attach('file', gif, 'anim.gif');
    expect(fromGif.status).toBe(201);
    expect(fromGif.body).toMatchObject({ width: 120, height: 90, position: 1 });
  });

  it('refuses a decompression bomb, a text file named .png, an oversize file and a missing file with 4xx', async () => {
    const { agent, project } = await owner();
    const bomb = pngBomb(30_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(30_000);
    const bombRes = await upload(agent, project.id).attach('file', bomb, 'bomb.png');
    expect(bombRes.status).toBe(422);
    expect(bombRes.body).toEqual({ message: MEDIA_MESSAGES.tooManyPixels });

    const text = await upload(agent, project.id).attach('file', Buffer.from('this is not an image at all\n'), {
      filename: 'fake.png',
      contentType: 'image/png',
    });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ message: MEDIA_MESSAGES.notImage });

    const huge = Buffer.alloc(9 * 1024 * 1024, 1);
    const big = await upload(agent, project.id).attach('file', huge, 'huge.png');
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: MEDIA_MESSAGES.tooLarge });

    const none = await upload(agent, project.id).field('alt', 'nothing');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ message: MEDIA_MESSAGES.noFile });

    const json = await callLoosely(agent, mediaEndpoints.add, { params: { id: project.id }, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ message: MEDIA_MESSAGES.notMultipart });

    const detail = await call(t.agent(), endpoints.projects.detail, { params: { id: project.id } });
    expect(detail.body.media).toEqual([]);
  });

  it('refuses a ninth picture with 409 before reading it', async () => {
    const { agent, project } = await owner();
    const picture = await png(64, 48);
    for (let i = 0; i < MEDIA_PER_PROJECT; i++) {
      const res = await upload(agent, project.id).attach('file', picture, `p${i}.png`);
      expect(res.status).toBe(201);
      expect(res.body.position).toBe(i);
    }
    const ninth = await upload(agent, project.id).attach('file', picture, 'p9.png');
    expect(ninth.status).toBe(409);
    expect(ninth.body).toEqual({ message: MEDIA_MESSAGES.tooMany });
  });

  it("refuses another member's upload (403) and a visitor's (401)", async () => {
    const { project } = await owner();
    const other = await t.member();
    const picture = await png(64, 48);
    const res = await upload(other.agent, project.id).attach('file', picture, 'x.png');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MEDIA_FORBIDDEN });
    const visitor = await upload(t.agent(), project.id).attach('file', picture, 'x.png');
    expect(visitor.status).toBe(401);
    const detail = await call(t.agent(), endpoints.projects.detail, { params: { id: project.id } });
    expect(detail.body.media).toEqual([]);
  });
});

/** Points of the `mediaUpload` quota `userId` has spent in the current window of `app`. */
async function uploadPointsSpent(userId: number, app: TestApp = t): Promise<number> {
  const res = await createLimiters(app.deps.redis, app.config).mediaUpload.limiter.get(`u:${userId}`);
  return res?.consumedPoints ?? 0;
}

/** What a raw client got: the answer, and the error its upload hit if any (a reset connection). */
interface StreamedAnswer {
  status: number;
  body: string;
  uploadError: string | null;
}

/**
 * Streams a multipart upload of a `size`-byte file to `path` the way a browser does, 64 KB at a time
 * and waiting for the socket, with or without a Content-Length; resolves once the whole body is sent
 * (or the connection failed) and the answer read.
 */
function streamUpload(path: string, cookie: string, size: number, declareLength: boolean): Promise<StreamedAnswer> {
  const boundary = 'vitrine-stream-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(path, t.origin);
  return new Promise((resolve) => {
    let uploadError: string | null = null;
    let answer: { status: number; body: string } | null = null;
    let sent = false;
    const settle = () => {
      if (answer && sent) resolve({ ...answer, uploadError });
    };
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        Origin: t.origin,
        Cookie: cookie,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        ...(declareLength ? { 'Content-Length': String(head.length + size + tail.length) } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        answer = { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') };
        settle();
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      uploadError = err.code ?? err.message;
      sent = true;
      answer ??= { status: 0, body: '' };
      settle();
    });
    // An upload the server stops reading fails here rather than at the test's timeout.
    req.setTimeout(10_000, () => req.destroy(Object.assign(new Error('stalled'), { code: 'STALLED' })));
    const chunk = Buffer.alloc(64 * 1024, 1);
    const write = async () => {
      req.write(head);
      for (let left = size; left > 0 && uploadError === null; left -= chunk.length) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        if (!req.write(part)) await new Promise((next) => req.once('drain', next));
      }
      if (uploadError === null) req.end(tail, () => ((sent = true), settle()));
    };
    void write();
  });
}

describe('POST /api/projects/{id}/media: a too large body streamed by a client', () => {
  it('answers 413 with the size message, and the client sends its whole body without a reset', async () => {
    const user = await buildUser(t.deps.sql);
    const project = await buildProject(t.deps.sql, { userId: user.id });
    const login = await call(t.agent(), endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    }).set('X-Forwarded-For', randomIp());
    expect(login.status).toBe(200);
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const path = urlOf(mediaEndpoints.add, { params: { id: project.id } });
    const nineMb = 9 * 1024 * 1024;

    // Refused from its Content-Length before a byte is parsed, and refused at the limit when chunked.
    for (const declareLength of [true, false]) {
      const answer = await streamUpload(path, cookie, nineMb, declareLength);
      expect(answer.uploadError).toBeNull();
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: MEDIA_MESSAGES.tooLarge });
    }
    expect(await t.deps.sql`select id from project_media where project_id = ${project.id}`).toHaveLength(0);
  });
});

describe('POST /api/projects/{id}/media: pictures of any shape within the limits', () => {
  it('stores a 1080 x 17000 full-page capture whole, every file within 16,383 px', { timeout: 120_000 }, async () => {
    const { agent, project } = await owner();
    const capture = await sharp({ create: { width: 1080, height: 17000, channels: 3, background: '#f4f4f5' } })
      .png()
      .toBuffer();
    expect(capture.length).toBeLessThan(1024 * 1024);
    const res = await upload(agent, project.id).attach('file', capture, 'capture.png');
    expect(res.status).toBe(201);
    // Fitted whole and in proportion: 16,383 high, 1080 x 16383 / 17000 wide.
    expect(res.body.height).toBe(MEDIA_MAX_SIDE);
    expect(Math.abs(res.body.width - (1080 * MEDIA_MAX_SIDE) / 17000)).toBeLessThanOrEqual(1);
    const webps = answerOf(mediaEndpoints.add, res).variants.filter((v) => v.type === 'image/webp');
    expect(webps.map((v) => v.width)).toEqual([400, 800, res.body.width]);
    for (const variant of answerOf(mediaEndpoints.add, res).variants) {
      const file = await t.agent().get(variant.url).buffer(true);
      expect(file.status).toBe(200);
      const meta = await sharp(file.body as Buffer).metadata();
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBeLessThanOrEqual(MEDIA_MAX_SIDE);
      expect(Math.abs(meta.height! / meta.width! - 17000 / 1080)).toBeLessThan(0.05);
    }
  });

  it('refuses a 4 x 9,999,999 strip from its header with 422 and keeps the quota point', async () => {
    const { user, agent, project } = await owner();
    const strip = blankPng(4, 9_999_999);
    expect(strip.length).toBeLessThan(MEDIA_MAX_BYTES);
    const meta = await sharp(strip, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([4, 9_999_999]);
    const res = await upload(agent, project.id).attach('file', strip, 'strip.png');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: MEDIA_MESSAGES.tooNarrow });
    const wide = await upload(agent, project.id).attach('file', blankPng(9_999_999, 4), 'wide.png');
    expect(wide.status).toBe(422);
    expect(wide.body).toEqual({ message: MEDIA_MESSAGES.tooNarrow });
    expect(await uploadPointsSpent(user.id)).toBe(2);
  });

  it('answers 422 for data damaged past a good header, and keeps the quota point its decoding cost', async () => {
    const { user, agent, project } = await owner();
    const whole = await sharp({
      create: {
        width: 600,
        height: 400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    // The header and the start of the pixels, cut in the middle of the data.
    const damaged = whole.subarray(0, Math.floor(whole.length / 2));
    expect((await sharp(damaged).metadata()).width).toBe(600);
    const res = await upload(agent, project.id).attach('file', damaged, 'damaged.png');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: MEDIA_MESSAGES.unreadable });
    expect(await uploadPointsSpent(user.id)).toBe(1);
    const detail = await call(t.agent(), endpoints.projects.detail, { params: { id: project.id } });
    expect(detail.body.media).toEqual([]);
  });

  it('gives the quota point back when the failure is ours (the store cannot write)', async () => {
    // The store's directory lies under a device file: every write fails (ENOTDIR), as a lost disk would.
    const broken = await makeTestApp({ media: { dir: '/dev/null/vitrine-media', s3: null } });
    try {
      const { user, agent } = await broken.member();
      const project = await buildProject(broken.deps.sql, { userId: user.id });
      const res = await upload(agent, project.id).attach('file', await png(64, 48), 'a.png');
      expect(res.status).toBe(500);
      expect(await uploadPointsSpent(user.id, broken)).toBe(0);
      const refused = await upload(agent, project.id).attach('file', blankPng(4, 9_999_999), 'strip.png');
      expect(refused.status).toBe(422);
      expect(await uploadPointsSpent(user.id, broken)).toBe(1);
    } finally {
      await broken.close();
    }
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
      const res = await upload(agent, project.id).attach('file', picture, 'c.png');
      ids.push(res.body.id);
    }
    const moved = await call(agent, mediaEndpoints.edit, {
      params: { id: project.id, mediaId: ids[2] },
      body: { position: 0, alt: 'Blue' },
    });
    expect(moved.status).toBe(200);
    expect(answerOf(mediaEndpoints.edit, moved).map((m) => m.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(answerOf(mediaEndpoints.edit, moved).map((m) => m.position)).toEqual([0, 1, 2]);
    expect(moved.body[0].alt).toBe('Blue');
    const detail = await call(t.agent(), endpoints.projects.detail, { params: { id: project.id } });
    expect(detail.body.cover.id).toBe(ids[2]);

    const tooLong = await call(agent, mediaEndpoints.edit, {
      params: { id: project.id, mediaId: ids[0] },
      body: { alt: 'x'.repeat(501) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: MEDIA_MESSAGES.altTooLong });
    const other = await t.member();
    const foreign = await call(other.agent, mediaEndpoints.edit, {
      params: { id: project.id, mediaId: ids[0] },
      body: { position: 2 },
    });
    expect(foreign.status).toBe(403);

    const files = moved.body[0].variants.map((v: { url: string }) => v.url.slice('/media/'.length));
    expect(await storedKeys()).toEqual(expect.arrayContaining(files));
    const removed = await call(agent, mediaEndpoints.remove, { params: { id: project.id, mediaId: ids[2] } });
    expect(removed.status).toBe(204);
    const keys = await storedKeys();
    for (const key of files) expect(keys).not.toContain(key);
    expect((await t.agent().get(`/media/${files[0]}`)).status).toBe(404);
    const after = await call(t.agent(), endpoints.projects.detail, { params: { id: project.id } });
    expect(after.body.media.map((m: { id: number; position: number }) => [m.id, m.position])).toEqual([
      [ids[0], 0],
      [ids[1], 1],
    ]);
    const gone = await call(agent, mediaEndpoints.remove, { params: { id: project.id, mediaId: ids[2] } });
    expect(gone.status).toBe(404);
  });

  it("deleting a project removes its pictures' files", async () => {
    const { agent, project } = await owner();
    const res = await upload(agent, project.id).attach('file', await png(), 'p.png');
    const files = res.body.variants.map((v: { url: string }) => v.url.slice('/media/'.length));
    expect(await storedKeys()).toEqual(expect.arrayContaining(files));
    const { agent: admin } = await t.member({ isAdmin: true });
    expect((await call(admin, endpoints.admin.removeProject, { params: { id: project.id }, body: {} })).status).toBe(
      204,
    );
    const keys = await storedKeys();
    for (const key of files) expect(keys).not.toContain(key);
  });
});
