import Router from '@koa/router';
import type { AppState, AppContextExtras } from '../context';
import { openApiDocument } from '../openapi';

/** GET /api/openapi.json: the OpenAPI 3.1 document of the whole API (api/src/openapi.ts). */
export function docsRoutes() {
  const router = new Router<AppState, AppContextExtras>();
  router.get('/api/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = openApiDocument();
  });
  return router;
}
