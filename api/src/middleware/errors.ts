import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '@vitrine/db/unavailable';
import { isRetryableConflict } from '@vitrine/db/retry';
import { loggerFor } from '@vitrine/runtime/logger';
import { countStatementTimeout } from '@vitrine/runtime/metrics';
import { HttpError } from '../errors';

/** What every request answers while PostgreSQL cannot be reached (503, with Retry-After). */
export const UNAVAILABLE_MESSAGE = 'Vitrine is unavailable for a moment. Please try again shortly.';
/** Seconds a client is told to wait before retrying during an outage. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/** An outage is logged at most once in this many milliseconds (every request of it fails alike). */
const UNAVAILABLE_LOG_EVERY_MS = 10_000;

/** What a write answers when it lost a lock race on every attempt (commit retries first; 503, with Retry-After). */
const BUSY_MESSAGE = 'The server is busy. Please try again.';
/** Seconds a client is told to wait after a write lost every retry. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * What a request answers when its statement ran past the pool's statement_timeout (SQLSTATE 57014,
 * db/src/sql.ts REQUEST_STATEMENT_TIMEOUT_MS): 503 with Retry-After, the connection already free.
 */
export const TIMEOUT_MESSAGE = 'That took too long to answer. Please try again in a moment.';
/** Seconds a client is told to wait after a statement timed out. */
const TIMEOUT_RETRY_AFTER_SECONDS = 2;
/** A statement timeout is logged at most once in this many milliseconds (a flood of slow reads times out alike). */
const TIMEOUT_LOG_EVERY_MS = 10_000;

/** SQLSTATE codes that are the client's fault. */
const SQLSTATE_STATUS: Record<string, [number, string]> = {
  '23505': [409, 'That already exists'],
  '23503': [404, 'A record it refers to does not exist'],
  '22P02': [400, 'Invalid input'],
  '22001': [400, 'A value is too long'],
  '22003': [400, 'A number is out of range'],
  '23514': [400, 'Invalid input'],
  // PostgreSQL text cannot hold U+0000; the statement fails before anything is written.
  '22021': [400, 'Text must not contain NUL characters'],
};

/** Content-Encodings a request body may use (co-body's inflation decodes these). */
const BODY_ENCODINGS = ['gzip', 'deflate', 'br', 'identity'] as const;
export const UNDECODABLE_BODY_MESSAGE = 'Request body does not match its Content-Encoding';
export const UNSUPPORTED_ENCODING_MESSAGE = `Unsupported Content-Encoding: use ${BODY_ENCODINGS.join(', ')}`;

/**
 * Whether `code` is one of a decompression failure: zlib's (gzip, deflate) Z_* codes, or Node's
 * brotli decoder codes (`ERR_` + the decoder's `_ERROR_...` name). The body parser lets them through
 * as they are (no status), for a body that is not what its Content-Encoding says.
 */
function isDecompressionCode(code: string): boolean {
  return code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code === 'Z_NEED_DICT' || code.startsWith('ERR__ERROR_');
}

/**
 * Answers every error as JSON `{ message }`: our HttpErrors as they are, zod errors with the first
 * issue's message (400), PostgreSQL being unreachable 503 (by error code, see isDatabaseUnavailable),
 * a statement cancelled by statement_timeout 503, known SQLSTATEs mapped, body-parser errors (400/413/415)
 * with their status, a body that does not decompress 400 and an unknown Content-Encoding 415.
 * Anything else is logged and answered 500 with no details.
 */
export function errorMiddleware(
  log: (err: unknown, reqId?: string) => void = (err, reqId) =>
    loggerFor('http').error({ err, reqId }, 'unexpected error (500)'),
): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
        ctx.status = 404;
        ctx.body = { message: 'Not found' };
      }
    } catch (err) {
      const reqId = (ctx.state as { reqId?: string }).reqId;
      const [status, message, headers] = describe(err, (e) => log(e, reqId));
      ctx.status = status;
      ctx.set(headers);
      ctx.body = { message };
    }
  };
}

let lastUnavailableLog = 0;
let lastTimeoutLog = 0;

function describe(err: unknown, log: (err: unknown) => void): [number, string, Record<string, string>] {
  if (err instanceof HttpError) return [err.status, err.message, err.headers];
  if (isDatabaseUnavailable(err)) {
    const now = Date.now();
    if (now - lastUnavailableLog >= UNAVAILABLE_LOG_EVERY_MS) {
      lastUnavailableLog = now;
      loggerFor('http').warn(
        { code: (err as { code: string }).code },
        'PostgreSQL is unreachable: answering 503 until it is back',
      );
    }
    return [503, UNAVAILABLE_MESSAGE, { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) }];
  }
  if (countStatementTimeout(err)) {
    const now = Date.now();
    if (now - lastTimeoutLog >= TIMEOUT_LOG_EVERY_MS) {
      lastTimeoutLog = now;
      loggerFor('http').warn(
        { err: (err as Error).message },
        'a statement ran past statement_timeout and was cancelled (503)',
      );
    }
    return [503, TIMEOUT_MESSAGE, { 'Retry-After': String(TIMEOUT_RETRY_AFTER_SECONDS) }];
  }
  if (isRetryableConflict(err)) return [503, BUSY_MESSAGE, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) }];
  if (err instanceof ZodError) return [400, err.issues[0]?.message ?? 'Invalid input', {}];
  const e = err as { code?: unknown; status?: unknown; expose?: unknown; message?: unknown; type?: unknown };
  if (typeof e?.code === 'string' && e.status === undefined && isDecompressionCode(e.code))
    return [400, UNDECODABLE_BODY_MESSAGE, {}];
  if (typeof e?.code === 'string' && e.code in SQLSTATE_STATUS) {
    const [status, message] = SQLSTATE_STATUS[e.code]!;
    return [status, message, {}];
  }
  // http-errors from koa-bodyparser / ctx.throw: expose means the message is meant for the client.
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    if (e.type === 'entity.parse.failed') return [400, 'Request body is not valid JSON', {}];
    if (e.status === 413) return [413, 'Request body is too large', {}];
    // inflation's unknown Content-Encoding carries status 415 and no type; raw-body's charset one a type.
    if (e.status === 415 && e.type === undefined) return [415, UNSUPPORTED_ENCODING_MESSAGE, {}];
    if (e.status === 415) return [415, 'Unsupported content type', {}];
    return [e.status, e.expose && typeof e.message === 'string' ? e.message : 'Bad request', {}];
  }
  log(err);
  return [500, 'Something went wrong on our side', {}];
}
