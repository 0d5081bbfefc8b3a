import { useEffect } from 'react';
import { watchProjects } from '../lib/socket';

/**
 * Asks the server for live `project:counts` of the projects a screen shows while it is mounted
 * (room project:{id}). The pushes land in the SWR cache (hooks/use-live-updates.ts), so the
 * screen's own data shows them: `useWatchProjects([project.id])` in a card, row or page.
 */
export function useWatchProjects(ids: readonly number[]): void {
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!key) return;
    return watchProjects(key.split(',').map(Number));
  }, [key]);
}
