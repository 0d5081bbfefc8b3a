import { mediaShapeRefusal, mediaSizeRefusal } from '@vitrine/domain/schemas/media';

/**
 * The width and height of a picture as the browser reads it from its header, or null when the
 * browser cannot read it (the server then says why). Loading an <img> sizes it without painting it.
 */
function pictureSize(file: File): Promise<{ width: number; height: number } | null> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  return new Promise<{ width: number; height: number } | null>((resolve) => {
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/**
 * Why the server would refuse `file`, in its own words (domain/src/schemas/media.ts), found before a
 * byte is sent: its size first (without reading it), then its pixels and shape. Null when it may go.
 */
export async function uploadRefusal(file: File): Promise<string | null> {
  const tooLarge = mediaSizeRefusal(file.size);
  if (tooLarge) return tooLarge;
  const size = await pictureSize(file);
  return size ? mediaShapeRefusal(size.width, size.height) : null;
}
