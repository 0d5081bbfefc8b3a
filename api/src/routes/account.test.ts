import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMessage, buildProject, buildUser, createTestDatabase, TEST_PASSWORD } from '@vitrine/db/testing';
import type { UserRow } from '@vitrine/db/queries/users';
import { EXPORT_COVERAGE, EXPORT_LEFT_OUT, type MemberKey } from '@vitrine/db/queries/data-export';
import { EXPORT_LISTS } from '@vitrine/domain/answers';
import { endpoints } from '@vitrine/domain/endpoints';
import { answerOf, call, callLoosely, makeTestApp, randomIp } from '../testing';
import { makeRealtimeTestApp, type RealtimeTestApp } from '../realtime/testing';
import { LAST_ADMIN, WRONG_PASSWORD } from '../commands/account-deleter';

/** The member's own data (docs/api.md "Your data"): GET /api/users/me/export and DELETE /api/users/me. */
let t: RealtimeTestApp;
beforeAll(async () => {
  t = await makeRealtimeTestApp();
});
afterAll(async () => {
  await t.close();
});

type Agent = Awaited<ReturnType<RealtimeTestApp['signIn']>>;

/** A test request of `owner` on `projectId` that `tester` joined, with the tester's feedback and both peer ratings. */
async function testRound(owner: UserRow, tester: UserRow, projectId: number, text: string): Promise<number> {
  const { sql } = t.deps;
  const [request] = await sql<{ id: number }[]>`
    INSERT INTO project_requests (project_id, user_id, title, description, max_testers)
    VALUES (${projectId}, ${owner.id}, ${`Request ${text}`}, 'Please test the sign-up flow.', 5) RETURNING id`;
  await sql`INSERT INTO test_request_testers (request_id, user_id) VALUES (${request!.id}, ${tester.id})`;
  await sql`INSERT INTO test_feedback (request_id, tester_id, worked, score) VALUES (${request!.id}, ${tester.id}, ${`worked ${text}`}, 8)`;
  await sql`INSERT INTO user_ratings (rated_user_id, rater_user_id, rating, rating_type, request_id, feedback)
            VALUES (${owner.id}, ${tester.id}, 9, 'developer', ${request!.id}, ${`dev ${text}`}),
                   (${tester.id}, ${owner.id}, 7, 'tester', ${request!.id}, ${`tester ${text}`})`;
  return request!.id;
}

/**
 * The member comments on `projectId` and replies to `other`'s comment there, reports that comment and
 * follows `other`; `other` follows the member back (not the member's data: who they follow is theirs).
 */
async function commentsAndFollows(user: UserRow, agent: Agent, other: UserRow, projectId: number) {
  const { sql } = t.deps;
  const [theirComment] = await sql<{ id: number }[]>`
    INSERT INTO comments (project_id, author_id, body, html)
    VALUES (${projectId}, ${other.id}, 'THEIR-COMMENT text', '<p>THEIR-COMMENT text</p>') RETURNING id`;
  const mine = await call(agent, endpoints.comments.create, {
    params: { id: projectId },
    body: { body: 'My *comment*' },
  });
  expect(mine.status).toBe(201);
  const reply = await call(agent, endpoints.comments.create, {
    params: { id: projectId },
    body: { body: 'My reply', parentId: theirComment!.id },
  });
  expect(reply.status).toBe(201);
  const report = await call(agent, endpoints.comments.report, {
    params: { id: theirComment!.id },
    body: { reason: 'offensive', additionalDetails: 'Rude' },
  });
  expect(report.status).toBe(201);
  expect((await call(agent, endpoints.notifications.follow, { params: { username: other.username } })).status).toBe(
    200,
  );
  await sql`INSERT INTO follows (follower_id, followee_id) VALUES (${other.id}, ${user.id})`;
  return { comment: mine.body.id as number, reply: reply.body.id as number, theirComment: theirComment!.id };
}

/** A member with a little of everything: a hidden and a visible project, a vote, a rating, a report, messages both ways, a test round. */
async function memberWithData() {
  const other = await buildUser(t.deps.sql, { email: 'other-member@example.com' });
  const { user, agent } = await t.member({ email: 'me@example.com', bio: 'My bio' });
  const own = await buildProject(t.deps.sql, { userId: user.id, title: 'My visible project' });
  const hidden = await buildProject(t.deps.sql, { userId: user.id, title: 'My hidden project', isHidden: true });
  const theirs = await buildProject(t.deps.sql, { userId: other.id, title: 'Their project' });
  expect(
    (await call(agent, endpoints.projects.vote, { params: { id: theirs.id } }).set('X-Forwarded-For', randomIp()))
      .status,
  ).toBe(200);
  expect((await call(agent, endpoints.projects.rate, { params: { id: theirs.id }, body: { rating: 6 } })).status).toBe(
    200,
  );
  await t.deps.sql`INSERT INTO reports (project_id, reporter_user_id, reason, additional_details, admin_notes)
                   VALUES (${theirs.id}, ${user.id}, 'spam', 'Looks like spam', 'ADMIN-ONLY note')`;
  const sent = await buildMessage(t.deps.sql, {
    senderUserId: user.id,
    recipientUserId: other.id,
    subject: 'Sent by me',
  });
  const received = await buildMessage(t.deps.sql, {
    senderUserId: other.id,
    recipientUserId: user.id,
    subject: 'Sent to me',
  });
  const deleted = await buildMessage(t.deps.sql, {
    senderUserId: other.id,
    recipientUserId: user.id,
    subject: 'Deleted by me',
  });
  await t.deps.sql`UPDATE contact_messages SET recipient_deleted = true WHERE id = ${deleted}`;
  // Someone else's private message, which the export must not carry.
  await buildMessage(t.deps.sql, { senderUserId: other.id, recipientUserId: null, subject: 'Private to the admins' });
  const asOwner = await testRound(user, other, own.id, 'as owner');
  const asTester = await testRound(other, user, theirs.id, 'as tester');
  const comments = await commentsAndFollows(user, agent, other, theirs.id);
  // An update on the member's project that addresses the feedback of their test round.
  const [feedback] = await t.deps.sql<{ id: number }[]>`SELECT id FROM test_feedback WHERE request_id = ${asOwner}`;
  const update = await call(agent, endpoints.devlogs.create, {
    params: { id: own.id },
    body: { title: 'Sign-up fixed', body: 'The *form* works now.', addressesFeedbackIds: [feedback!.id] },
  });
  expect(update.status).toBe(201);
  return {
    user,
    agent,
    other,
    own,
    hidden,
    theirs,
    sent,
    received,
    asOwner,
    asTester,
    ...comments,
    update: update.body.id as number,
    feedback: feedback!.id,
  };
}

describe('GET /api/users/me/export', () => {
  it('answers a JSON download of the member’s data and nobody else’s private data, without hashes', async () => {
    const d = await memberWithData();
    const res = await call(d.agent, endpoints.users.exportData);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="vitrine-${d.user.username}-${today}.json"`);

    const body = answerOf(endpoints.users.exportData, res);
    expect(body.profile).toMatchObject({
      id: d.user.id,
      username: d.user.username,
      email: 'me@example.com',
      bio: 'My bio',
    });
    expect(body.projects.map((p) => p.title).sort()).toEqual(['My hidden project', 'My visible project']);
    expect(body.votes).toEqual([expect.objectContaining({ projectId: d.theirs.id, projectTitle: 'Their project' })]);
    expect(body.ratings).toEqual([expect.objectContaining({ projectId: d.theirs.id, rating: 6 })]);
    expect(body.reports).toEqual([
      expect.objectContaining({ projectId: d.theirs.id, reason: 'spam', additionalDetails: 'Looks like spam' }),
    ]);
    expect(body.messages.map((m) => [m.id, m.direction]).sort()).toEqual(
      [
        [d.sent, 'sent'],
        [d.received, 'received'],
      ].sort(),
    );
    expect(body.testRequests.map((r) => r.id)).toEqual([d.asOwner]);
    expect(body.testerOf.map((r) => r.requestId)).toEqual([d.asTester]);
    expect(body.feedbackGiven.map((f) => f.worked)).toEqual(['worked as tester']);
    expect(body.feedbackReceived.map((f) => f.worked)).toEqual(['worked as owner']);
    expect(body.peerRatingsGiven.map((r) => r.feedback).sort()).toEqual(['dev as tester', 'tester as owner']);
    expect(body.peerRatingsReceived.map((r) => r.feedback).sort()).toEqual(['dev as owner', 'tester as tester']);
    expect(body.comments).toEqual([
      expect.objectContaining({
        id: d.reply,
        parentId: d.theirComment,
        body: 'My reply',
        projectTitle: 'Their project',
      }),
      expect.objectContaining({ id: d.comment, parentId: null, body: 'My *comment*', hidden: false, deletedAt: null }),
    ]);
    expect(body.projectUpdates).toEqual([
      expect.objectContaining({
        id: d.update,
        projectId: d.own.id,
        projectTitle: 'My visible project',
        title: 'Sign-up fixed',
        body: 'The *form* works now.',
        deletedAt: null,
        addressedFeedbackIds: [d.feedback],
      }),
    ]);
    expect(body.commentReports).toEqual([
      expect.objectContaining({
        commentId: d.theirComment,
        projectId: d.theirs.id,
        reason: 'offensive',
        status: 'pending',
      }),
    ]);
    expect(body.following).toEqual([{ username: d.other.username, followedAt: expect.any(String) }]);
    expect(body.truncated).toEqual([]);

    const text = res.text;
    for (const secret of [
      'password',
      'Hash',
      '$argon2',
      'sessionsValidAfter',
      'other-member@example.com',
      'Private to the admins',
      'Deleted by me',
      'ADMIN-ONLY',
      'THEIR-COMMENT',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('is allowed to a paused member, refused to a visitor, and a quota of a few exports an hour', async () => {
    const { agent } = await t.member({ isPaused: true });
    expect((await call(agent, endpoints.users.exportData)).status).toBe(200);
    expect((await call(t.agent(), endpoints.users.exportData)).status).toBe(401);
    expect((await call(agent, endpoints.users.exportData)).status).toBe(200);
    expect((await call(agent, endpoints.users.exportData)).status).toBe(200);
    const limited = await call(agent, endpoints.users.exportData);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/try again later/);
  });
});

/**
 * The columns that name a member, read from the catalog: every column with a foreign key to users, and
 * every column named like one without a key (an author, a tester, a visitor key, a recipient...).
 */
async function memberColumns(): Promise<string[]> {
  const rows = await t.deps.sql<{ name: string }[]>`
    SELECT c.conrelid::regclass::text || '.' || a.attname AS name
    FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass
    UNION
    SELECT table_name || '.' || column_name FROM information_schema.columns
    WHERE table_schema = current_schema()
      AND ((udt_name IN ('int4', '_int4', 'int8')
            AND column_name ~ '(user|author|tester|follower|followee|rater|reporter|recipient|sender|actor|owner|member|admin)(_ids?)?$|_by$')
           OR column_name IN ('visitor', 'recipient'))
      AND table_name <> 'users'`;
  return rows.map((r) => r.name).sort();
}

/** How many rows of `column` (`table.column`) name `user`, the way EXPORT_COVERAGE says it names a member. */
async function rowsNaming(column: string, key: MemberKey, user: { id: number; email: string | null }) {
  const { sql } = t.deps;
  const [table, name] = column.split('.') as [string, string];
  const value = { id: user.id, ids: user.id, 'u<id>': `u${user.id}`, 'u:<id>': `u:${user.id}`, email: user.email }[key];
  const where = key === 'ids' ? sql`${value} = ANY (${sql(name)})` : sql`${sql(name)} = ${value}`;
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ${sql(table)} WHERE ${where}`;
  return row!.n;
}

/** Rows about `d.user` in the tables memberWithData leaves empty: a submission, notifications, pictures, clicks, impressions, moderation, replies, mails. */
async function everythingElse(d: Awaited<ReturnType<typeof memberWithData>>) {
  const { sql } = t.deps;
  await sql`INSERT INTO submissions (ip_address, user_id, project_id) VALUES ('198.51.100.9', ${d.user.id}, ${d.own.id})`;
  await sql`UPDATE users SET notify_email = 'daily', notify_kinds = '{"comment": false}' WHERE id = ${d.user.id}`;
  await sql`INSERT INTO notifications (user_id, kind, group_key, project_id, url, subject, actor_ids)
            VALUES (${d.user.id}, 'comment', ${`c${d.own.id}`}, ${d.own.id}, ${`/projects/${d.own.id}`}, 'New comment on My visible project', ${[d.other.id]})`;
  await sql`INSERT INTO project_media (project_id, position, alt, width, height, variants)
            VALUES (${d.own.id}, 0, 'Main screen', 800, 600,
                    ${sql.json([{ width: 800, type: 'image/webp', key: `${'a'.repeat(40)}.webp` }])})`;
  expect((await d.agent.get(`/go/${d.theirs.id}`)).status).toBeLessThan(400);
  await sql`INSERT INTO project_impressions (project_id, day, visitor) VALUES (${d.theirs.id}, current_date, ${`u:${d.user.id}`})`;
  await sql`INSERT INTO moderation_log (action, subject_type, subject_id, subject_title, subject_user_id, reason, actor_id)
            VALUES ('user.paused', 'user', ${d.user.id}, NULL, ${d.user.id}, 'Spam links', ${d.other.id}),
                   ('project.hidden', 'project', ${d.theirs.id}, 'Their project', ${d.other.id}, 'Copied', ${d.user.id})`;
  await sql`INSERT INTO visitor_replies (message_id, admin_user_id, to_email, subject, message, original_subject, original_message)
            VALUES (NULL, ${d.user.id}, 'VISITOR-ADDRESS@example.com', 'Re: hello', 'Thanks for writing', 'hello', 'hi')`;
  // The other member's update addresses the member's feedback on their request.
  const [given] = await sql<{ id: number }[]>`SELECT id FROM test_feedback WHERE request_id = ${d.asTester}`;
  const theirAgent = await t.signIn(d.other);
  const addressed = await call(theirAgent, endpoints.devlogs.create, {
    params: { id: d.theirs.id },
    body: { title: 'Thanks, fixed', body: 'Fixed.', addressesFeedbackIds: [given!.id] },
  });
  expect(addressed.status).toBe(201);
  await sql`INSERT INTO sent_emails (event_id, kind, recipient) VALUES (${900_000_000 + d.user.id}, 'digest', 'me@example.com')`;
  await sql`INSERT INTO webhooks (user_id, url, events, secret)
            VALUES (${d.user.id}, 'https://hooks.example/vitrine', ${['comment.created']}::text[], 'whsec_EXPORT-SECRET')`;
}

describe('the export covers every table naming the member', () => {
  it('lists every column of the schema that names a member as exported or left out with a reason', async () => {
    const exported = Object.keys(EXPORT_COVERAGE);
    const leftOut = Object.keys(EXPORT_LEFT_OUT);
    expect(exported.filter((c) => leftOut.includes(c))).toEqual([]);
    // A new table (or column) naming a member fails here until the export carries it or EXPORT_LEFT_OUT says why.
    expect(await memberColumns()).toEqual([...exported, ...leftOut].sort());
    for (const { section } of Object.values(EXPORT_COVERAGE))
      expect(['profile', ...EXPORT_LISTS], section).toContain(section);
  });

  it('carries, for every exported column, the rows that name the member', async () => {
    const d = await memberWithData();
    await everythingElse(d);
    const res = await call(d.agent, endpoints.users.exportData);
    expect(res.status).toBe(200);
    for (const [column, { key, section }] of Object.entries(EXPORT_COVERAGE)) {
      // Each exported column holds rows about this member (the check below is never empty-handed) ...
      expect(await rowsNaming(column, key, { id: d.user.id, email: 'me@example.com' }), column).toBeGreaterThan(0);
      // ... and its section of the export carries them.
      expect(res.body[section], `${column} -> ${section}`).not.toHaveLength(0);
    }
    const body = answerOf(endpoints.users.exportData, res);
    expect(body.profile).toMatchObject({ notifyEmail: 'daily', notifyKinds: { comment: false }, followingCount: 1 });
    expect(body.followers).toEqual([{ username: d.other.username, followedAt: expect.any(String) }]);
    expect(body.notifications).toEqual([
      expect.objectContaining({ kind: 'comment', subject: 'New comment on My visible project', readAt: null }),
    ]);
    expect(body.pictures).toEqual([
      expect.objectContaining({ projectId: d.own.id, alt: 'Main screen', urls: [`/media/${'a'.repeat(40)}.webp`] }),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(body.outboundClicks).toEqual([{ projectId: d.theirs.id, projectTitle: 'Their project', day: today }]);
    expect(body.impressions).toEqual([{ projectId: d.theirs.id, projectTitle: 'Their project', day: today }]);
    expect(body.moderation.map((e) => [e.role, e.action])).toEqual([
      ['actor', 'project.hidden'],
      ['subject', 'user.paused'],
    ]);
    expect(body.visitorReplies).toEqual([
      expect.objectContaining({ subject: 'Re: hello', message: 'Thanks for writing' }),
    ]);
    expect(body.emailsSent).toEqual([{ kind: 'digest', sentAt: expect.any(String) }]);
    expect(body.feedbackGiven).toEqual([expect.objectContaining({ addressedByUpdateIds: [expect.any(Number)] })]);
    expect(body.webhooks).toEqual([
      {
        id: expect.any(Number),
        url: 'https://hooks.example/vitrine',
        events: ['comment.created'],
        projectId: null,
        disabledAt: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(res.text).not.toContain('VISITOR-ADDRESS');
    expect(res.text).not.toContain('EXPORT-SECRET');
  });
});

describe('DELETE /api/users/me', () => {
  const count = async (table: string, column: string, id: number) =>
    Number(
      (await t.deps.sql`SELECT count(*)::int AS n FROM ${t.deps.sql(table)} WHERE ${t.deps.sql(column)} = ${id}`)[0]!.n,
    );

  it('refuses a wrong or missing password with 400 and deletes nothing', async () => {
    const d = await memberWithData();
    const wrong = await call(d.agent, endpoints.users.deleteAccount, { body: { password: 'not-my-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: WRONG_PASSWORD });
    const missing = await callLoosely(d.agent, endpoints.users.deleteAccount, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Enter your password' });
    expect(await count('users', 'id', d.user.id)).toBe(1);
    expect(await count('projects', 'user_id', d.user.id)).toBe(2);
    expect((await call(d.agent, endpoints.auth.me)).status).toBe(200);
  });

  it('deletes the account and what it owns as the admin delete does, ends every session and clears the cookie', async () => {
    const d = await memberWithData();
    const second: Agent = await t.signIn(d.user);
    const votesBefore = (
      await t.deps.sql<{ votes: number }[]>`SELECT votes FROM projects WHERE id = ${d.theirs.id}`
    )[0]!.votes;
    const res = await call(d.agent, endpoints.users.deleteAccount, { body: { password: TEST_PASSWORD } });
    expect(res.status).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/vitrine\.sid=;.*expires=Thu, 01 Jan 1970/);

    expect(await count('users', 'id', d.user.id)).toBe(0);
    expect(await count('projects', 'user_id', d.user.id)).toBe(0);
    expect(await count('votes', 'user_id', d.user.id)).toBe(0);
    expect(await count('ratings', 'user_id', d.user.id)).toBe(0);
    expect(await count('project_requests', 'user_id', d.user.id)).toBe(0);
    expect(await count('test_request_testers', 'user_id', d.user.id)).toBe(0);
    expect(await count('user_ratings', 'rater_user_id', d.user.id)).toBe(0);
    // Counters on others' projects are corrected in the same transaction.
    expect(
      (await t.deps.sql<{ votes: number }[]>`SELECT votes FROM projects WHERE id = ${d.theirs.id}`)[0]!.votes,
    ).toBe(votesBefore - 1);
    const events = await t.deps
      .sql`SELECT name FROM events WHERE payload->>'userId' = ${String(d.user.id)} AND name = 'user.deleted'`;
    expect(events).toHaveLength(1);

    expect((await call(d.agent, endpoints.auth.me)).status).toBe(401);
    expect((await call(second, endpoints.auth.me)).status).toBe(401);
    expect((await call(second, endpoints.users.exportData)).status).toBe(401);
    const login = await call(t.agent(), endpoints.auth.login, {
      body: { username: d.user.username, password: TEST_PASSWORD },
    }).set('X-Forwarded-For', randomIp());
    expect(login.status).toBe(401);
  });

  it('disconnects the member’s sockets, on every session', async () => {
    const { user, agent } = await t.member();
    const socket = await t.connect(await t.cookieFor(user));
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await call(agent, endpoints.users.deleteAccount, { body: { password: TEST_PASSWORD } })).status).toBe(204);
    expect(await closed).toBe('io server disconnect');
  });

  it('lets a paused member leave', async () => {
    const paused = await t.member({ isPaused: true });
    expect(
      (await call(paused.agent, endpoints.users.deleteAccount, { body: { password: TEST_PASSWORD } })).status,
    ).toBe(204);
  });

  it('refuses the only active admin (a paused admin does not count), and lets them go once another admin exists', async () => {
    // A database of its own: the check counts every admin, and this run's database has others.
    const db = await createTestDatabase('vitrine_test_admins');
    const alone = await makeTestApp({ databaseUrl: db.url });
    try {
      await buildUser(alone.deps.sql, { isAdmin: true, isPaused: true });
      const { user, agent } = await alone.member({ isAdmin: true });
      const refused = await call(agent, endpoints.users.deleteAccount, { body: { password: TEST_PASSWORD } });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: LAST_ADMIN });
      expect(await alone.deps.sql`SELECT 1 FROM users WHERE id = ${user.id}`).toHaveLength(1);
      await buildUser(alone.deps.sql, { isAdmin: true });
      expect((await call(agent, endpoints.users.deleteAccount, { body: { password: TEST_PASSWORD } })).status).toBe(
        204,
      );
    } finally {
      await alone.close();
      await db.drop();
    }
  });
});
