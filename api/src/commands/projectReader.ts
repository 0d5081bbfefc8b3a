import { makeProjectQueries, type ProjectRow, type Viewer } from '@vitrine/db/queries/projects';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { can, type ProjectResource } from '../policies';

/** The one answer for a project that is missing or hidden from the caller, so a hidden one never leaks. */
export const PROJECT_NOT_FOUND = 'Project not found';

/** The request's viewer: the signed-in user's id, else null, and the client IP. */
export function viewerOf(ctx: Pick<AppContext, 'state' | 'ip'>): Viewer {
  return { userId: ctx.state.user?.id ?? null, ip: ctx.ip };
}

/** Throws 404 'Project not found' unless the caller may see `project` (it exists, and is visible or theirs, or they are an admin). */
export function ensureReadable(ctx: Pick<AppContext, 'state'>, project: ProjectResource | undefined): asserts project is ProjectResource {
  if (!project || !can(ctx.state.user, 'project.read', project)) throw notFound(PROJECT_NOT_FOUND);
}

/** Loads a project with the viewer's state, else 404 'Project not found' (missing, or hidden from the caller). */
export async function loadReadableProject(ctx: AppContext, id: number): Promise<ProjectRow> {
  const row = await makeProjectQueries(ctx.deps.sql).findProject(id, viewerOf(ctx));
  ensureReadable(ctx, row);
  return row;
}
