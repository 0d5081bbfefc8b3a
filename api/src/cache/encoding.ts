import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings a kept answer is compressed to, most preferred first. */
export type BodyEncoding = 'br' | 'gzip';

/** Brotli's quality for answers: koa-compress's default (app.ts), fast enough to run per answer. */
const BROTLI_QUALITY = 4;

/** One entry of Accept-Encoding: a coding (lower case, or `*`) and its weight. */
function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().split(';');
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (m) q = Math.min(1, Math.max(0, Number(m[1]) || 0));
    }
    weights.set(coding.trim().toLowerCase(), q);
  }
  return weights;
}

/**
 * The encoding of a kept answer for a request's Accept-Encoding, as the compression middleware
 * (koa-compress, app.ts) negotiates it: none without the header, gzip for a bare `*`, otherwise the
 * highest weight among br, gzip and identity (unlisted: the `*` weight; identity unlisted and no `*`:
 * the lowest weight listed, as negotiator does), br before gzip before identity on a tie. Null: answer
 * the JSON as it is. Deflate alone is answered as it is (koa-compress would deflate it).
 */
export function chooseEncoding(header: string | undefined): BodyEncoding | null {
  if (header === undefined || header.trim() === '') return null;
  if (header.trim() === '*') return 'gzip';
  const weights = parseAcceptEncoding(header);
  const wildcard = weights.get('*');
  const weight = (coding: string) => weights.get(coding) ?? wildcard ?? 0;
  const identity = weights.get('identity') ?? wildcard ?? Math.min(...weights.values());
  let best: BodyEncoding | null = null;
  let bestWeight = identity;
  for (const coding of ['br', 'gzip'] as const) {
    const q = weight(coding);
    if (q > 0 && (best === null ? q >= bestWeight : q > bestWeight)) {
      best = coding;
      bestWeight = q;
    }
  }
  return best;
}

/** `json` compressed by `encoding`, with the compression middleware's settings. */
export function encode(json: string, encoding: BodyEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(json);
}
