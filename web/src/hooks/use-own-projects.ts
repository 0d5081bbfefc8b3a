import { useApi } from './use-api';
import { apiKey, endpoints } from '../lib/api';
import { useSession } from '../stores/session';

/**
 * The signed-in member's own projects to pick from (opening a test request, a webhook's project): their
 * profile's list, read under the profile page's SWR key, each as a select option (id, title); undefined
 * while it loads or when signed out.
 */
export function useOwnProjects(): Array<{ value: string; label: string }> | undefined {
  const username = useSession((s) => s.user?.username ?? null);
  const { data } = useApi(username ? apiKey(endpoints.users.profile, { params: { username } }) : null);
  return data?.projects.map((p) => ({ value: String(p.id), label: p.title }));
}
