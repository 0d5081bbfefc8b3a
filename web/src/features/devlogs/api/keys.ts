import type { AddressableFeedback, ProjectUpdate } from '@vitrine/domain/answers';
import { UPDATE_PAGE_SIZE } from '@vitrine/domain/devlogs';
import { apiKey, endpoints, type ApiKey } from '../../../lib/api';

/**
 * The SWR key of a page of a project's updates: the first page, or the one after update `after`
 * (keyset). The server render reads the first page under the same key.
 */
export function updatesKey(projectId: number, after?: number): ApiKey<ProjectUpdate[]> {
  return apiKey(endpoints.devlogs.list, { params: { id: projectId }, query: { after } });
}

/** The SWR key of the feedback the owner may mark as addressed. */
export function addressableKey(projectId: number): ApiKey<AddressableFeedback[]> {
  return apiKey(endpoints.devlogs.addressable, { params: { id: projectId } });
}

/** Whether another page may follow a page of `rows` updates (a full page). */
export function mayHaveMore(rows: readonly ProjectUpdate[] | undefined): boolean {
  return rows !== undefined && rows.length >= UPDATE_PAGE_SIZE;
}
