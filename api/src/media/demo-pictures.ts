import type { StorePicture } from '@vitrine/db/seed/demo';
import { storeFiles } from './files';
import { encodeImage } from './images';
import type { MediaStore } from './storage';

/**
 * The demo seed's way to store its pictures (db/src/seed/demo.ts `StorePicture`): each is encoded as an
 * upload is (images.ts `encodeImage`, the stored widths; WebP only, which keeps the seed quick) and put
 * in `store`, the store the site serves pictures from, so the demo's pictures are served as uploaded
 * ones are.
 */
export function demoPictureStorer(store: MediaStore): StorePicture {
  return async (svg) => {
    const image = await encodeImage(svg, { avif: false });
    return { width: image.width, height: image.height, variants: await storeFiles(store, image) };
  };
}
