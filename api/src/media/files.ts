import type { MediaVariantRow } from '@vitrine/db/queries/project-media';
import { loggerFor } from '@vitrine/runtime/logger';
import type { EncodedImage } from './images';
import { contentKey, uploadSalt } from './keys';
import type { MediaStore } from './storage';

/** Stores an encoded picture's files under content-hashed keys; answers the variants to record. */
export async function storeFiles(store: MediaStore, image: EncodedImage): Promise<MediaVariantRow[]> {
  const salt = uploadSalt();
  const variants = image.files.map((file) => ({
    width: file.width,
    type: file.type,
    key: contentKey(file.body, salt, file.type),
  }));
  try {
    await Promise.all(image.files.map((file, i) => store.put(variants[i]!.key, file.body, file.type)));
  } catch (err) {
    await removeFiles(store, variants);
    throw err;
  }
  return variants;
}

/**
 * Removes the files of pictures whose rows are gone (after the commit that deleted them). A failure is
 * logged, not thrown: the rows are already gone, so the answer stands, and the files are unreachable.
 */
export async function removeFiles(store: MediaStore, variants: MediaVariantRow[]): Promise<void> {
  if (variants.length === 0) return;
  try {
    await store.delete(variants.map((v) => v.key));
  } catch (err) {
    loggerFor('media').error({ err, keys: variants.map((v) => v.key) }, 'media files not removed');
  }
}
