import { mediaShapeRefusal, mediaSizeRefusal } from '@vitrine/domain/schemas/media';

/**
 * The width and height of a picture as the browser decodes it (createImageBitmap: no URL is loaded,
 * so the page's CSP is not involved), or null when the browser cannot read it (the server then says
 * why). EXIF orientation may swap the sides, which the limits treat alike.
 */
async function pictureSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
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
