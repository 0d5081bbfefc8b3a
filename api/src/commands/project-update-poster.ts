import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeProjectUpdateQueries } from '@vitrine/db/queries/project-updates';
import type { MemberCaller } from '../context';
import { renderComment } from '../markdown';
import { lockOwnProject, ownFeedback } from '../update-loaders';
import { commit } from './commit';

/** An update's markdown rendered as comments are (api/src/markdown.ts), without mentions. */
export function renderUpdate(body: string): string {
  return renderComment(body, []).html;
}

/**
 * The owner (not paused) posts an update to their visible project. With the project row locked: the
 * addressed feedback is checked to come from the project's own test requests (400 otherwise), the
 * update and its links written, the project's update count and newest-update time refreshed, and
 * projectUpdate.posted recorded together. Answers the update's id. The route's quota (`updatePost`,
 * api/src/middleware/rate-limit.ts) was spent before, and is given back if this fails.
 */
export async function projectUpdatePoster(
  caller: MemberCaller,
  input: { projectId: number; title: string; body: string; addressesFeedbackIds?: number[] },
): Promise<number> {
  return commit(caller, async (tx, emit) => {
    const project = await lockOwnProject(tx, caller.user, input.projectId);
    const feedback = await ownFeedback(tx, project.id, input.addressesFeedbackIds ?? []);
    const updates = makeProjectUpdateQueries(tx);
    const updateId = await updates.insertUpdate({
      projectId: project.id,
      authorId: caller.user.id,
      title: input.title,
      body: input.body,
      html: renderUpdate(input.body),
    });
    const addressedFeedbackIds = await updates.setAddresses(updateId, feedback);
    await makeProjectQueries(tx).refreshUpdateStats(project.id);
    emit({
      name: 'projectUpdate.posted',
      projectId: project.id,
      updateId,
      authorId: caller.user.id,
      addressedFeedbackIds,
    });
    return updateId;
  });
}
