import type { fairExposureContracts } from './contracts/fair-exposure';
import { endpoint, type EndpointsOf } from './endpoints';

/**
 * The routes of New & rising and the moderation log, as the web calls them: a table of their own
 * beside `endpoints` (domain/src/endpoints.ts), since only lazily loaded chunks call them and the
 * landing page's JavaScript budget has no room for them (docs/performance.md).
 */
export const fairExposureEndpoints: EndpointsOf<typeof fairExposureContracts> = {
  rising: endpoint('get', '/api/projects/rising'),
  impressions: endpoint('post', '/api/impressions'),
  moderationLog: endpoint('get', '/api/moderation-log'),
};
