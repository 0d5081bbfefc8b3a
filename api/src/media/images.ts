import sharp, { type Metadata, type OutputInfo } from 'sharp';
import {
  MEDIA_MAX_PIXELS,
  MEDIA_MAX_SIDE,
  MEDIA_MESSAGES,
  MEDIA_WIDTHS,
  mediaShapeRefusal,
} from '@vitrine/domain/schemas/media';
import { loggerFor } from '@vitrine/runtime/logger';
import { HttpError } from '../errors';
import type { StoredType } from './keys';

// No cache of decoded images between uploads: each is read once, and memory stays bounded.
sharp.cache(false);

/** A picture's header as read before any pixel is decoded. */
export interface ImageHeader {
  format: string;
  /** Width and height once its orientation is applied. */
  width: number;
  height: number;
}

/** One encoded file of a picture. */
export interface EncodedFile {
  width: number;
  type: StoredType;
  body: Buffer;
}

/** A picture re-encoded at every stored width: its size (oriented, at most the widest width) and files. */
export interface EncodedImage {
  width: number;
  height: number;
  files: EncodedFile[];
}

/** Seconds one libvips pipeline may run before it is stopped (a hostile file never holds a core for long). */
const PIPELINE_TIMEOUT_SECONDS = 30;
/** WebP quality: photos and screenshots alike look right at 80. */
const WEBP_QUALITY = 80;
/** AVIF quality and effort: 50 is about WebP's 80; effort 2 keeps encoding a fraction of a second. */
const AVIF_QUALITY = 50;
const AVIF_EFFORT = 2;
/**
 * Largest file tried in AVIF, in pixels (a 1,600 x 2,500 picture): AVIF costs about five times WebP's
 * CPU, and the 10 to 17 megapixel variants of a tall capture would take 10 to 40 s each. Those are WebP only.
 */
const AVIF_MAX_PIXELS = 4_000_000;

/**
 * The input options of every read: at most MEDIA_MAX_PIXELS (a decompression bomb is refused before
 * its pixels are decoded), the first frame of an animation only, and a file with broken data refused.
 */
const INPUT = { limitInputPixels: MEDIA_MAX_PIXELS, pages: 1, failOn: 'error' } as const;

/** Whether the header names a format we accept: PNG, JPEG, WebP, GIF, or AVIF (HEIF with AV1). */
function acceptedFormat(meta: Metadata): boolean {
  if (meta.format === 'heif') return meta.compression === 'av1';
  return meta.format === 'png' || meta.format === 'jpeg' || meta.format === 'webp' || meta.format === 'gif';
}

/**
 * Reads a file's header only (libvips opens it lazily, so no pixel is decoded): 415 when it is not an
 * accepted image, 422 when it has more than MEDIA_MAX_PIXELS pixels or one side more than
 * MEDIA_MAX_ASPECT times the other (mediaShapeRefusal, the rule the browser checks too).
 */
export async function readHeader(path: string): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    // The header only: the pixel count is checked below, with its own answer (422), before any decode.
    meta = await sharp(path, { ...INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, MEDIA_MESSAGES.notImage);
  }
  if (!acceptedFormat(meta) || !meta.width || !meta.height) throw new HttpError(415, MEDIA_MESSAGES.notImage);
  const height = meta.pageHeight ?? meta.height;
  const refusal = mediaShapeRefusal(meta.width, height);
  if (refusal) throw new HttpError(422, refusal);
  // Orientations 5 to 8 turn the picture a quarter: its width and height swap.
  const turned = (meta.orientation ?? 1) >= 5;
  return { format: meta.format, width: turned ? height : meta.width, height: turned ? meta.width : height };
}

/** The widths to store for a picture `width` wide: each of MEDIA_WIDTHS, never wider than the picture. */
export function storedWidths(width: number): number[] {
  return [...new Set(MEDIA_WIDTHS.map((w) => Math.min(w, width)))];
}

/**
 * Encodes raw pixels at one width: WebP always, AVIF too (when `avif`) if it is smaller and the file is
 * at most AVIF_MAX_PIXELS.
 */
async function encodeWidth(
  raw: { data: Buffer; info: OutputInfo },
  width: number,
  avif: boolean,
): Promise<EncodedFile[]> {
  const { info } = raw;
  const base = () =>
    sharp(raw.data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .resize({ width, withoutEnlargement: true })
      .timeout({ seconds: PIPELINE_TIMEOUT_SECONDS });
  const height = Math.round((info.height * width) / info.width);
  const [webp, smaller] = await Promise.all([
    base().webp({ quality: WEBP_QUALITY }).toBuffer(),
    avif && width * height <= AVIF_MAX_PIXELS
      ? base().avif({ quality: AVIF_QUALITY, effort: AVIF_EFFORT }).toBuffer()
      : Promise.resolve(null),
  ]);
  const files: EncodedFile[] = [{ width, type: 'image/webp', body: webp }];
  if (smaller && smaller.length < webp.length) files.push({ width, type: 'image/avif', body: smaller });
  return files;
}

/**
 * Decodes a picture (a file's path, or its bytes) once (orientation applied, scaled to fit inside the
 * widest stored width and MEDIA_MAX_SIDE, in sRGB) and encodes every stored width from those pixels: a
 * picture taller than MEDIA_MAX_SIDE is kept whole, narrower (a 1080 x 17000 capture as 1040 x 16383,
 * then 800 and 400 wide), so no file passes WebP's or AVIF's limit. Nothing of the original's metadata
 * (EXIF, GPS, XMP, ICC, comments) is copied: the files are made from bare pixels. `avif: false` stores
 * WebP only (AVIF costs most of an encode; the demo's flat drawings gain little from it).
 * A picture whose header was accepted (readHeader) but whose data libvips cannot decode or encode in
 * PIPELINE_TIMEOUT_SECONDS (damaged, truncated, hostile) is the input's failure: 422, never a 500.
 */
export async function encodeImage(path: string | Buffer, { avif = true } = {}): Promise<EncodedImage> {
  const widest = Math.max(...MEDIA_WIDTHS);
  try {
    const raw = await sharp(path, INPUT)
      .autoOrient()
      .resize({ width: widest, height: MEDIA_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .timeout({ seconds: PIPELINE_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    const files: EncodedFile[] = [];
    for (const width of storedWidths(raw.info.width)) files.push(...(await encodeWidth(raw, width, avif)));
    return { width: raw.info.width, height: raw.info.height, files };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    loggerFor('media').warn({ err: (err as Error).message }, 'a picture was refused: libvips could not process it');
    throw new HttpError(422, MEDIA_MESSAGES.unreadable);
  }
}
