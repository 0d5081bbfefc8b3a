import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { loadConfig } from '@vitrine/runtime/config';
import { createLocalStore, createMediaStore } from './storage';
import { contentKey, uploadSalt } from './keys';

const dir = mkdtempSync(join(tmpdir(), 'vitrine-store-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local media store', () => {
  it('puts, reads back and deletes a file under its content-hashed key', async () => {
    const store = createLocalStore(join(dir, 'nested', 'media'));
    const body = Buffer.from('picture bytes');
    const key = contentKey(body, uploadSalt(), 'image/webp');
    expect(key).toMatch(/^[0-9a-f]{40}\.webp$/);
    await store.put(key, body, 'image/webp');
    const file = await store.get(key);
    expect(file).toMatchObject({ size: body.length, type: 'image/webp' });
    expect(await text(file!.body)).toBe('picture bytes');
    expect(await readdir(join(dir, 'nested', 'media'))).toEqual([key]);
    await store.delete([key]);
    expect(await store.get(key)).toBeNull();
    // Deleting what is already gone is not an error.
    await store.delete([key]);
  });

  it('never reads or writes outside its directory', async () => {
    const store = createLocalStore(dir);
    expect(await store.get('../../etc/passwd')).toBeNull();
    await expect(store.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow('not a media key');
    await expect(store.delete(['a/../../b.webp'])).rejects.toThrow('not a media key');
  });

  it('two uploads of the same bytes get different keys (deleting one never removes the other)', () => {
    const body = Buffer.from('same');
    expect(contentKey(body, uploadSalt(), 'image/avif')).not.toBe(contentKey(body, uploadSalt(), 'image/avif'));
  });
});

describe('store configuration', () => {
  it('uses the directory by default and S3 when all four S3 variables are set', () => {
    expect(createMediaStore(loadConfig({}).media).kind).toBe('local');
    const s3 = loadConfig({
      S3_BUCKET: 'pictures',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).media;
    expect(s3.s3).toMatchObject({ bucket: 'pictures', region: 'us-east-1' });
    expect(createMediaStore(s3).kind).toBe('s3');
  });

  it('refuses a partial S3 configuration, naming what is missing', () => {
    expect(() => loadConfig({ S3_BUCKET: 'pictures' })).toThrow(/S3_ENDPOINT must be set with S3_BUCKET/);
  });
});
