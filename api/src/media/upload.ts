import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { MEDIA_ALT_MAX, MEDIA_MAX_BYTES, MEDIA_MESSAGES } from '@vitrine/domain/schemas/media';
import type { AppContext } from '../context';
import { badRequest, HttpError } from '../errors';

/** An upload written to a temporary file, with its form's alt text; `discard` removes the file. */
export interface ReceivedUpload {
  path: string;
  alt: string | undefined;
  discard: () => Promise<void>;
}

/** Room for the multipart framing and the alt field around the file, on top of MEDIA_MAX_BYTES. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** 413 with the size message; the connection is closed rather than the rest of a large body read. */
function tooLarge(ctx: AppContext): HttpError {
  ctx.set('Connection', 'close');
  return new HttpError(413, MEDIA_MESSAGES.tooLarge);
}

/**
 * Streams a multipart/form-data upload (field `file`, optional `alt`) to a temporary file, never
 * holding it in memory: at most MEDIA_MAX_BYTES (a Content-Length above it is refused before a byte
 * is read, a chunked body as soon as it passes the limit), one file, two small fields. 400 when the
 * body is not multipart or has no file, 413 when the file is too large.
 */
export async function receiveUpload(ctx: AppContext): Promise<ReceivedUpload> {
  if (!ctx.is('multipart/form-data')) throw badRequest(MEDIA_MESSAGES.notMultipart);
  if (Number(ctx.get('Content-Length') || 0) > MEDIA_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge(ctx);
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    const { wrote, alt } = await parseForm(ctx, join(dir, 'upload'));
    if (wrote === 'none') throw badRequest(MEDIA_MESSAGES.noFile);
    if (wrote === 'truncated') throw tooLarge(ctx);
    return { path: join(dir, 'upload'), alt, discard };
  } catch (err) {
    await discard();
    throw err;
  }
}

/** Runs busboy over the request: the file to `path` (cut at the limit), the alt text kept. */
function parseForm(
  ctx: AppContext,
  path: string,
): Promise<{ wrote: 'none' | 'file' | 'truncated'; alt: string | undefined }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fileSize: MEDIA_MAX_BYTES, fields: 2, fieldSize: MEDIA_ALT_MAX * 4, parts: 4 },
      });
    } catch {
      reject(badRequest(MEDIA_MESSAGES.notMultipart));
      return;
    }
    let wrote: 'none' | 'file' | 'truncated' = 'none';
    let alt: string | undefined;
    let writing: Promise<void> = Promise.resolve();
    parser.on('field', (name, value) => {
      if (name === 'alt') alt = value;
    });
    parser.on('file', (name, stream) => {
      if (name !== 'file' || wrote !== 'none') {
        stream.resume();
        return;
      }
      wrote = 'file';
      stream.on('limit', () => {
        wrote = 'truncated';
        // Stop reading: the answer is 413 whatever follows, so the rest of the body is not worth taking.
        ctx.req.unpipe(parser);
        stream.destroy();
        resolve({ wrote, alt });
      });
      writing = pipeline(stream, createWriteStream(path)).catch((err: unknown) => {
        if (wrote !== 'truncated') throw err;
      });
    });
    parser.on('error', () => reject(badRequest(MEDIA_MESSAGES.notMultipart)));
    parser.on('close', () => writing.then(() => resolve({ wrote, alt }), reject));
    ctx.req.pipe(parser);
  });
}
