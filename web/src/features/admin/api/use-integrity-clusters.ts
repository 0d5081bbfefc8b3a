import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../hooks/use-api';
import type { ClusterStatus } from '@vitrine/domain/schemas/integrity';
import { callApi, endpoints } from '../../../lib/api';
import { FRESH_ON_MOUNT } from '../../../lib/live-keys';
import { revalidate } from '../../../lib/revalidate';
import { integrityClustersKey } from './keys';

/** The Integrity tab's clusters of one status (GET /api/admin/integrity/clusters?status=). */
export function useIntegrityClusters(status: ClusterStatus) {
  return useApi(integrityClustersKey(status), FRESH_ON_MOUNT);
}

/** PATCH /api/admin/integrity/clusters/{id}: confirm or clear, with a reason; every status list refetches. */
export function useIntegrityActions() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      async decide(id: number, status: 'confirmed' | 'cleared', reason: string): Promise<void> {
        await callApi(endpoints.integrity.decideCluster, { params: { id }, body: { status, reason } });
        await revalidate(['integrity', 'projects', 'users'], mutate);
      },
    }),
    [mutate],
  );
}
