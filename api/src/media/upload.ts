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

/**
 * Most bytes of a refused upload read and thrown away before the answer (4 times the limit): enough
 * for any real picture sent by mistake, while a longer body gets its connection closed.
 */
const DISCARD_MAX_BYTES = 4 * MEDIA_MAX_BYTES;

/** 413 with the size message, once the rest of the body is read and thrown away (discardRest). */
async function tooLarge(ctx: AppContext): Promise<HttpError> {
  await discardRest(ctx);
  return new HttpError(413, MEDIA_MESSAGES.tooLarge);
}

/**
 * Reads the rest of a refused request's body and throws it away, so a client still sending it (a
 * browser's upload) finishes and reads the answer. Answered early, such a client is cut off: a
 * connection closed under it is reset, and with the connection kept open Node stops reading the body
 * once the answer has gone, so the upload stalls; either way the browser shows a network error
 * instead of the 413. A body declared (or found) longer than DISCARD_MAX_BYTES is not read to its
 * end: the connection closes after the answer.
 */
function discardRest(ctx: AppContext): Promise<void> {
  const req = ctx.req;
  if (req.complete) return Promise.resolve();
  if (Number(ctx.get('Content-Length') || 0) > DISCARD_MAX_BYTES) {
    ctx.set('Connection', 'close');
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let discarded = 0;
    const done = () => {
      req.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded <= DISCARD_MAX_BYTES) return;
      req.pause();
      ctx.set('Connection', 'close');
      done();
    };
    req.on('data', count);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}

/**
 * Streams a multipart/form-data upload (field `file`, optional `alt`) to a temporary file, never
 * holding it in memory: at most MEDIA_MAX_BYTES (a Content-Length above it is refused before a byte
 * is parsed, a chunked body as soon as it passes the limit; either way the rest is read and thrown
 * away before the 413), one file, two small fields. 400 when the
 * body is not multipart or has no file, 413 when the file is too large.
 */
export async function receiveUpload(ctx: AppContext): Promise<ReceivedUpload> {
  if (!ctx.is('multipart/form-data')) throw badRequest(MEDIA_MESSAGES.notMultipart);
  if (Number(ctx.get('Content-Length') || 0) > MEDIA_MAX_BYTES + FORM_OVERHEAD_BYTES) throw await tooLarge(ctx);
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    const { wrote, alt } = await parseForm(ctx, join(dir, 'upload'));
    if (wrote === 'none') throw badRequest(MEDIA_MESSAGES.noFile);
    if (wrote === 'truncated') throw await tooLarge(ctx);
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
        // Stop parsing: the answer is 413 whatever follows; tooLarge() throws the rest of the body away.
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
