import { z } from '../zod';

/** Pictures a project may have; the first is its cover. */
export const MEDIA_PER_PROJECT = 8;
/** Largest upload accepted, in bytes (8 MiB). */
export const MEDIA_MAX_BYTES = 8 * 1024 * 1024;
/** Largest picture accepted, in pixels (width x height): 40 megapixels. */
export const MEDIA_MAX_PIXELS = 40_000_000;
/**
 * Longest side of a stored file, in pixels: WebP stops at 16,383 (AVIF at 16,384). A taller (or wider)
 * picture is stored scaled down to fit, whole and in proportion (a 1080 x 17000 capture as 1040 x 16383).
 */
export const MEDIA_MAX_SIDE = 16_383;
/**
 * Most times one side of a picture may be the other (both ways): a full-page capture is 1:16 to 1:30.
 * 40 keeps a picture fitted into MEDIA_MAX_SIDE at least 409 px across, about the smallest stored width;
 * beyond it (a 4 x 9,999,999 strip) the picture is refused from its header, before any pixel is decoded.
 */
export const MEDIA_MAX_ASPECT = 40;
/** Widths every picture is stored at (no wider than the original). */
export const MEDIA_WIDTHS = [400, 800, 1600] as const;
/** Longest alt text. */
export const MEDIA_ALT_MAX = 500;

/** The refusals of an upload and an edit, shown as the server sends them. */
export const MEDIA_MESSAGES = {
  tooMany: `A project can have up to ${MEDIA_PER_PROJECT} images. Remove one before adding another.`,
  tooLarge: 'Images can be up to 8 MB.',
  tooManyPixels: 'Images can be up to 40 megapixels.',
  tooNarrow: `Images can be up to ${MEDIA_MAX_ASPECT} times as tall as they are wide, or as wide as they are tall.`,
  unreadable: 'This image could not be read: its data is damaged or unusual. Export it again as PNG or JPEG and retry.',
  notImage: 'Upload a PNG, JPEG, WebP, AVIF or GIF image.',
  noFile: 'Choose an image to upload.',
  notMultipart: 'Send the image as multipart/form-data in the field "file".',
  altTooLong: `Alt text cannot exceed ${MEDIA_ALT_MAX} characters`,
  busy: 'Too many images are being processed right now. Please try again shortly.',
  notFound: 'Image not found',
} as const;

/**
 * Why a picture of `width` x `height` pixels is refused (its message), or null: more than
 * MEDIA_MAX_PIXELS pixels, or one side more than MEDIA_MAX_ASPECT times the other. The server applies
 * it to the file's header, the browser to the chosen file before sending it.
 */
export function mediaShapeRefusal(width: number, height: number): string | null {
  if (width * height > MEDIA_MAX_PIXELS) return MEDIA_MESSAGES.tooManyPixels;
  if (Math.max(width, height) > MEDIA_MAX_ASPECT * Math.min(width, height)) return MEDIA_MESSAGES.tooNarrow;
  return null;
}

/** Why a file of `bytes` is refused before it is read (MEDIA_MESSAGES.tooLarge), or null. */
export function mediaSizeRefusal(bytes: number): string | null {
  return bytes > MEDIA_MAX_BYTES ? MEDIA_MESSAGES.tooLarge : null;
}

/** An alt text: trimmed, at most MEDIA_ALT_MAX characters. */
export const mediaAltSchema = z
  .string({ error: MEDIA_MESSAGES.altTooLong })
  .trim()
  .max(MEDIA_ALT_MAX, MEDIA_MESSAGES.altTooLong);

/** PATCH /api/projects/{id}/media/{mediaId}: a new alt text, a new place in the order (0 is the cover), or both. */
export const mediaEditSchema = z
  .object({
    alt: mediaAltSchema.optional(),
    position: z
      .number({ error: 'Position must be a whole number from 0 to 7' })
      .int('Position must be a whole number from 0 to 7')
      .min(0, 'Position must be a whole number from 0 to 7')
      .max(MEDIA_PER_PROJECT - 1, 'Position must be a whole number from 0 to 7')
      .optional(),
  })
  .strict();
