import type { z } from 'zod';
import type { projectSubmitSchema } from '@vitrine/domain/schemas/project';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeSubmissionQueries } from '@vitrine/db/queries/submissions';
import type { MemberCaller } from '../context';
import { commit } from './commit';

/** A validated submission (projectSubmitSchema's output: trimmed, tags normalised). */
export type ProjectSubmission = z.output<typeof projectSubmitSchema>;

/**
 * A signed-in, active member submits a project: the project row, the submissions row and
 * the project.created event commit together. Answers the new project's id.
 */
export async function projectCreator(caller: MemberCaller, input: ProjectSubmission): Promise<number> {
  const userId = caller.user.id;
  return commit(caller, async (tx, emit) => {
    const projectId = await makeProjectQueries(tx).insertProject({ ...input, userId });
    await makeSubmissionQueries(tx).recordSubmission({ ip: caller.ip, userId, projectId });
    emit({ name: 'project.created', projectId, userId });
    return projectId;
  });
}
