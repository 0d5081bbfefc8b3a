import type { z } from 'zod';
import type { projectSubmitSchema } from '@vitrine/domain/schemas/project';
import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import type { AppContext } from '../context';

/** A validated submission (projectSubmitSchema's output: trimmed, tags normalised). */
export type ProjectSubmission = z.output<typeof projectSubmitSchema>;

/**
 * A signed-in, active member submits a project: the project row, the submissions row (spec §3) and
 * the project.created event commit together. Answers the new project's id.
 */
export async function projectCreator(ctx: AppContext, input: ProjectSubmission): Promise<number> {
  const user = ctx.state.user!;
  const { id, events } = await ctx.deps.sql.begin(async (tx) => {
    const projects = makeProjectQueries(tx);
    const projectId = await projects.insertProject({ ...input, userId: user.id });
    await projects.recordSubmission({ ip: ctx.ip, userId: user.id, projectId });
    const stored = await makeEventQueries(tx).recordEvents([{ name: 'project.created', projectId, userId: user.id }]);
    return { id: projectId, events: stored };
  });
  await ctx.deps.publisher.publish(events);
  return id;
}
