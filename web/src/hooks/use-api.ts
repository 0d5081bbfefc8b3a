import useSWR, { type SWRConfiguration } from 'swr';
import { fetcher, type ApiKey } from '../lib/api';

/** Reads an SWR key built by `apiKey` (lib/api.ts), typed with the answer of its route; null reads nothing. */
export function useApi<A>(key: ApiKey<A> | null, config?: SWRConfiguration<A, Error>) {
  return useSWR<A, Error>(key, fetcher<A>, config);
}
