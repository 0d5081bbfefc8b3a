import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser } from '@vitrine/db/testing';
import type { Comment } from '@vitrine/domain/answers';
import { COMMENT_QUOTA, COMMENT_QUOTA_MESSAGE, NEW_ACCOUNT_COMMENT_QUOTA } from '@vitrine/domain/schemas/comment';
import { endpoints, type QueryOf } from '@vitrine/domain/endpoints';
import { fairExposureEndpoints } from '@vitrine/domain/endpoints-fair-exposure';
import { answerOf, call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';
import { COMMENTS_CLOSED, COMMENT_NOT_FOUND } from '../comment-loaders';
import { COMMENT_EDIT_REFUSED } from '../commands/comment-editor';
import { COMMENT_DELETE_REFUSED } from '../commands/comment-deleter';
import { ALREADY_REPORTED_COMMENT, OWN_COMMENT_REPORT } from '../commands/comment-report-creator';
import { COMMENT_REPORT_DECIDED } from '../commands/comment-report-decider';
import { COMMENT_LOGIN_REQUIRED } from './comments';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A member whose account is older than a day (the ordinary comment quota). */
const oldMember = () => t.member({ createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) });

type Agent = Awaited<ReturnType<TestApp['member']>>['agent'];

async function post(agent: Agent, projectId: number, body: string, parentId?: number) {
  return call(agent, endpoints.comments.create, {
    params: { id: projectId },
    body: parentId === undefined ? { body } : { body, parentId },
  });
}

async function list(
  agent: Agent | ReturnType<TestApp['agent']>,
  projectId: number,
  query: QueryOf<typeof endpoints.comments.list> = {},
) {
  const res = await call(agent, endpoints.comments.list, { params: { id: projectId }, query });
  expect(res.status).toBe(200);
  return {
    body: answerOf(endpoints.comments.list, res),
    headers: res.headers as Record<string, string | undefined>,
  };
}

async function commentCount(projectId: number): Promise<number> {
  const res = await call(t.agent(), endpoints.projects.detail, { params: { id: projectId } });
  return res.body.commentCount as number;
}

async function eventsOf(projectId: number, name: string) {
  return t.deps.sql<{ payload: Record<string, unknown> }[]>`
    SELECT payload FROM events WHERE name = ${name} AND (payload->>'projectId')::int = ${projectId} ORDER BY id`;
}

describe('posting and reading comments', () => {
  it('answers threads with their replies, oldest first; a reply to a reply joins its thread; the maker has a badge', async () => {
    const maker = await oldMember();
    const project = await buildProject(t.deps.sql, { userId: maker.user.id });
    const reader = await oldMember();
    const first = await post(reader.agent, project.id, 'First *comment*');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      projectId: project.id,
      parentId: null,
      body: 'First *comment*',
      html: '<p>First <em>comment</em></p>\n',
      author: { username: reader.user.username, isMaker: false },
      editedAt: null,
      deleted: false,
      hidden: false,
      canEdit: true,
      canDelete: true,
    });
    const reply = await post(maker.agent, project.id, 'Thanks!', first.body.id);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ parentId: first.body.id, author: { isMaker: true } });
    const nested = await post(reader.agent, project.id, 'You are welcome', reply.body.id);
    expect(nested.body.parentId).toBe(first.body.id);
    const second = await post(maker.agent, project.id, 'Second thread');

    const visitor = await list(t.agent(), project.id);
    expect(visitor.body.map((c) => c.id)).toEqual([first.body.id, second.body.id]);
    expect(visitor.body[0]!.replies!.map((c) => c.id)).toEqual([reply.body.id, nested.body.id]);
    expect(visitor.body[0]!.canEdit).toBe(false);
    expect(await commentCount(project.id)).toBe(4);
  });

  it('refuses visitors, paused members, hidden projects, empty and overlong comments, and replies elsewhere', async () => {
    const project = await buildProject(t.deps.sql);
    const visitor = await post(t.agent(), project.id, 'hello');
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ message: COMMENT_LOGIN_REQUIRED });
    const paused = await t.member({ isPaused: true });
    expect((await post(paused.agent, project.id, 'hello')).body).toEqual({ message: 'Your account is paused' });
    const { agent } = await oldMember();
    expect((await post(agent, project.id, '   ')).status).toBe(400);
    const long = await post(agent, project.id, 'x'.repeat(5001));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Comments must be between 1 and 5,000 characters');
    expect((await post(agent, project.id, 'x'.repeat(5000))).status).toBe(201);
    const other = await buildProject(t.deps.sql);
    const elsewhere = await post(agent, other.id, 'on another project');
    expect((await post(agent, project.id, 'reply', elsewhere.body.id)).body).toEqual({ message: COMMENT_NOT_FOUND });

    const owner = await oldMember();
    const hidden = await buildProject(t.deps.sql, { userId: owner.user.id, isHidden: true });
    expect((await post(agent, hidden.id, 'hello')).status).toBe(404);
    expect((await list(owner.agent, hidden.id)).body).toEqual([]);
    expect((await call(t.agent(), endpoints.comments.list, { params: { id: hidden.id } })).status).toBe(404);
    const closed = await post(owner.agent, hidden.id, 'hello');
    expect(closed.status).toBe(403);
    expect(closed.body).toEqual({ message: COMMENTS_CLOSED });
  });

  it('renders a safe markdown subset: no raw HTML, scripts, images, or links but http(s) and mailto', async () => {
    const project = await buildProject(t.deps.sql);
    const { agent } = await oldMember();
    const vectors = [
      '<script>alert(1)</script>',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[data](data:text/html;base64,PHNjcmlwdD4=)',
      '<img src=x onerror=alert(1)>',
      '![pic](https://img.example/x.png)',
      '<javascript:alert(1)>',
      '<vbscript:msgbox(1)>',
      '<a href="https://a.example" onclick="x()">a</a>',
      '[ok](https://ok.example/path)',
    ];
    const html = [];
    for (const body of vectors) {
      const res = await post(agent, project.id, body);
      expect(res.status).toBe(201);
      html.push(res.body.html as string);
    }
    // Every tag is one of the subset's, with no attribute but a link's http(s) href, rel and class.
    const tags = [...html.join('\n').matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)];
    for (const [, name, attrs] of tags) {
      expect(['p', 'em', 'strong', 'code', 'pre', 'ul', 'ol', 'li', 'blockquote', 'a', 'br']).toContain(name);
      expect(attrs!.replace(/ (href="https?:[^"]*"|rel="nofollow ugc noopener")/g, '')).toBe('');
    }
    expect(html[0]).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
    expect(html[1]).toBe('<p>[click](javascript:alert(1))</p>\n');
    expect(html[9]).toBe('<p><a href="https://ok.example/path" rel="nofollow ugc noopener">ok</a></p>\n');
  });

  it('links mentions of existing members (at most 10, the author left out of the event)', async () => {
    const project = await buildProject(t.deps.sql);
    const author = await oldMember();
    const named = await Promise.all(Array.from({ length: 11 }, () => buildUser(t.deps.sql)));
    const body = `Hi @${author.user.username} @nobody_here_x ${named.map((u) => `@${u.username}`).join(' ')} \`@${named[0]!.username}\``;
    const res = await post(author.agent, project.id, body);
    expect(res.status).toBe(201);
    const links = [...(res.body.html as string).matchAll(/<a href="\/users\/([^"]+)" class="mention"/g)].map(
      (m) => m[1],
    );
    expect(links).toEqual([author.user.username, ...named.slice(0, 9).map((u) => u.username)]);
    expect(res.body.html).toContain('@nobody_here_x');
    const [event] = await eventsOf(project.id, 'comment.created');
    expect(event!.payload).toMatchObject({
      commentId: res.body.id,
      parentId: null,
      authorId: author.user.id,
      mentionedUserIds: named.slice(0, 9).map((u) => u.id),
    });
  });
});

describe("the visitors' shared page", () => {
  it('serves every visitor one page until the project changes; a member at the same address gets their own', async () => {
    const project = await buildProject(t.deps.sql);
    const author = await oldMember();
    await post(author.agent, project.id, 'first');
    expect((await list(t.agent(), project.id)).body.map((c) => c.body)).toEqual(['first']);
    const kept = await list(t.agent(), project.id);
    expect(kept.headers['cache-control']).toBe('private, no-store');

    // A new comment makes the page stale: the next visitor reads it at once.
    const second = await post(author.agent, project.id, 'second');
    expect((await list(t.agent(), project.id)).body.map((c) => c.body)).toEqual(['first', 'second']);

    // Hidden: visitors see it removed; its author, at the very same address, still reads their text.
    const admin = await t.member({ isAdmin: true });
    await call(admin.agent, endpoints.comments.setVisibility, {
      params: { id: second.body.id },
      body: { hidden: true },
    });
    expect((await list(t.agent(), project.id)).body[1]).toMatchObject({ hidden: true, body: '' });
    expect((await list(author.agent, project.id)).body[1]).toMatchObject({ hidden: true, body: 'second' });
    expect((await list(t.agent(), project.id)).body[1]).toMatchObject({ hidden: true, body: '' });

    // A kept page answered again still says where the next one starts.
    const first = await list(t.agent(), project.id, { limit: 1 });
    const again = await list(t.agent(), project.id, { limit: 1 });
    expect(again.body).toEqual(first.body);
    expect(again.headers.link).toBe(first.headers.link);
    expect(again.headers.link).toMatch(/after=\d+.*rel="next"/);

    // A project hidden since is not found by visitors, though its page was kept.
    await call(admin.agent, endpoints.admin.setProjectVisibility, {
      params: { projectId: project.id },
      body: { hidden: true },
    });
    expect((await call(t.agent(), endpoints.comments.list, { params: { id: project.id } })).status).toBe(404);
  });
});

describe('editing, deleting and hiding', () => {
  it('lets the author edit within 15 minutes ("edited"), nobody else and never later', async () => {
    const project = await buildProject(t.deps.sql);
    const author = await oldMember();
    const created = await post(author.agent, project.id, 'typo');
    const edit = await call(author.agent, endpoints.comments.edit, {
      params: { id: created.body.id },
      body: { body: 'fixed' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ body: 'fixed', html: '<p>fixed</p>\n' });
    expect(edit.body.editedAt).not.toBeNull();
    const other = await oldMember();
    const refused = await call(other.agent, endpoints.comments.edit, {
      params: { id: created.body.id },
      body: { body: 'mine now' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: COMMENT_EDIT_REFUSED });
    await t.deps.sql`UPDATE comments SET created_at = now() - interval '16 minutes' WHERE id = ${created.body.id}`;
    expect(
      (await call(author.agent, endpoints.comments.edit, { params: { id: created.body.id }, body: { body: 'late' } }))
        .status,
    ).toBe(403);
    expect((await list(author.agent, project.id)).body[0]).toMatchObject({ body: 'fixed', canEdit: false });
  });

  it('keeps a deleted thread with replies as [deleted]; drops one without; admins delete any', async () => {
    const project = await buildProject(t.deps.sql);
    const author = await oldMember();
    const other = await oldMember();
    const thread = await post(author.agent, project.id, 'thread');
    const reply = await post(other.agent, project.id, 'reply', thread.body.id);
    const lone = await post(author.agent, project.id, 'lone');
    expect(await commentCount(project.id)).toBe(3);
    const refused = await call(other.agent, endpoints.comments.remove, { params: { id: thread.body.id } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: COMMENT_DELETE_REFUSED });
    expect((await call(author.agent, endpoints.comments.remove, { params: { id: thread.body.id } })).status).toBe(204);
    expect((await call(author.agent, endpoints.comments.remove, { params: { id: lone.body.id } })).status).toBe(204);
    expect((await call(author.agent, endpoints.comments.remove, { params: { id: lone.body.id } })).status).toBe(404);
    let shown = (await list(t.agent(), project.id)).body;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ id: thread.body.id, deleted: true, body: '', html: '', author: null });
    expect(shown[0]!.replies!.map((c) => c.id)).toEqual([reply.body.id]);
    expect(await commentCount(project.id)).toBe(1);
    const admin = await t.member({ isAdmin: true });
    expect((await call(admin.agent, endpoints.comments.remove, { params: { id: reply.body.id } })).status).toBe(204);
    shown = (await list(t.agent(), project.id)).body;
    expect(shown).toEqual([]);
    expect(await commentCount(project.id)).toBe(0);
  });

  it('lets admins hide a comment: others see it removed, its author and admins its text', async () => {
    const project = await buildProject(t.deps.sql);
    const author = await oldMember();
    const created = await post(author.agent, project.id, 'rude words');
    const member = await oldMember();
    const setHidden = (agent: Agent, hidden: boolean) =>
      call(agent, endpoints.comments.setVisibility, { params: { id: created.body.id }, body: { hidden } });
    expect((await setHidden(member.agent, true)).status).toBe(403);
    const admin = await t.member({ isAdmin: true });
    const hide = await setHidden(admin.agent, true);
    expect(hide.status).toBe(200);
    expect(hide.body).toMatchObject({ hidden: true, body: 'rude words' });
    expect((await list(t.agent(), project.id)).body[0]).toMatchObject({ hidden: true, body: '', author: null });
    expect((await list(author.agent, project.id)).body[0]).toMatchObject({ hidden: true, body: 'rude words' });
    expect(await commentCount(project.id)).toBe(0);
    // The hide is a public moderation, with the standard wording and the author's name.
    const log = await call(t.agent(), fairExposureEndpoints.moderationLog, { query: { limit: 100 } });
    expect(log.body).toContainEqual(
      expect.objectContaining({
        action: 'comment.removed',
        subject: expect.objectContaining({ type: 'comment', id: created.body.id, username: author.user.username }),
        reason: 'Removed for breaking the community rules.',
      }),
    );
    expect((await setHidden(admin.agent, false)).body.hidden).toBe(false);
    expect(await commentCount(project.id)).toBe(1);
    expect(
      (
        await callLoosely(admin.agent, endpoints.comments.setVisibility, {
          params: { id: created.body.id },
          body: { hidden: 'yes' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('comment counts in lists', () => {
  it("a list's cards carry the project's live comment count, read from its counter, kept in step by every change", async () => {
    const title = `Counted ${Math.random().toString(36).slice(2, 10)}`;
    const project = await buildProject(t.deps.sql, { title });
    const listed = async () => {
      const res = await call(t.agent(), endpoints.projects.latest, { query: { q: title } });
      expect(res.status).toBe(200);
      return answerOf(endpoints.projects.latest, res).find((p) => p.id === project.id)!.commentCount;
    };
    expect(await listed()).toBe(0);
    const author = await oldMember();
    const first = await post(author.agent, project.id, 'one');
    await post(author.agent, project.id, 'two', first.body.id);
    expect(await listed()).toBe(2);
    expect((await call(author.agent, endpoints.comments.remove, { params: { id: first.body.id } })).status).toBe(204);
    expect(await listed()).toBe(1);
    // The count lists show is the counter column, written with the comment in one transaction.
    const [row] = await t.deps.sql<
      { commentCount: number }[]
    >`SELECT comment_count FROM projects WHERE id = ${project.id}`;
    expect(row!.commentCount).toBe(1);
  });
});

describe('reporting comments', () => {
  it('refuses the author and a second report; 3 reporters with standing on distinct networks hide it', async () => {
    const project = await buildProject(t.deps.sql);
    const author = await oldMember();
    const created = await post(author.agent, project.id, 'spam spam');
    const report = (agent: Agent, reason: 'spam' | 'offensive') =>
      call(agent, endpoints.comments.report, { params: { id: created.body.id }, body: { reason } });
    const own = await report(author.agent, 'spam');
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ message: OWN_COMMENT_REPORT });
    expect((await report(t.agent(), 'spam')).status).toBe(401);
    // Three fresh accounts (no standing) do not hide it, nor do reporters sharing one network.
    for (let i = 0; i < 3; i++) {
      const fresh = await t.member();
      expect((await report(fresh.agent, 'spam').set('X-Forwarded-For', randomIp())).status).toBe(201);
    }
    const shared = randomIp();
    for (let i = 0; i < 2; i++) {
      const { agent } = await t.member({ standing: true });
      expect((await report(agent, 'offensive').set('X-Forwarded-For', shared)).status).toBe(201);
    }
    const second = await t.member({ standing: true });
    expect((await report(second.agent, 'spam').set('X-Forwarded-For', randomIp())).status).toBe(201);
    expect((await list(t.agent(), project.id)).body[0]!.hidden).toBe(false);
    const last = await t.member({ standing: true });
    const filed = await report(last.agent, 'spam').set('X-Forwarded-For', randomIp());
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ message: 'Report submitted' });
    const again = await report(last.agent, 'spam').set('X-Forwarded-For', randomIp());
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: ALREADY_REPORTED_COMMENT });
    expect((await list(t.agent(), project.id)).body[0]!.hidden).toBe(true);
    const third = await t.member({ standing: true });
    expect(
      (
        await callLoosely(third.agent, endpoints.comments.report, {
          params: { id: created.body.id },
          body: { reason: 'bad' },
        }).set('X-Forwarded-For', randomIp())
      ).status,
    ).toBe(400);
  });
});

describe("the admins' queue of comment reports", () => {
  it("lists reports with the comment's text and its thread, pages them, and lets admins decide them once", async () => {
    const project = await buildProject(t.deps.sql, { title: 'Queue project' });
    const author = await oldMember();
    const other = await oldMember();
    const thread = await post(other.agent, project.id, 'Opening words');
    const reported = await post(author.agent, project.id, 'Rude **reply**', thread.body.id);
    await post(other.agent, project.id, 'Later reply', thread.body.id);
    const reporter = await t.member();
    const filed = await call(reporter.agent, endpoints.comments.report, {
      params: { id: reported.body.id },
      body: { reason: 'offensive', additionalDetails: 'Name-calling' },
    });
    expect(filed.status).toBe(201);
    const second = await call((await t.member()).agent, endpoints.comments.report, {
      params: { id: thread.body.id },
      body: { reason: 'spam' },
    });
    expect(second.status).toBe(201);

    const member = await oldMember();
    expect((await call(member.agent, endpoints.comments.reports)).status).toBe(403);
    expect((await call(t.agent(), endpoints.comments.reports)).status).toBe(401);
    const admin = await t.member({ isAdmin: true });
    const pending = await call(admin.agent, endpoints.comments.reports, { query: { status: 'pending', limit: 1 } });
    expect(pending.status).toBe(200);
    // Newest first, one a page: the second report, then (by Link) the first.
    expect(answerOf(endpoints.comments.reports, pending).map((r) => r.id)).toEqual([second.body.id]);
    const next = /<([^>]+)>; rel="next"/.exec(pending.headers.link as string)![1]!;
    const older = await admin.agent.get(next);
    const report = answerOf(endpoints.comments.reports, older).find((r) => r.id === filed.body.id)!;
    expect(report).toMatchObject({
      projectId: project.id,
      projectTitle: 'Queue project',
      reason: 'offensive',
      additionalDetails: 'Name-calling',
      reporterUsername: reporter.user.username,
      status: 'pending',
      comment: {
        id: reported.body.id,
        parentId: thread.body.id,
        body: 'Rude **reply**',
        hidden: false,
        deleted: false,
      },
    });
    expect(report.thread.map((c) => c.body)).toEqual(['Opening words', 'Rude **reply**', 'Later reply']);

    // Hidden from the queue's own call, the admin still reads its text there.
    await call(admin.agent, endpoints.comments.setVisibility, {
      params: { id: reported.body.id },
      body: { hidden: true },
    });
    const decide = (status: 'reviewed' | 'dismissed') =>
      call(admin.agent, endpoints.comments.decideReport, { params: { id: filed.body.id }, body: { status } });
    expect(
      (
        await callLoosely(admin.agent, endpoints.comments.decideReport, {
          params: { id: filed.body.id },
          body: { status: 'removed' },
        })
      ).status,
    ).toBe(400);
    const decided = await decide('reviewed');
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'reviewed', comment: { hidden: true, body: 'Rude **reply**' } });
    expect((await decide('dismissed')).body).toEqual({ message: COMMENT_REPORT_DECIDED });
    expect(
      (
        await call(admin.agent, endpoints.comments.decideReport, {
          params: { id: 2147483000 },
          body: { status: 'dismissed' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(member.agent, endpoints.comments.decideReport, {
          params: { id: second.body.id },
          body: { status: 'dismissed' },
        })
      ).status,
    ).toBe(403);
    const reviewed = await call(admin.agent, endpoints.comments.reports, { query: { status: 'reviewed', limit: 100 } });
    expect(answerOf(endpoints.comments.reports, reviewed).map((r) => r.id)).toContain(filed.body.id);
    const stillPending = await call(admin.agent, endpoints.comments.reports, { query: { limit: 100 } });
    expect(answerOf(endpoints.comments.reports, stillPending).map((r) => r.id)).not.toContain(filed.body.id);
  });

  it('pushes a new report to the admins with the comment and project it names', async () => {
    const project = await buildProject(t.deps.sql);
    const author = await oldMember();
    const created = await post(author.agent, project.id, 'pushed');
    const res = await call((await t.member()).agent, endpoints.comments.report, {
      params: { id: created.body.id },
      body: { reason: 'spam' },
    });
    expect(res.status).toBe(201);
    const [event] = await t.deps.sql<{ payload: Record<string, unknown> }[]>`
      SELECT payload FROM events WHERE name = 'commentReport.created' AND (payload->>'reportId')::int = ${res.body.id}`;
    expect(event!.payload).toMatchObject({ commentId: created.body.id, projectId: project.id });
  });
});

describe('sorting and paging', () => {
  it('pages threads by keyset (Link next), oldest first or Top by replies then newest', async () => {
    const project = await buildProject(t.deps.sql);
    const { agent } = await oldMember();
    const other = await oldMember();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(agent, project.id, `thread ${i}`)).body.id);
    await post(other.agent, project.id, 'r1', ids[1]);
    await post(other.agent, project.id, 'r2', ids[1]);
    await post(other.agent, project.id, 'r3', ids[3]);
    const page1 = await list(t.agent(), project.id, { limit: 2 });
    expect(page1.body.map((c) => c.id)).toEqual(ids.slice(0, 2));
    const next = /<([^>]+)>; rel="next"/.exec(page1.headers.link!)![1]!;
    const page2 = await t.agent().get(next);
    expect(page2.body.map((c: Comment) => c.id)).toEqual(ids.slice(2, 4));
    const top = await list(t.agent(), project.id, { sort: 'top', limit: 3 });
    expect(top.body.map((c) => c.id)).toEqual([ids[1], ids[3], ids[4]]);
    const topNext = /<([^>]+)>; rel="next"/.exec(top.headers.link!)![1]!;
    expect((await t.agent().get(topNext)).body.map((c: Comment) => c.id)).toEqual([ids[2], ids[0]]);
    expect(
      (await callLoosely(t.agent(), endpoints.comments.list, { params: { id: project.id }, query: { sort: 'new' } }))
        .status,
    ).toBe(400);
    expect(
      (await callLoosely(t.agent(), endpoints.comments.list, { params: { id: project.id }, query: { limit: 51 } }))
        .status,
    ).toBe(400);
  });
});

describe('the comment quota', () => {
  it('counts comments posted: 3 an hour for an account under a day old, 10 per 10 minutes after', async () => {
    const project = await buildProject(t.deps.sql);
    const young = await t.member();
    // Their own hidden project: readable by them, closed to comments.
    const hidden = await buildProject(t.deps.sql, { userId: young.user.id, isHidden: true });
    const youngQuota = NEW_ACCOUNT_COMMENT_QUOTA.points * t.config.rateLimitMultiplier;
    // Refused posts spend nothing: a bad body (400), a hidden project (403), a missing one or a missing parent (404).
    expect((await post(young.agent, project.id, '')).status).toBe(400);
    const closed = await post(young.agent, hidden.id, 'hello');
    expect([closed.status, closed.body.message]).toEqual([403, COMMENTS_CLOSED]);
    expect((await post(young.agent, 2_000_000_000, 'hello')).status).toBe(404);
    expect((await post(young.agent, project.id, 'hello', 2_000_000_000)).status).toBe(404);
    for (let i = 0; i < youngQuota; i++) expect((await post(young.agent, project.id, `c${i}`)).status).toBe(201);
    const over = await post(young.agent, project.id, 'one too many');
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: COMMENT_QUOTA_MESSAGE });
    // The young allowance's window (an hour), not the ordinary one's (10 minutes).
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(COMMENT_QUOTA.windowMs / 1000);

    const grown = await oldMember();
    const quota = COMMENT_QUOTA.points * t.config.rateLimitMultiplier;
    const made: number[] = [];
    for (let i = 0; i < quota; i++) made.push((await post(grown.agent, project.id, `c${i}`)).status);
    expect(made).toEqual(Array(quota).fill(201));
    const firstId = (await list(grown.agent, project.id)).body.find(
      (c) => c.author?.username === grown.user.username,
    )!.id;
    // Edits and deletions spend their own ceiling; a deleted comment does not give its point back.
    const edited = await call(grown.agent, endpoints.comments.edit, {
      params: { id: firstId },
      body: { body: 'edited' },
    });
    expect(edited.status).toBe(200);
    expect((await call(grown.agent, endpoints.comments.remove, { params: { id: firstId } })).status).toBe(204);
    const eleventh = await post(grown.agent, project.id, 'eleventh');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({ message: COMMENT_QUOTA_MESSAGE });
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(COMMENT_QUOTA.windowMs / 1000);
  });
});
