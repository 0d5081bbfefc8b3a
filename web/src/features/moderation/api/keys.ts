import { MODERATION_LOG_PAGE } from '@vitrine/domain/moderation-log';
import { fairExposureEndpoints } from '@vitrine/domain/endpoints-fair-exposure';
import { apiKey } from '../../../lib/api';

/** GET /api/moderation-log: the first page of the public log, the newest entries (the next ones are those its Link names). */
export const moderationLogKey = () =>
  apiKey(fairExposureEndpoints.moderationLog, { query: { limit: MODERATION_LOG_PAGE } });
