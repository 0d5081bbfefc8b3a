import { SECTION_LIST, useList } from '../../../hooks/use-list';
import { updatesKey } from './keys';

/**
 * A project's updates, newest first, page after page (Load more reads the page the last one's Link
 * names). The section's own writes refresh it with the list's `mutate`; no push names them, so the
 * list does not register with lib/revalidate.ts.
 */
export function useUpdates(projectId: number) {
  return useList(updatesKey(projectId), SECTION_LIST);
}
