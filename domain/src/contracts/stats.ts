import { statsAnswers as answers } from '../answers';
import { statsQuerySchema } from '../schemas/stats';
import { contract } from './contract';
import { idParams } from './params';

/** The owner's Stats tab of a project. */
export const statsContracts = {
  projectStats: contract({
    method: 'get',
    path: '/api/projects/:id/stats',
    tag: 'projects',
    summary:
      "A project's daily views, visitors, clicks, impressions and votes, its referrers and its votes by reason (owner or admin)",
    params: idParams,
    query: statsQuerySchema,
    response: answers.ProjectStats,
    errors: { 403: 'Not the owner or an admin', 404: 'Project not found' },
  }),
};
