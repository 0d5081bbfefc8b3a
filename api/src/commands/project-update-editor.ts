import { makeProjectUpdateQueries } from '@vitrine/db/queries/project-updates';
import type { MemberCaller } from '../context';
import { findLiveUpdate, lockOwnProject, ownFeedback } from '../update-loaders';
import { commit } from './commit';
import { renderUpdate } from './project-update-poster';

/**
 * The owner edits an update of their visible project: its title, its text (rendered again) and, when
 * given, the feedback it addresses (replaced; checked as on a post). projectUpdate.edited carries the
 * feedback newly addressed, whose testers are told.
 */
export async function projectUpdateEditor(
  caller: MemberCaller,
  input: { projectId: number; updateId: number; title?: string; body?: string; addressesFeedbackIds?: number[] },
): Promise<void> {
  await commit(caller, async (tx, emit) => {
    const project = await lockOwnProject(tx, caller.user, input.projectId);
    const update = await findLiveUpdate(tx, project.id, input.updateId);
    const updates = makeProjectUpdateQueries(tx);
    const html = input.body === undefined ? undefined : renderUpdate(input.body);
    if (input.title !== undefined || input.body !== undefined)
      await updates.editUpdate(update.id, { title: input.title, body: input.body, html });
    let addressedFeedbackIds: number[] = [];
    if (input.addressesFeedbackIds !== undefined) {
      const feedback = await ownFeedback(tx, project.id, input.addressesFeedbackIds);
      addressedFeedbackIds = await updates.setAddresses(update.id, feedback);
    }
    emit({
      name: 'projectUpdate.edited',
      projectId: project.id,
      updateId: update.id,
      authorId: caller.user.id,
      addressedFeedbackIds,
    });
  });
}
