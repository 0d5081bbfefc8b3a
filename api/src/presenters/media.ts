import type { MediaRow } from '@vitrine/db/queries/project-media';
import type { Media } from '@vitrine/domain/answers';
import { mediaUrl } from '../media/keys';

/** A picture as the API shows it: `url` is its widest WebP, `variants` every stored file, narrowest first. */
export function presentMedia(row: MediaRow): Media {
  const variants = [...row.variants]
    .sort((a, b) => a.width - b.width || a.type.localeCompare(b.type))
    .map((v) => ({ width: v.width, url: mediaUrl(v.key), type: v.type as 'image/webp' | 'image/avif' }));
  const widest = variants.filter((v) => v.type === 'image/webp').at(-1) ?? variants.at(-1);
  return {
    id: row.id,
    url: widest?.url ?? '',
    width: row.width,
    height: row.height,
    alt: row.alt,
    position: row.position,
    variants,
  };
}
