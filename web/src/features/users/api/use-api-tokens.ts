import { useApi } from '../../../hooks/use-api';
import { apiKey, endpoints } from '../../../lib/api';

/** SWR key of the member's access tokens (GET /api/tokens). */
export const API_TOKENS_KEY = apiKey(endpoints.tokens.list);

/** The member's access tokens, newest first, and the SWR mutate that refreshes them. */
export function useApiTokens() {
  return useApi(API_TOKENS_KEY);
}
