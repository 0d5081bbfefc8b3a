import useSWR from 'swr';
import type { UserOption } from '@vitrine/domain/answers';
import { fetcher } from '../../../lib/api';
import { FRESH_ON_MOUNT } from '../../../lib/live-keys';
import { USER_OPTIONS_KEY } from './keys';

/** Users for the recipient picker (GET /api/users; the server already leaves out the viewer). */
export function useUserOptions(enabled = true) {
  return useSWR<UserOption[], Error>(enabled ? USER_OPTIONS_KEY : null, fetcher, FRESH_ON_MOUNT);
}
