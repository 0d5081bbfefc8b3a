import type { z } from '../zod';

/** An HTTP method of a route (lower case, as Koa's router names them). */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The group a route is listed under in the OpenAPI document. */
export type Tag =
  'meta' | 'auth' | 'projects' | 'users' | 'messages' | 'admin' | 'test-requests' | 'notifications' | 'webhooks';

/** A zod object for path parameters or a query string (their fields are documented one by one). */
export type ObjectSchema = z.ZodObject;

/**
 * Who may keep a read's answer (the pipeline applies it: api/src/contracts/reads.ts):
 * - `public`: the same for everyone, a visitor's answer: kept on each node, ETag/304, `Cache-Control:
 *   public` (a CDN too); a caller a visitor's answer does not reach (404: a hidden project) is answered
 *   for themselves;
 * - `visitor`: the same for every signed-out visitor (kept on each node for them, ETag/304) but not for
 *   members (their own hidden comments, what they may edit), who are answered for themselves; no cache
 *   outside the API keeps it (`Cache-Control: private`);
 * - `private` (the default): per caller, never kept (`Cache-Control: private, no-store`).
 */
export type Sharing = 'public' | 'visitor' | 'private';

/**
 * How a list pages (the one vocabulary of every paged list): the handler answers one page, `{ rows,
 * next }` (domain/src/schemas/paging.ts `Page`); the body is the rows, a plain array, and when `next`
 * is not null, `Link: <the request's URL with cursor=next>; rel="next"` (RFC 8288) names the next page.
 * `cursor` is the query parameter the next page's cursor travels in: `before` (a newest-first keyset
 * cursor, or an entry id) or `after` (the id of the page's last row).
 */
export interface Paging {
  cursor: 'before' | 'after';
}

/**
 * A route's public contract: what a caller sends and gets back, declared once for the API (which
 * attaches who may call it, its quota and its handler: api/src/contracts/route.ts), the OpenAPI
 * document (api/src/contracts/openapi.ts) and the web's typed client (web/src/lib/api.ts, through the
 * light table domain/src/endpoints.ts). Paths are Koa paths (`/api/projects/:id`).
 */
export interface RouteContract<
  M extends Method = Method,
  Path extends string = string,
  P extends ObjectSchema | undefined = ObjectSchema | undefined,
  Q extends ObjectSchema | undefined = ObjectSchema | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | null = z.ZodType | null,
  G extends Paging | undefined = Paging | undefined,
> {
  method: M;
  path: Path;
  tag: Tag;
  /** One line for the document. */
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The success status (200 unless said). */
  status?: number;
  /**
   * The success answer's schema, or null for an answer without a body (204) or one not described (the
   * document itself). Outside production the API checks every answer against it (api/src/contracts/pipeline.ts).
   */
  response: R;
  /** Failure answers beyond those the contract implies (400 on input, 401/403 by access, 404 on ids, 429 on limits). */
  errors?: Record<number, string>;
  /** Who may keep the answer of this read (a GET); `private` unless said. */
  sharing?: Sharing;
  /** Query fields that, when given, make a shared read's answer per caller (a search is too varied to keep). */
  sharedUnless?: readonly string[];
  /** How the list pages, for a list read a page at a time. */
  paging?: G;
}

/** Declares a route's public contract, keeping its method, path and schemas as literal types. */
export function contract<
  const M extends Method,
  const Path extends string,
  P extends ObjectSchema | undefined = undefined,
  Q extends ObjectSchema | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | null = null,
  const G extends Paging | undefined = undefined,
>(c: RouteContract<M, Path, P, Q, B, R, G>): RouteContract<M, Path, P, Q, B, R, G> {
  if (c.method !== 'get' && (c.sharing !== undefined || c.paging !== undefined)) {
    throw new Error(`${c.method.toUpperCase()} ${c.path}: only a read (GET) is shared or paged`);
  }
  return c;
}
