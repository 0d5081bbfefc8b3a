import { useApi } from '../../../hooks/use-api';
import { FRESH_ON_MOUNT } from '../../../lib/live-keys';
import { USER_OPTIONS_KEY } from './keys';

/** Users for the recipient picker (GET /api/users; the server already leaves out the viewer). */
export function useUserOptions(enabled = true) {
  return useApi(enabled ? USER_OPTIONS_KEY : null, FRESH_ON_MOUNT);
}
