import { MODERATION_LOG_PAGE } from '@vitrine/domain/moderation-log';
import { fairExposureEndpoints } from '@vitrine/domain/endpoints-fair-exposure';
import { apiKey } from '../../../lib/api';

/** GET /api/moderation-log: a page of the public log, entries before the entry `before` (none: the newest). */
export const moderationLogKey = (before?: number) =>
  apiKey(fairExposureEndpoints.moderationLog, { query: { limit: MODERATION_LOG_PAGE, before } });
