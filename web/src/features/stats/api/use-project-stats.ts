import { useApi } from '../../../hooks/use-api';
import type { StatsWindow } from '@vitrine/domain/stats';
import { apiKey, endpoints } from '../../../lib/api';

/** Today's row is folded every minute: the tab reads it again at that pace while it is open. */
const REFRESH_MS = 60_000;

/** GET /api/projects/{id}/stats for the window of `days` (the owner's Stats tab). */
export function useProjectStats(projectId: number, days: StatsWindow) {
  return useApi(apiKey(endpoints.stats.projectStats, { params: { id: projectId }, query: { days } }), {
    refreshInterval: REFRESH_MS,
    keepPreviousData: true,
  });
}
