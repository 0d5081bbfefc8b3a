import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { buildProject, buildUser } from '@vitrine/db/testing';
import type { UserRow } from '@vitrine/db/queries/users';
import type { ModerationEntry } from '@vitrine/domain/answers';
import { MODERATION_ACTIONS, type ModerationAction } from '@vitrine/domain/moderation-log';
import { endpoints, type BodyOf } from '@vitrine/domain/endpoints';
import { fairExposureEndpoints } from '@vitrine/domain/endpoints-fair-exposure';
import { answerOf, call, callLoosely, makeTestApp, type TestApp } from '../testing';

let t: TestApp;
let admin: { user: UserRow; agent: TestAgent };
beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.member({ isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

/**
 * The public entry of `action` on subject `subjectId`, read through GET /api/moderation-log (by a
 * visitor) starting just after its row, so entries other test files write meanwhile do not push it off.
 */
async function publicEntry(action: ModerationAction, subjectId: number): Promise<ModerationEntry> {
  const [row] = await t.deps.sql<{ id: number }[]>`
    SELECT id FROM moderation_log WHERE action = ${action} AND subject_id = ${subjectId} ORDER BY id DESC LIMIT 1`;
  expect(row, `${action} ${subjectId} logged`).toBeDefined();
  const res = await call(t.agent(), fairExposureEndpoints.moderationLog, { query: { before: row!.id + 1, limit: 1 } });
  expect(res.status).toBe(200);
  const entries = answerOf(fairExposureEndpoints.moderationLog, res);
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

async function report(projectId: number): Promise<number> {
  const reporter = await buildUser(t.deps.sql);
  const [row] = await t.deps.sql<{ id: number }[]>`
    INSERT INTO reports (project_id, reporter_user_id, reporter_ip, reason, additional_details)
    VALUES (${projectId}, ${reporter.id}, '203.0.113.9', 'spam', 'Looks like spam') RETURNING id`;
  return row!.id;
}

describe('the public moderation log', () => {
  it('logs a hidden and a shown project with the reason given, or the standard wording', async () => {
    const owner = await buildUser(t.deps.sql);
    const p = await buildProject(t.deps.sql, { userId: owner.id, title: 'Crypto doubler' });
    const hide = await call(admin.agent, endpoints.admin.setProjectVisibility, {
      params: { projectId: p.id },
      body: { hidden: true, reason: 'Asks visitors for their wallet keys.' },
    });
    expect(hide.status).toBe(200);
    expect(await publicEntry('project.hidden', p.id)).toEqual({
      id: expect.any(Number),
      action: 'project.hidden',
      subject: { type: 'project', id: p.id, title: 'Crypto doubler', username: owner.username },
      reason: 'Asks visitors for their wallet keys.',
      createdAt: expect.any(String),
    });
    expect(
      (
        await call(admin.agent, endpoints.admin.setProjectVisibility, {
          params: { projectId: p.id },
          body: { hidden: false },
        })
      ).status,
    ).toBe(200);
    expect((await publicEntry('project.shown', p.id)).reason).toBe(MODERATION_ACTIONS['project.shown'].reason);
  });

  it('logs a deleted project with its title, and a blank reason as the standard wording', async () => {
    const p = await buildProject(t.deps.sql, { title: 'Gone for good' });
    const res = await call(admin.agent, endpoints.admin.removeProject, {
      params: { id: p.id },
      body: { reason: '   ' },
    });
    expect(res.status).toBe(204);
    const entry = await publicEntry('project.deleted', p.id);
    expect(entry.subject).toMatchObject({ type: 'project', id: p.id, title: 'Gone for good' });
    expect(entry.reason).toBe(MODERATION_ACTIONS['project.deleted'].reason);
  });

  it('logs pausing and unpausing a user with the username', async () => {
    const member = await buildUser(t.deps.sql);
    const pause = await call(admin.agent, endpoints.admin.setPaused, {
      params: { userId: member.id },
      body: { isPaused: true, reason: 'Spam' },
    });
    expect(pause.status).toBe(200);
    expect(await publicEntry('user.paused', member.id)).toMatchObject({
      subject: { type: 'user', id: member.id, username: member.username },
      reason: 'Spam',
    });
    await call(admin.agent, endpoints.admin.setPaused, { params: { userId: member.id }, body: { isPaused: false } });
    expect((await publicEntry('user.unpaused', member.id)).reason).toBe(MODERATION_ACTIONS['user.unpaused'].reason);
  });

  it("redacts a deleted user's name from every entry, the deletion's own included", async () => {
    const member = await buildUser(t.deps.sql);
    await call(admin.agent, endpoints.admin.setPaused, {
      params: { userId: member.id },
      body: { isPaused: true, reason: 'Spam links' },
    });
    expect((await publicEntry('user.paused', member.id)).subject.username).toBe(member.username);
    const res = await call(admin.agent, endpoints.admin.removeUser, {
      params: { userId: member.id },
      body: { reason: 'Kept spamming after a pause.' },
    });
    expect(res.status).toBe(204);
    const deleted = await publicEntry('user.deleted', member.id);
    expect(deleted).toMatchObject({ subject: { type: 'user', id: member.id }, reason: 'Kept spamming after a pause.' });
    expect(deleted.subject).not.toHaveProperty('username');
    const paused = await publicEntry('user.paused', member.id);
    expect(paused.subject).not.toHaveProperty('username');
    const feed = await t.agent().get('/feeds/moderation.atom');
    expect(feed.text).not.toContain(member.username);
  });

  it('logs each report decision with its public reason, never the admin notes or the admin', async () => {
    const p = await buildProject(t.deps.sql, { title: 'Reported thing' });
    const reviewed = await report(p.id);
    await call(admin.agent, endpoints.admin.updateReport, {
      params: { id: reviewed },
      body: { status: 'reviewed', adminNotes: 'private-note-1' },
    });
    const dismissed = await report(p.id);
    await call(admin.agent, endpoints.admin.updateReport, {
      params: { id: dismissed },
      body: { status: 'dismissed', reason: 'Not spam.' },
    });
    const upheld = await report(p.id);
    const hide = await call(admin.agent, endpoints.admin.updateReport, {
      params: { id: upheld },
      body: { status: 'removed', reason: 'Copied from another site.', adminNotes: 'private-note-2' },
    });
    expect(hide.status).toBe(200);
    await call(admin.agent, endpoints.admin.updateReport, { params: { id: upheld }, body: { status: 'reviewed' } });

    expect((await publicEntry('report.reviewed', reviewed)).reason).toBe(MODERATION_ACTIONS['report.reviewed'].reason);
    expect((await publicEntry('report.dismissed', dismissed)).reason).toBe('Not spam.');
    expect(await publicEntry('report.upheld', upheld)).toMatchObject({
      subject: { type: 'report', id: upheld, title: 'Reported thing' },
      reason: 'Copied from another site.',
    });
    expect((await publicEntry('report.restored', upheld)).subject.id).toBe(upheld);
    const all = await call(t.agent(), fairExposureEndpoints.moderationLog, { query: { limit: 100 } });
    expect(all.text).not.toContain('private-note');
    expect(all.text).not.toContain(admin.user.username);
    expect(all.text).not.toContain('actor');
  });

  it('logs a removed peer rating under the rated member', async () => {
    const rated = await buildUser(t.deps.sql);
    const rater = await buildUser(t.deps.sql);
    const [rating] = await t.deps.sql<{ id: number }[]>`
      INSERT INTO user_ratings (rated_user_id, rater_user_id, rating, rating_type)
      VALUES (${rated.id}, ${rater.id}, 1, 'developer') RETURNING id`;
    const res = await call(admin.agent, endpoints.adminTestRequests.removeUserRating, {
      params: { id: rating!.id },
      body: { reason: 'Revenge rating.' },
    });
    expect(res.status).toBe(204);
    expect(await publicEntry('rating.removed', rating!.id)).toMatchObject({
      subject: { type: 'rating', id: rating!.id, username: rated.username },
      reason: 'Revenge rating.',
    });
  });

  it('logs hiding a test request and showing it again, once per change', async () => {
    const owner = await buildUser(t.deps.sql);
    const p = await buildProject(t.deps.sql, { userId: owner.id });
    const [request] = await t.deps.sql<{ id: number }[]>`
      INSERT INTO project_requests (project_id, user_id, title, description, max_testers)
      VALUES (${p.id}, ${owner.id}, 'Test my signup flow', 'Sign up and tell me what breaks.', 3) RETURNING id`;
    const hide = (body: BodyOf<typeof endpoints.adminTestRequests.setVisibility>) =>
      call(admin.agent, endpoints.adminTestRequests.setVisibility, { params: { id: request!.id }, body });
    expect((await hide({ hidden: true, reason: 'Asks testers to pay.' })).status).toBe(200);
    expect(await publicEntry('testRequest.hidden', request!.id)).toMatchObject({
      action: 'testRequest.hidden',
      subject: { type: 'test_request', id: request!.id, title: 'Test my signup flow', username: owner.username },
      reason: 'Asks testers to pay.',
    });
    // Hiding a hidden request changes nothing, so nothing more is logged.
    expect((await hide({ hidden: true })).status).toBe(200);
    const logged = () =>
      t.deps.sql<{ action: string }[]>`
        SELECT action FROM moderation_log WHERE subject_type = 'test_request' AND subject_id = ${request!.id} ORDER BY id`;
    expect((await logged()).map((r) => r.action)).toEqual(['testRequest.hidden']);
    expect((await hide({ hidden: false })).status).toBe(200);
    expect((await publicEntry('testRequest.shown', request!.id)).reason).toBe(
      MODERATION_ACTIONS['testRequest.shown'].reason,
    );
  });

  it('logs the decision on a reported comment with the project title, never the reporter', async () => {
    const author = await buildUser(t.deps.sql);
    const reporter = await buildUser(t.deps.sql);
    const p = await buildProject(t.deps.sql, { title: 'Chatty project' });
    const [comment] = await t.deps.sql<{ id: number }[]>`
      INSERT INTO comments (project_id, author_id, body, html) VALUES (${p.id}, ${author.id}, 'hm', '<p>hm</p>') RETURNING id`;
    const reports = await t.deps.sql<{ id: number }[]>`
      INSERT INTO comment_reports (comment_id, reporter_user_id, reporter_network, reason)
      VALUES (${comment!.id}, ${reporter.id}, '203.0.113.0/24', 'spam'), (${comment!.id}, NULL, '198.51.100.0/24', 'other')
      RETURNING id`;
    const decide = (id: number, body: BodyOf<typeof endpoints.comments.decideReport>) =>
      call(admin.agent, endpoints.comments.decideReport, { params: { id }, body });
    expect((await decide(reports[0]!.id, { status: 'reviewed', reason: 'Spam link removed.' })).status).toBe(200);
    expect(await publicEntry('report.reviewed', reports[0]!.id)).toMatchObject({
      subject: { type: 'report', id: reports[0]!.id, title: 'Chatty project' },
      reason: 'Spam link removed.',
    });
    expect((await decide(reports[1]!.id, { status: 'dismissed' })).status).toBe(200);
    const dismissed = await publicEntry('report.dismissed', reports[1]!.id);
    expect(dismissed.reason).toBe(MODERATION_ACTIONS['report.dismissed'].reason);
    expect(JSON.stringify(dismissed)).not.toContain(reporter.username);
  });

  it('logs nothing when the action fails, and refuses a reason over 500 characters', async () => {
    const before = await t.deps.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM moderation_log WHERE subject_id = 2000000000`;
    expect(
      (await call(admin.agent, endpoints.admin.removeProject, { params: { id: 2000000000 }, body: {} })).status,
    ).toBe(404);
    const after = await t.deps.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM moderation_log WHERE subject_id = 2000000000`;
    expect(after[0]!.n).toBe(before[0]!.n);
    const p = await buildProject(t.deps.sql);
    const long = await call(admin.agent, endpoints.admin.setProjectVisibility, {
      params: { projectId: p.id },
      body: { hidden: true, reason: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: 'The reason must be 500 characters or less' });
    expect((await t.deps.sql`SELECT is_hidden FROM projects WHERE id = ${p.id}`)[0]!.isHidden).toBe(false);
  });

  it('pages newest first with before, and refuses a bad before or limit', async () => {
    const page = await call(t.agent(), fairExposureEndpoints.moderationLog, { query: { limit: 2 } });
    expect(page.status).toBe(200);
    const [first, second] = answerOf(fairExposureEndpoints.moderationLog, page);
    expect(first!.id).toBeGreaterThan(second!.id);
    const next = await call(t.agent(), fairExposureEndpoints.moderationLog, {
      query: { before: second!.id, limit: 1 },
    });
    expect(answerOf(fairExposureEndpoints.moderationLog, next)[0]!.id).toBeLessThan(second!.id);
    expect(
      (await callLoosely(t.agent(), fairExposureEndpoints.moderationLog, { query: { before: 'abc' } })).status,
    ).toBe(400);
    expect((await call(t.agent(), fairExposureEndpoints.moderationLog, { query: { limit: 1000 } })).status).toBe(400);
  });

  it('serves the log as an Atom feed with the reason', async () => {
    const p = await buildProject(t.deps.sql, { title: 'Feed <subject>' });
    await call(admin.agent, endpoints.admin.setProjectVisibility, {
      params: { projectId: p.id },
      body: { hidden: true, reason: 'Phishing & more' },
    });
    const feed = await t.agent().get('/feeds/moderation.atom');
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(feed.text).toContain('<![CDATA[Project hidden: “Feed &lt;subject&gt;”]]>');
    expect(feed.text).toContain('<![CDATA[Phishing &amp; more]]>');
    expect((await t.agent().get('/feeds/moderation.rss')).status).toBe(200);
  });
});
