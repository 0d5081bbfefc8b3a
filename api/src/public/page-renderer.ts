import type { Context } from 'koa';
import type { RequestListener } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import inject from 'light-my-request';
import { REPO_ROOT } from '@vitrine/db/repo-root';
import type { SsrLoadResult, SsrRenderer } from '@vitrine/domain/ssr';
import { nextLink } from '@vitrine/domain/schemas/paging';

/** Where Vite's SSR build puts the server renderer (web/src/entry-server.tsx). */
const WEB_RENDERER = path.join(REPO_ROOT, 'web/dist-ssr/entry-server.js');

/** Request headers passed on to the API reads, so they answer for this visitor and this host. */
const FORWARDED_HEADERS = [
  'cookie',
  'host',
  'user-agent',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
] as const;

const renderers = new Map<string, Promise<SsrRenderer | null>>();

/**
 * The built server renderer, imported once (the API never imports web/ source); null while it is
 * not built, so pages fall back to the client-rendered shell.
 */
export function loadRenderer(file: string = WEB_RENDERER): Promise<SsrRenderer | null> {
  let loading = renderers.get(file);
  if (!loading) {
    loading = existsSync(file) ? (import(pathToFileURL(file).href) as Promise<SsrRenderer>) : Promise.resolve(null);
    renderers.set(file, loading);
  }
  return loading;
}

/**
 * Reads `GET {key}` (an /api address: an SWR key) through the API's own routes, in process, as the
 * visitor of `ctx` would (same cookies, address and host): the answer, its per-viewer fields and any
 * cache in front of it are exactly what the browser's own fetch would get.
 */
export async function readAsViewer(api: RequestListener, ctx: Context, key: string): Promise<SsrLoadResult> {
  if (!key.startsWith('/api/')) return { status: 400, body: null, next: null };
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of FORWARDED_HEADERS) {
    const value = ctx.get(name);
    if (value) headers[name] = value;
  }
  const res = await inject(api, { method: 'GET', url: key, headers, remoteAddress: ctx.req.socket.remoteAddress });
  let body: unknown;
  try {
    body = res.payload ? JSON.parse(res.payload) : null;
  } catch {
    return { status: 502, body: null, next: null };
  }
  const link = res.headers.link;
  return { status: res.statusCode, body, next: nextLink(typeof link === 'string' ? link : null) };
}
