import useSWR from 'swr';
import type { ApiToken } from '@vitrine/domain/answers';
import { apiKey, endpoints, fetcher } from '../../../lib/api';

/** SWR key of the member's access tokens (GET /api/tokens). */
export const API_TOKENS_KEY = apiKey(endpoints.tokens.list);

/** The member's access tokens, newest first, and the SWR mutate that refreshes them. */
export function useApiTokens() {
  return useSWR<ApiToken[]>(API_TOKENS_KEY, fetcher);
}
