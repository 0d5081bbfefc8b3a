import { docsContracts } from '@vitrine/domain/contracts/docs';
import { openApiDocument } from '../contracts/openapi';
import { route, type Route } from '../contracts/route';

/** How long clients and proxies may keep the document (it changes only with a deployment). */
const DOCUMENT_MAX_AGE_SECONDS = 300;

/** GET /api/openapi.json: the OpenAPI 3.1 document generated from `all()`, every route contract of the API. */
export function docsRoutes(all: () => Route[]): Route[] {
  // Built on the first request (every route is declared by then), then kept: contracts never change at run time.
  let document: Record<string, unknown> | undefined;
  return [
    route(docsContracts.openapi, { access: 'anyone' }, ({ koa }) => {
      koa.set('Cache-Control', `public, max-age=${DOCUMENT_MAX_AGE_SECONDS}`);
      koa.body = document ??= openApiDocument(all());
    }),
  ];
}
