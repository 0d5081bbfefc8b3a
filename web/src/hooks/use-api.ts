import useSWR, { type SWRConfiguration } from 'swr';
import { fetcher, type ApiKey } from '../lib/api';

/**
 * Reads an SWR key built by `apiKey` (lib/api.ts), typed with the answer of its route; null reads
 * nothing. Every read goes through here (or hooks/use-list.ts for a paged list), so no screen types an
 * answer by hand. `read` replaces the GET of the key when the answer takes more than one call (the
 * viewer's state of many projects, in calls of at most a hundred ids).
 */
export function useApi<A>(key: ApiKey<A> | null, config?: SWRConfiguration<A, Error>, read?: () => Promise<A>) {
  return useSWR<A, Error>(key, read ?? fetcher<A>, config);
}
