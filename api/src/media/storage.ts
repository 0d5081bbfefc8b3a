import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaSettings, S3Settings } from '@vitrine/runtime/config';
import { MEDIA_KEY, typeOfKey } from './keys';

/** A stored file being read: its bytes as a stream, its size and MIME type. */
export interface StoredFile {
  body: Readable;
  size: number;
  type: string;
}

/**
 * Where project pictures' files live: the local disk by default, an S3-compatible bucket when
 * configured (createMediaStore). Keys are content-hashed names (keys.ts `MEDIA_KEY`); a file never
 * changes under its key, so it is written once and served immutable.
 */
export interface MediaStore {
  /** Stores `body` under `key`. */
  put(key: string, body: Buffer, type: string): Promise<void>;
  /** A stored file, or null when there is none under `key`. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the files of `keys`; a missing one is not an error. */
  delete(keys: string[]): Promise<void>;
  /** Which store this is, for logs and the readiness of a deployment. */
  readonly kind: 'local' | 's3';
}

/** Refuses a key that is not a content-hashed name (no path can reach outside the store). */
function checkKey(key: string): void {
  if (!MEDIA_KEY.test(key)) throw new Error(`not a media key: ${key}`);
}

/** Files in one directory, written to a temporary name and renamed, so a reader never sees half a file. */
export function createLocalStore(dir: string): MediaStore {
  const root = resolve(dir);
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'local',
    async put(key, body) {
      checkKey(key);
      await (ready ??= mkdir(root, { recursive: true }));
      const tmp = join(root, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(tmp, body);
      await rename(tmp, join(root, key));
    },
    async get(key) {
      if (!MEDIA_KEY.test(key)) return null;
      const path = join(root, key);
      try {
        const info = await stat(path);
        return { body: createReadStream(path), size: info.size, type: typeOfKey(key) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(keys) {
      for (const key of keys) checkKey(key);
      await Promise.all(keys.map((key) => rm(join(root, key), { force: true })));
    },
  };
}

/** DeleteObjects takes at most this many keys per call. */
const S3_DELETE_BATCH = 1000;

/** The S3 client of a bucket: path-style addresses, which MinIO and R2 accept as AWS does. */
function s3Client(s3: S3Settings): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
}

/** Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2), read back by the site itself. */
export function createS3Store(s3: S3Settings, client: S3Client = s3Client(s3)): MediaStore {
  const Bucket = s3.bucket;
  return {
    kind: 's3',
    async put(key, body, type) {
      checkKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: type,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      if (!MEDIA_KEY.test(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0, type: typeOfKey(key) };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(keys) {
      for (const key of keys) checkKey(key);
      for (let i = 0; i < keys.length; i += S3_DELETE_BATCH) {
        const batch = keys.slice(i, i + S3_DELETE_BATCH);
        await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
      }
    },
  };
}

/** The store the configuration names: the S3 bucket when S3_* are set, else the MEDIA_DIR directory. */
export function createMediaStore(settings: MediaSettings): MediaStore {
  return settings.s3 ? createS3Store(settings.s3) : createLocalStore(settings.dir);
}
