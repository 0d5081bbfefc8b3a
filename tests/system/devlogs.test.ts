import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '@vitrine/db/testing';
import { makeTestApp, type TestApp } from '@vitrine/api/testing';
import type { Config } from '@vitrine/runtime/config';
import type { NotificationView } from '@vitrine/domain/answers';
import { startWorker, type RunningWorker } from '@vitrine/worker/index';
import { waitFor, workerTestConfig } from '@vitrine/worker/testing';

let config: Config;
let t: TestApp;
let worker: RunningWorker;

beforeAll(async () => {
  config = workerTestConfig();
  t = await makeTestApp({ redisPrefix: config.redisPrefix });
  worker = await startWorker(config, { schedulers: false });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

type Member = Awaited<ReturnType<TestApp['member']>>;

/** A test request on `projectId` by `owner` with feedback from each of `testers`; answers the feedback ids in order. */
async function feedbackFrom(owner: Member, projectId: number, testers: Member[]): Promise<number[]> {
  const inWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const request = await owner.agent.post('/api/test-requests').send({
    projectId,
    title: 'Try the charts',
    description: 'Open the charts on a phone and tell me what breaks.',
    skillsNeeded: ['Mobile'],
    deadline: inWeek,
    maxTesters: 5,
  });
  expect(request.status, request.text).toBe(201);
  const ids: number[] = [];
  for (const tester of testers) {
    expect((await tester.agent.post(`/api/test-requests/${request.body.id}/testers`)).status).toBe(201);
    const saved = await tester.agent
      .put(`/api/test-requests/${request.body.id}/feedback`)
      .send({ worked: '', problems: 'The chart overflows.', suggestions: '', score: 6 });
    expect(saved.status, saved.text).toBe(201);
    ids.push(saved.body.myFeedback.id);
  }
  return ids;
}

async function notificationsOf(member: Member): Promise<NotificationView[]> {
  const res = await member.agent.get('/api/notifications');
  expect(res.status, res.text).toBe(200);
  return res.body as NotificationView[];
}

/** The update news `userId` got about `projectId` (the test request's own news left out). */
async function kindsOf(userId: number, projectId: number): Promise<string[]> {
  const rows = await t.deps.sql<{ kind: string }[]>`
    SELECT kind FROM notifications
    WHERE user_id = ${userId} AND project_id = ${projectId} AND kind IN ('feedbackAddressed', 'projectUpdate')
    ORDER BY kind`;
  return rows.map((row) => row.kind);
}

describe('an update that addresses feedback', () => {
  it("tells each addressed tester once, the maker's other followers of the update, and never the maker", async () => {
    const owner = await t.member({ role: 'developer' });
    const project = await buildProject(t.deps.sql, { userId: owner.user.id, title: `Chart lab ${Date.now()}` });
    const [addressed, followingTester, untouched] = [
      await t.member({ role: 'tester' }),
      await t.member({ role: 'tester' }),
      await t.member({ role: 'tester' }),
    ];
    const fan = await t.member();
    const [first, second] = await feedbackFrom(owner, project.id, [addressed, followingTester, untouched]);
    await t.deps.sql`
      INSERT INTO follows (follower_id, followee_id) VALUES (${fan.user.id}, ${owner.user.id}), (${followingTester.user.id}, ${owner.user.id})`;

    const posted = await owner.agent
      .post(`/api/projects/${project.id}/updates`)
      .send({ title: 'Charts fit phones', body: 'Fixed.', addressesFeedbackIds: [first, second] });
    expect(posted.status, posted.text).toBe(201);

    await waitFor('the testers and the follower told', async () => (await kindsOf(fan.user.id, project.id)).length > 0);
    await waitFor('the addressed testers told', async () => (await kindsOf(addressed.user.id, project.id)).length > 0);
    expect(await kindsOf(addressed.user.id, project.id)).toEqual(['feedbackAddressed']);
    // A tester who follows the maker hears the personal news only.
    expect(await kindsOf(followingTester.user.id, project.id)).toEqual(['feedbackAddressed']);
    expect(await kindsOf(fan.user.id, project.id)).toEqual(['projectUpdate']);
    expect(await kindsOf(untouched.user.id, project.id)).toEqual([]);
    expect(await kindsOf(owner.user.id, project.id)).toEqual([]);

    const [news] = (await notificationsOf(addressed)).filter((n) => n.kind === 'feedbackAddressed');
    expect(news).toMatchObject({
      text: `Your feedback on "${project.title}" was addressed in "Charts fit phones"`,
      url: `/projects/${project.id}#update-${posted.body.id}`,
    });
    const [update] = (await notificationsOf(fan)).filter((n) => n.kind === 'projectUpdate');
    expect(update!.text).toBe(`${owner.user.username} posted an update on "${project.title}": "Charts fit phones"`);

    // An edit naming one more feedback item tells only its tester.
    const edited = await owner.agent
      .patch(`/api/projects/${project.id}/updates/${posted.body.id}`)
      .send({ addressesFeedbackIds: await feedbackIdsOf(project.id) });
    expect(edited.status, edited.text).toBe(200);
    await waitFor(
      'the newly addressed tester told',
      async () => (await kindsOf(untouched.user.id, project.id)).length > 0,
    );
    expect(await kindsOf(untouched.user.id, project.id)).toEqual(['feedbackAddressed']);
    const total = await t.deps.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM notifications WHERE project_id = ${project.id} AND kind = 'feedbackAddressed'`;
    expect(total[0]!.n).toBe(3);
  });
});

/** Every feedback id given on `projectId`'s test requests. */
async function feedbackIdsOf(projectId: number): Promise<number[]> {
  const rows = await t.deps.sql<{ id: number }[]>`
    SELECT f.id FROM test_feedback f JOIN project_requests r ON r.id = f.request_id WHERE r.project_id = ${projectId}`;
  return rows.map((row) => row.id);
}
