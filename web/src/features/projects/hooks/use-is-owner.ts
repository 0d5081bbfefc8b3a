import type { Project } from '@vitrine/domain/answers';
import { useSession } from '../../../stores/session';

/**
 * Whether the signed-in viewer owns `project`: the owner does not vote for, rate or report their own
 * project (the API refuses it with a 403, api/src/policies.ts), so those controls are hidden for them.
 */
export function useIsOwner(project: Pick<Project, 'userId'>): boolean {
  const userId = useSession((s) => s.user?.id ?? null);
  return userId !== null && project.userId === userId;
}
