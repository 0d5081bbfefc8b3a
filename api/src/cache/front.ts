import { bearerOf } from '../access-tokens';
import { ServerResponse, type IncomingMessage } from 'node:http';
import fresh from 'fresh';
import type { Config } from '@vitrine/runtime/config';
import { securityHeaderList } from '../middleware/security-headers';
import { REQUEST_ID_HEADER, requestIdOf, UNMATCHED_ROUTE, type AnsweredRequest } from '../middleware/request-log';
import { SESSION_COOKIE } from '../middleware/session';
import { chooseEncoding, encode, type BodyEncoding } from './encoding';
import { CDN_CACHE_CONTROL, COMPRESS_THRESHOLD_BYTES, PRIVATE_CACHE_CONTROL, SHARED_CACHE_CONTROL } from './http';
import type { PreparedAnswer, SharedEntry, SharedReads, UrlAudience } from './shared-reads';

/** Content-Type of a kept answer, as Koa writes it for a JSON body. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** Request Accept-Encoding values already negotiated (chooseEncoding), a few dozen at most in practice. */
const negotiated = new Map<string, BodyEncoding | null>();
const MAX_NEGOTIATED = 64;

/** The encoding of a kept answer for `header`, as chooseEncoding says, remembered per header value. */
function encodingFor(header: string | undefined): BodyEncoding | null {
  if (header === undefined) return null;
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = chooseEncoding(header);
    if (negotiated.size < MAX_NEGOTIATED) negotiated.set(header, encoding);
  }
  return encoding;
}

/** Whether a Cookie header carries the session cookie (signed or not: the front leaves such a request to Koa). */
const SESSION_COOKIE_IN_HEADER = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE.replace(/\./g, '\\.')}=`);

/**
 * Koa's `ctx.secure`: the connection is TLS, or (proxy trusted) the first X-Forwarded-Proto is https.
 * HSTS depends on it (middleware/security-headers.ts).
 */
function isSecure(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!trustProxy) return false;
  const proto = req.headers['x-forwarded-proto'];
  return typeof proto === 'string' && proto.split(',', 1)[0]!.trim().toLowerCase() === 'https';
}

/** `entry` made ready to send to `audience` in `encoding` (with HSTS or not), made once and kept with the entry. */
function prepared(
  entry: SharedEntry,
  audience: UrlAudience,
  encoding: BodyEncoding | null,
  hsts: boolean,
): PreparedAnswer {
  // A number, not a string built per request: audience, encoding, HSTS.
  const key = (audience === 'everyone' ? 0 : 6) + (encoding === null ? 0 : encoding === 'br' ? 2 : 4) + (hsts ? 1 : 0);
  const kept = entry.prepared?.[key];
  if (kept) return kept;
  const common = securityHeaderList(hsts).flat();
  common.push('Vary', 'Accept-Encoding');
  if (audience === 'everyone')
    common.push('Cache-Control', SHARED_CACHE_CONTROL, 'CDN-Cache-Control', CDN_CACHE_CONTROL);
  else common.push('Cache-Control', PRIVATE_CACHE_CONTROL);
  for (const [name, value] of Object.entries(entry.headers ?? {})) common.push(name, value);
  common.push('ETag', entry.etag);
  // The JSON goes out as the string it is: Node writes it with the head in one write, as Koa sent it.
  const body = encoding === null ? entry.json : ((entry.encoded ??= {})[encoding] ??= encode(entry.json, encoding));
  const ok = [...common, 'Content-Type', JSON_TYPE];
  if (encoding !== null) ok.push('Content-Encoding', encoding);
  ok.push('Content-Length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.length));
  const answer = { ok, notModified: common, body };
  (entry.prepared ??= [])[key] = answer;
  return answer;
}

/** Answers a request Koa would answer (the front's handler), or false to let Koa answer it. */
export type Front = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The shared reads' front, in front of Koa itself (app.ts runs it before creating a Koa context): a GET
 * whose URL a kept shared read answered last time gets that answer at once (its JSON as it was
 * serialised, ETag, 304), as a cache in front of the API would. Shared reads are the same for every
 * viewer (a visitors' read: for every request without a session cookie), so nothing the skipped steps
 * read could change the answer; a miss, or any other request, goes to Koa as usual. The answer is the
 * one the whole pipeline gives (cache/front.test.ts compares them): the request id
 * (middleware/request-log.ts requestIdOf), the security headers, the caching headers, and the
 * compression the client accepts (encoding.ts, as koa-compress negotiates it). Its headers and body are
 * made once per entry and way of answering (prepared), so a hit allocates little; it is recorded in the
 * request metrics and log by the route that first answered the URL (requestRecorder).
 */
export function sharedReadsFront(
  reads: Pick<SharedReads, 'byUrl'>,
  config: Pick<Config, 'production' | 'trustProxy'>,
  record: (answer: AnsweredRequest) => void,
): Front {
  return (req, res) => {
    if (req.method !== 'GET' || req.url === undefined) return false;
    const found = reads.byUrl(req.url);
    if (!found) return false;
    // A visitors' read goes the whole way for anyone who may be signed in; a call with an access token
    // always does, so its token is checked, limited and its use recorded (middleware/current-user.ts).
    if (bearerOf(req.url, req.headers.authorization) !== undefined) return false;
    const cookie = req.headers.cookie;
    if (found.audience === 'visitors' && cookie !== undefined && SESSION_COOKIE_IN_HEADER.test(cookie)) return false;
    const started = performance.now();
    const reqId = requestIdOf(config, req.headers['x-request-id']);
    const { entry, audience } = found;
    const large =
      entry.json.length >= COMPRESS_THRESHOLD_BYTES || Buffer.byteLength(entry.json) >= COMPRESS_THRESHOLD_BYTES;
    const encoding = large ? encodingFor(req.headers['accept-encoding']) : null;
    const answer = prepared(entry, audience, encoding, config.production && isSecure(req, config.trustProxy));
    const status = fresh(req.headers, { etag: entry.etag }) ? 304 : 200;
    const headers = status === 304 ? answer.notModified : answer.ok;
    // Node's own answer takes the headers as they are (one list, no header object built per answer); an
    // answer of another kind (light-my-request's, the page renderer's reads in process) reads them back
    // through getHeaders(), which only headers set one by one fill.
    if (res.constructor === ServerResponse) res.writeHead(status, [...headers, REQUEST_ID_HEADER, reqId]);
    else res.setHeader(REQUEST_ID_HEADER, reqId).writeHead(status, headers);
    if (status === 304) res.end();
    else res.end(answer.body);
    record({
      reqId,
      method: 'GET',
      route: found.route ?? UNMATCHED_ROUTE,
      status,
      durationMs: performance.now() - started,
      userId: null,
    });
    return true;
  };
}
