import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import type Test from 'supertest/lib/test';
import { buildMessage, buildProject, buildUser, uniqueName } from '@vitrine/db/testing';
import { encodeCursor, nextLink, NEWEST_FIRST_PAGE_SIZE } from '@vitrine/domain/schemas/paging';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, callLoosely, makeTestApp, type TestApp } from '../testing';

/**
 * Keyset paging of the inbox and the admin lists: a list is walked by following its
 * `Link: <...>; rel="next"` headers; every row comes once, newest first, however deep the page; a row
 * deleted between two pages neither repeats nor hides another; a cursor this API did not make is a 400.
 */
let t: TestApp;
let adminAgent: TestAgent;
beforeAll(async () => {
  t = await makeTestApp();
  adminAgent = (await t.member({ isAdmin: true })).agent;
});
afterAll(async () => {
  await t.close();
});

interface Row {
  id: number;
  createdAt: string;
}

/**
 * Reads the first page (a call, or a Link the API gave), then follows the Link headers; answers every
 * row in order and the number of pages read.
 */
async function walk(agent: TestAgent, first: Test | string): Promise<{ rows: Row[]; pages: number }> {
  const rows: Row[] = [];
  let next: Test | string | null = first;
  let pages = 0;
  while (next) {
    // A Link is the API's own URL, followed as the browser does.
    const res = await (typeof next === 'string' ? agent.get(next) : next);
    expect(res.status, res.text).toBe(200);
    rows.push(...(res.body as Row[]));
    pages += 1;
    next = nextLink(res.headers.link ?? null);
    expect(pages).toBeLessThan(1000);
  }
  return { rows, pages };
}

/**
 * True when `rows` are strictly newest first by (createdAt, id), so none repeats. The answer's createdAt
 * keeps milliseconds while the order (and the cursor) keeps microseconds, so two rows written in the same
 * millisecond by other tests' concurrent transactions can rightly come in either id order: the order is
 * checked on the rows this test wrote (`own`, whose inserts ran one after another or in one statement),
 * and every row of the walk must still come once.
 */
function expectNewestFirst(rows: Row[], own?: Iterable<number>) {
  const mine = own ? new Set(own) : null;
  const checked = mine ? rows.filter((r) => mine.has(r.id)) : rows;
  if (mine) expect(checked).toHaveLength(mine.size);
  for (let i = 1; i < checked.length; i++) {
    const [a, b] = [checked[i - 1]!, checked[i]!];
    const older = Date.parse(b.createdAt) < Date.parse(a.createdAt) || (b.createdAt === a.createdAt && b.id < a.id);
    expect(older, `row ${i} (${b.id}) after ${a.id}`).toBe(true);
  }
  expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
}

/** Inserts `count` messages to `recipient` with the same created_at (ties broken by id), answers their ids. */
async function messagesTo(
  recipientUserId: number,
  count: number,
  senderUserId: number | null = null,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await buildMessage(t.deps.sql, { recipientUserId, senderUserId }));
  // Same instant for half of them: the id breaks the tie, and the cursor keeps microseconds.
  await t.deps
    .sql`UPDATE contact_messages SET created_at = '2026-01-02T03:04:05.678901Z' WHERE id = ANY(${ids.slice(0, count / 2)}::int[])`;
  return ids;
}

describe('GET /api/messages pages', () => {
  it('walks a box of 130 messages (received and sent) in pages of 50, each once, newest first', async () => {
    const { user, agent } = await t.member();
    const other = await buildUser(t.deps.sql);
    const received = await messagesTo(user.id, 100);
    const sent = await messagesTo(other.id, 30, user.id);
    const first = await call(agent, endpoints.messages.list);
    expect(first.body).toHaveLength(NEWEST_FIRST_PAGE_SIZE);
    expect(nextLink(first.headers.link)).toMatch(/^\/api\/messages\?before=[\w-]+$/);
    const { rows, pages } = await walk(agent, call(agent, endpoints.messages.list));
    expect(pages).toBe(3);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...received, ...sent].sort((a, b) => a - b));
    expectNewestFirst(rows);
  });

  it('keeps its place when the last row of the previous page is deleted, and stops on the last page', async () => {
    const { user, agent } = await t.member();
    const ids = await messagesTo(user.id, 12);
    const first = await call(agent, endpoints.messages.list, { query: { limit: 5 } });
    const lastShown = (first.body as Row[]).at(-1)!;
    expect((await call(agent, endpoints.messages.remove, { params: { id: lastShown.id } })).status).toBe(204);
    const { rows } = await walk(agent, nextLink(first.headers.link)!);
    expect([...(first.body as Row[]), ...rows].map((r) => r.id).sort((a, b) => a - b)).toEqual(
      ids.sort((a, b) => a - b),
    );
    const last = await call(agent, endpoints.messages.list, { query: { limit: 12 } });
    expect(last.body).toHaveLength(11);
    expect(last.headers.link).toBeUndefined();
  });

  it('an admin box adds the messages to the admins, each once even when the admin sent it', async () => {
    const { user, agent } = await t.member({ isAdmin: true });
    const own = await buildMessage(t.deps.sql, { senderUserId: user.id, recipientUserId: null });
    const { rows } = await walk(agent, call(agent, endpoints.messages.list, { query: { limit: 100 } }));
    expect(rows.filter((r) => r.id === own)).toHaveLength(1);
    expectNewestFirst(rows, [own]);
  });

  it.each([
    ['not base64url', 'a b'],
    ['not a cursor', btoa('hello')],
    ['a date that does not exist', encodeCursor({ createdAt: '2026-02-30T00:00:00.000000Z', id: 1 })],
    ['an id out of range', encodeCursor({ createdAt: '2026-01-01T00:00:00.000000Z', id: 3_000_000_000 })],
  ])('answers 400 for a before that is %s', async (_, before) => {
    const { agent } = await t.member();
    const res = await callLoosely(agent, endpoints.messages.list, { query: { before } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('before must be a cursor from the Link header of the previous page');
  });

  it('answers 400 for a limit out of range', async () => {
    const { agent } = await t.member();
    const res = await call(agent, endpoints.messages.list, { query: { limit: 101 } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('limit must be a whole number from 1 to 100');
  });
});

describe('the admin lists page by keyset', () => {
  it('users under a search: 120 in pages of 50, keeping the search in the next link', async () => {
    const tag = uniqueName('pg').toLowerCase();
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) ids.push((await buildUser(t.deps.sql, { username: `${tag}_${i}` })).id);
    const first = await call(adminAgent, endpoints.admin.users, { query: { q: tag } });
    expect(nextLink(first.headers.link)).toContain(`q=${tag}`);
    const { rows, pages } = await walk(adminAgent, call(adminAgent, endpoints.admin.users, { query: { q: tag } }));
    expect(pages).toBe(3);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
    expectNewestFirst(rows);
  });

  it('projects: 100 a page by default, hidden ones included', async () => {
    const tag = uniqueName('pgproj');
    const owner = await buildUser(t.deps.sql);
    const ids: number[] = [];
    for (let i = 0; i < 130; i++)
      ids.push((await buildProject(t.deps.sql, { userId: owner.id, title: `${tag} ${i}`, isHidden: i % 10 === 0 })).id);
    const first = await call(adminAgent, endpoints.admin.projects, { query: { q: tag } });
    expect(first.body).toHaveLength(100);
    const { rows, pages } = await walk(adminAgent, call(adminAgent, endpoints.admin.projects, { query: { q: tag } }));
    expect(pages).toBe(2);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
  });

  it('reports of a status, every message and test requests walk newest first, each row once', async () => {
    const owner = await buildUser(t.deps.sql);
    const project = await buildProject(t.deps.sql, { userId: owner.id });
    const reporters = await Promise.all(Array.from({ length: 60 }, () => buildUser(t.deps.sql)));
    const reportIds = await t.deps.sql<{ id: number }[]>`
      INSERT INTO reports (project_id, reporter_user_id, reason, status)
      SELECT ${project.id}, unnest(${reporters.map((r) => r.id)}::int[]), 'spam', 'dismissed' RETURNING id`;
    const reports = await walk(
      adminAgent,
      call(adminAgent, endpoints.admin.reports, { query: { status: 'dismissed', limit: 25 } }),
    );
    expectNewestFirst(
      reports.rows,
      reportIds.map((r) => r.id),
    );

    const messageIds = await messagesTo(owner.id, 60);
    const messages = await walk(adminAgent, call(adminAgent, endpoints.admin.messages, { query: { limit: 40 } }));
    expectNewestFirst(messages.rows, messageIds);

    const tag = uniqueName('pgreq');
    const requestIds: number[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await buildProject(t.deps.sql, { userId: owner.id });
      const [row] = await t.deps.sql<{ id: number }[]>`
        INSERT INTO project_requests (project_id, user_id, title, description, skills_needed, max_testers)
        VALUES (${p.id}, ${owner.id}, ${`${tag} ${i}`}, 'Please test the sign-up flow.', ${['testing']}, 3) RETURNING id`;
      requestIds.push(row!.id);
    }
    const requests = await walk(
      adminAgent,
      call(adminAgent, endpoints.adminTestRequests.list, { query: { q: tag, limit: 2 } }),
    );
    expect(requests.pages).toBe(3);
    expect(requests.rows.map((r) => r.id)).toEqual([...requestIds].reverse());
  });
});

describe('GET /api/test-requests Load More (after=<last id>)', () => {
  it.each(['newest', 'deadline'] as const)(
    'walks the list by %s page by page: the same requests, in the same order, as one long page',
    async (sort) => {
      const tag = uniqueName('kreq');
      const owner = await buildUser(t.deps.sql);
      const soon = new Date(Date.now() + 86_400_000);
      for (let i = 0; i < 14; i++) {
        const p = await buildProject(t.deps.sql, { userId: owner.id });
        // A third without a deadline (they come last by deadline), and pairs sharing one (the id decides).
        const deadline = i % 3 === 0 ? null : new Date(soon.getTime() + Math.floor(i / 2) * 3_600_000);
        await t.deps.sql`
        INSERT INTO project_requests (project_id, user_id, title, description, skills_needed, deadline, max_testers)
        VALUES (${p.id}, ${owner.id}, ${`${tag} ${i}`}, 'Please test the sign-up flow.', ${['testing']}, ${deadline}, 3)`;
      }
      const agent = t.agent();
      const whole = (await call(agent, endpoints.testRequests.list, { query: { sort, q: tag, limit: 50 } }))
        .body as Row[];
      expect(whole).toHaveLength(14);
      const walked: Row[] = [];
      let after: number | undefined;
      for (;;) {
        const res = await call(agent, endpoints.testRequests.list, { query: { sort, q: tag, limit: 6, after } });
        expect(res.status, res.text).toBe(200);
        walked.push(...(res.body as Row[]));
        if (res.body.length < 6) break;
        after = (res.body as Row[]).at(-1)!.id;
      }
      expect(walked.map((r) => r.id)).toEqual(whole.map((r) => r.id));
    },
  );
});

describe('the lists Load More reads page by Link (after=<last id>)', () => {
  it('test requests: the Link of each page walks the list as one long page does, none on the last', async () => {
    const tag = uniqueName('lreq');
    const owner = await buildUser(t.deps.sql);
    for (let i = 0; i < 7; i++) {
      const p = await buildProject(t.deps.sql, { userId: owner.id });
      await t.deps.sql`
        INSERT INTO project_requests (project_id, user_id, title, description, skills_needed, max_testers)
        VALUES (${p.id}, ${owner.id}, ${`${tag} ${i}`}, 'Please test the sign-up flow.', ${['testing']}, 3)`;
    }
    const agent = t.agent();
    const whole = (await call(agent, endpoints.testRequests.list, { query: { q: tag, limit: 50 } })).body as Row[];
    expect(whole).toHaveLength(7);
    const first = await call(agent, endpoints.testRequests.list, { query: { q: tag, limit: 3 } });
    // The Link header's URL is what is checked: the literal is the point.
    expect(nextLink(first.headers.link)).toBe(
      `/api/test-requests?q=${tag}&limit=3&after=${(first.body as Row[])[2]!.id}`,
    );
    const { rows, pages } = await walk(
      agent,
      call(agent, endpoints.testRequests.list, { query: { q: tag, limit: 3 } }),
    );
    expect(pages).toBe(3);
    expect(rows.map((r) => r.id)).toEqual(whole.map((r) => r.id));
  });

  it('a search of the latest projects pages by Link and is read per caller; the list is shared', async () => {
    const tag = uniqueName('lproj');
    const owner = await buildUser(t.deps.sql);
    for (let i = 0; i < 5; i++) await buildProject(t.deps.sql, { userId: owner.id, title: `${tag} ${i}` });
    const agent = t.agent();
    const first = await call(agent, endpoints.projects.latest, { query: { q: tag, limit: 2 } });
    expect(first.headers['cache-control']).toBe('private, no-store');
    // The Link headers' URLs are what is checked: the literals are the point.
    expect(nextLink(first.headers.link)).toBe(`/api/projects?q=${tag}&limit=2&after=${(first.body as Row[])[1]!.id}`);
    const { rows, pages } = await walk(agent, call(agent, endpoints.projects.latest, { query: { q: tag, limit: 2 } }));
    expect(pages).toBe(3);
    expect(rows).toHaveLength(5);
    const shared = await call(agent, endpoints.projects.latest, { query: { limit: 1 } });
    expect(shared.headers['cache-control']).toMatch(/^public/);
    expect(shared.headers.etag).toBeDefined();
    expect(nextLink(shared.headers.link)).toBe(`/api/projects?limit=1&after=${(shared.body as Row[])[0]!.id}`);
  });
});
