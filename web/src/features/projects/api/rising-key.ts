import { RISING_DEFAULT_LIMIT } from '@vitrine/domain/constants';
import { fairExposureEndpoints } from '@vitrine/domain/endpoints-fair-exposure';
import { apiKey } from '../../../lib/api';

/** GET /api/projects/rising: the visitor's New & rising strip (read by the strip and the server's home plan). */
export const risingKey = () => apiKey(fairExposureEndpoints.rising, { query: { limit: RISING_DEFAULT_LIMIT } });
