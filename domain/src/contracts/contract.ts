import type { z } from '../zod';

/** An HTTP method of a route (lower case, as Koa's router names them). */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The group a route is listed under in the OpenAPI document. */
export type Tag =
  'meta' | 'auth' | 'projects' | 'users' | 'messages' | 'admin' | 'test-requests' | 'notifications' | 'webhooks';

/** A zod object for path parameters or a query string (their fields are documented one by one). */
export type ObjectSchema = z.ZodObject;

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
}

/** Declares a route's public contract, keeping its method, path and schemas as literal types. */
export function contract<
  const M extends Method,
  const Path extends string,
  P extends ObjectSchema | undefined = undefined,
  Q extends ObjectSchema | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | null = null,
>(c: RouteContract<M, Path, P, Q, B, R>): RouteContract<M, Path, P, Q, B, R> {
  return c;
}
