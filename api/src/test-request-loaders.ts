import { makeTestFeedbackQueries } from '@vitrine/db/queries/test-feedback';
import { makeTestRequestQueries, type LockedRequest, type TestRequestRow } from '@vitrine/db/queries/test-requests';
import { makeTestRequestTesterQueries } from '@vitrine/db/queries/test-request-testers';
import { makeUserRatingQueries } from '@vitrine/db/queries/user-ratings';
import type { TestRequestDetail } from '@vitrine/domain/types';
import type { Caller } from './context';
import { notFound } from './errors';
import { can } from './policies';
import { presentFeedback, presentGivenRating, presentTester, presentTestRequest } from './presenters/test-request';

/** The one answer for a request that is missing or hidden from the caller. */
export const TEST_REQUEST_NOT_FOUND = 'Test request not found';

/**
 * Whether `user` may reach a request through its project: a hidden project hides every request on it
 * (with its testers, feedback and ratings) from everyone but the project's owner and admins, as it
 * hides the project. For the writes that lock the request row (feedback, leave, user ratings).
 */
export function requestProjectReadable(
  user: Caller['user'],
  row: Pick<LockedRequest, 'projectHidden' | 'projectOwnerId'>,
): boolean {
  return can(user, 'project.read', { isHidden: row.projectHidden, userId: row.projectOwnerId });
}

/** Loads a request with the viewer's joined flag, else 404 (missing, or hidden from the caller). */
async function loadReadableRequest(caller: Pick<Caller, 'deps' | 'user'>, id: number): Promise<TestRequestRow> {
  const row = await makeTestRequestQueries(caller.deps.sql).findRequest(id, caller.user?.id ?? null);
  if (!row || !can(caller.user, 'testRequest.read', row)) throw notFound(TEST_REQUEST_NOT_FOUND);
  return row;
}

/**
 * GET /api/test-requests/{id}: the request, its testers, the feedback (owner, testers, admins only),
 * the viewer's own feedback and ratings, and whom the viewer may rate.
 */
export async function loadRequestDetail(caller: Pick<Caller, 'deps' | 'user'>, id: number): Promise<TestRequestDetail> {
  const row = await loadReadableRequest(caller, id);
  const viewer = caller.user;
  const [testers, feedback, given] = await Promise.all([
    makeTestRequestTesterQueries(caller.deps.sql).listTesters(row.id),
    can(viewer, 'testRequest.seeFeedback', row)
      ? makeTestFeedbackQueries(caller.deps.sql).listFeedback(row.id)
      : Promise.resolve(null),
    viewer ? makeUserRatingQueries(caller.deps.sql).listGiven(row.id, viewer.id) : Promise.resolve([]),
  ]);
  const mine = viewer && feedback ? (feedback.find((f) => f.testerId === viewer.id) ?? null) : null;
  const rateable: TestRequestDetail['rateable'] = [];
  if (viewer && row.status === 'completed') {
    if (viewer.id === row.userId) {
      for (const t of testers) rateable.push({ userId: t.userId, username: t.username, ratingType: 'tester' });
    } else if (row.joined) {
      rateable.push({ userId: row.userId, username: row.ownerUsername, ratingType: 'developer' });
    }
  }
  return {
    ...presentTestRequest(row, viewer),
    testers: testers.map(presentTester),
    feedback: feedback ? feedback.map(presentFeedback) : null,
    myFeedback: mine ? presentFeedback(mine) : null,
    myRatings: given.map(presentGivenRating),
    rateable,
  };
}
