import { fairExposureContracts } from './contracts/fair-exposure';
import { endpointsOf } from './endpoints';

/**
 * The routes of New & rising and the moderation log, as the web calls them: a table of their own
 * beside `endpoints` (domain/src/endpoints.ts), since only lazily loaded chunks call them and the
 * landing page's JavaScript budget has no room for them (docs/performance.md).
 */
export const fairExposureEndpoints = endpointsOf(fairExposureContracts);
