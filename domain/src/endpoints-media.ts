import { mediaContracts } from './contracts/media';
import { endpointsOf } from './endpoints';

/**
 * The picture routes' entries of the route table, in a module of their own: only the owner's image
 * tools call them (through web/src/lib/api.ts `callApi`), so they load with that lazy chunk instead of
 * weighing on every page's JavaScript.
 */
export const mediaEndpoints = endpointsOf(mediaContracts);
