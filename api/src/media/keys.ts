import { createHash, randomBytes } from 'node:crypto';

/** The MIME types pictures are stored in, and the extension of each. */
export const STORED_TYPES = { 'image/webp': 'webp', 'image/avif': 'avif' } as const;
export type StoredType = keyof typeof STORED_TYPES;

/** A storage key: 40 hex digits and the extension of a stored type. Nothing else is ever read or written. */
export const MEDIA_KEY = /^[0-9a-f]{40}\.(webp|avif)$/;

/** Where the site serves stored files (api/src/routes/media-files.ts). */
export const MEDIA_PATH = '/media';

/** The address of a stored file, on the site itself (so the CSP's img-src 'self' covers it). */
export function mediaUrl(key: string): string {
  return `${MEDIA_PATH}/${key}`;
}

/**
 * The key of an encoded file: a hash of its bytes and a per-upload salt, so a file never changes under
 * its name (served immutable for a year) and two uploads of the same picture never share a file that
 * deleting one of them would remove.
 */
export function contentKey(bytes: Buffer, salt: Buffer, type: StoredType): string {
  const hash = createHash('sha256').update(salt).update(bytes).digest('hex').slice(0, 40);
  return `${hash}.${STORED_TYPES[type]}`;
}

/** A fresh salt for one upload's files. */
export function uploadSalt(): Buffer {
  return randomBytes(16);
}

/** The MIME type of a key's extension. */
export function typeOfKey(key: string): StoredType {
  return key.endsWith('.avif') ? 'image/avif' : 'image/webp';
}
