import type { AddressableFeedback, ProjectUpdate } from '@vitrine/domain/answers';
import { apiKey, endpoints, type ApiKey } from '../../../lib/api';

/**
 * The SWR key of the first page of a project's updates (the next ones are those its Link names). The
 * server render reads the first page under the same key.
 */
export function updatesKey(projectId: number): ApiKey<ProjectUpdate[]> {
  return apiKey(endpoints.devlogs.list, { params: { id: projectId } });
}

/** The SWR key of the feedback the owner may mark as addressed. */
export function addressableKey(projectId: number): ApiKey<AddressableFeedback[]> {
  return apiKey(endpoints.devlogs.addressable, { params: { id: projectId } });
}
