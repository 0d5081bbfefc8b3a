import type { mediaContracts } from './contracts/media';
import type { EndpointsOf } from './endpoints';

/**
 * The picture routes' entries of the route table, in a module of their own: only the owner's image
 * tools call them (through web/src/lib/api.ts `callApi`), so they load with that lazy chunk instead of
 * weighing on every page's JavaScript.
 */
export const mediaEndpoints: EndpointsOf<typeof mediaContracts> = {
  add: { method: 'post', path: '/api/projects/:id/media' },
  edit: { method: 'patch', path: '/api/projects/:id/media/:mediaId' },
  remove: { method: 'delete', path: '/api/projects/:id/media/:mediaId' },
};
