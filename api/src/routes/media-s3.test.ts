import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import sharp from 'sharp';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { buildProject, TEST_PASSWORD } from '@vitrine/db/testing';
import type { S3Settings } from '@vitrine/runtime/config';
import { createS3Store } from '../media/storage';
import { contentKey, uploadSalt } from '../media/keys';
import { endpoints } from '@vitrine/domain/endpoints';
import { mediaEndpoints } from '@vitrine/domain/endpoints-media';
import { call, makeTestApp, type TestApp } from '../testing';

/**
 * The S3 store against a real S3-compatible server on loopback (s3rver): the same calls the site makes
 * to AWS S3, MinIO or R2, over HTTP, signed. Uploads land in the bucket, the site serves them from
 * it, and deleting a picture or its project removes its objects.
 */
const dir = mkdtempSync(join(tmpdir(), 'vitrine-s3-test-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: dir,
  configureBuckets: [{ name: 'pictures' }],
});
let s3: S3Settings;
let t: TestApp;

beforeAll(async () => {
  const { port } = await server.run();
  s3 = {
    bucket: 'pictures',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  };
  t = await makeTestApp({ media: { dir: join(dir, 'unused'), s3 } });
});
afterAll(async () => {
  await t?.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every key in the bucket. */
async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  const answer = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  client.destroy();
  return (answer.Contents ?? []).map((o) => o.Key!).sort();
}

describe('S3 media store', () => {
  it('puts, reads back and deletes an object; a missing key reads as nothing', async () => {
    const store = createS3Store(s3);
    const body = Buffer.from('picture bytes');
    const key = contentKey(body, uploadSalt(), 'image/webp');
    await store.put(key, body, 'image/webp');
    expect(await bucketKeys()).toContain(key);
    const file = await store.get(key);
    expect(file).toMatchObject({ size: body.length, type: 'image/webp' });
    expect(await text(file!.body)).toBe('picture bytes');
    await store.delete([key]);
    expect(await store.get(key)).toBeNull();
    expect(await bucketKeys()).not.toContain(key);
    expect(await store.get('../../etc/passwd')).toBeNull();
  });
});

/** A member with a project of their own, and a picture uploaded to it: the answer and the bucket keys it added. */
async function memberWithPicture() {
  const { user, agent } = await t.member();
  const project = await buildProject(t.deps.sql, { userId: user.id });
  const upload = async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const before = await bucketKeys();
    const res = await call(agent, mediaEndpoints.add, { params: { id: project.id } })
      .field('alt', 'The main screen')
      .attach('file', png, { filename: 'screen.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    const media = res.body as { id: number; variants: Array<{ url: string; width: number }> };
    const added = (await bucketKeys()).filter((k) => !before.includes(k));
    expect(added.sort()).toEqual(media.variants.map((v) => v.url.split('/').pop()!).sort());
    return { media, added };
  };
  return { user, agent, project, upload, ...(await upload()) };
}

/** None of `keys` is left in the bucket. */
async function gone(keys: string[]): Promise<void> {
  const left = await bucketKeys();
  for (const key of keys) expect(left).not.toContain(key);
}

describe('pictures in the S3 store', () => {
  it('an upload goes to the bucket and the site serves it from there; deleting it, or its project, removes its objects', async () => {
    const { agent, project, upload, media, added } = await memberWithPicture();
    const variant = media.variants[0]!;
    const served = await t.agent().get(variant.url).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(variant.width);
    expect((await call(agent, mediaEndpoints.remove, { params: { id: project.id, mediaId: media.id } })).status).toBe(
      204,
    );
    await gone(added);
    expect((await t.agent().get(variant.url)).status).toBe(404);

    const second = await upload();
    const admin = await t.member({ isAdmin: true });
    expect(
      (await call(admin.agent, endpoints.admin.removeProject, { params: { id: project.id }, body: {} })).status,
    ).toBe(204);
    await gone(second.added);
  });

  it("deleting the owner, by an admin or by themselves, removes their pictures' objects", async () => {
    const byAdmin = await memberWithPicture();
    const admin = await t.member({ isAdmin: true });
    expect(
      (await call(admin.agent, endpoints.admin.removeUser, { params: { userId: byAdmin.user.id }, body: {} })).status,
    ).toBe(204);
    await gone(byAdmin.added);

    const bySelf = await memberWithPicture();
    expect(
      (await call(bySelf.agent, endpoints.users.deleteAccount, { body: { password: TEST_PASSWORD } })).status,
    ).toBe(204);
    await gone(bySelf.added);
  });
});
