import type { Media } from '@vitrine/domain/answers';

/** `url width` pairs of one stored type, for srcset. */
function srcSetOf(media: Media, type: 'image/webp' | 'image/avif'): string {
  return media.variants
    .filter((v) => v.type === type)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

/** A picture in every stored width: AVIF where the server kept one, WebP otherwise; sized by its width and height. */
export function MediaPicture({
  media,
  sizes,
  className,
  loading = 'lazy',
}: {
  media: Media;
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
}) {
  const avif = srcSetOf(media, 'image/avif');
  return (
    <picture>
      {avif ? <source type="image/avif" srcSet={avif} sizes={sizes} /> : null}
      <img
        src={media.url}
        srcSet={srcSetOf(media, 'image/webp')}
        sizes={sizes}
        width={media.width}
        height={media.height}
        alt={media.alt}
        loading={loading}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
