import { describe, expect, it } from 'vitest';
import { REPORT_STATUSES } from '@vitrine/domain/constants';
import { expectNoBigSort, expectNoSeqScan, seedProjects, useExplainDatabase } from '../testing-explain';
import type { Sql } from '../sql';
import type { PageCursor } from './paging';
import { makeMessageQueries } from './messages';
import { makeModerationQueries } from './moderation';
import { makeTestRequestQueries } from './test-requests';

/**
 * The inbox and admin lists are indexed queries: on a database of their own seeded with 100k users, 200k
 * messages, 60k reports and 20k projects, EXPLAIN of each list query (as the functions send it,
 * captured with postgres.js `debug`) shows no sequential scan of messages, reports, users or projects.
 */
const USERS = 100_000;
const MESSAGES = 200_000;
const PROJECTS = 20_000;
const REPORTS = 60_000;

const db = useExplainDatabase('vitrine_explain_msg', async (sql) => {
  await sql`INSERT INTO users (username, password_hash, is_admin) SELECT 'seed_' || g, 'x', g <= 3 FROM generate_series(1, ${USERS}::int) g`;
  // A quarter of the messages go to the admins (recipient NULL), the rest between members.
  await sql`
    INSERT INTO contact_messages (sender_user_id, recipient_user_id, subject, message, is_read, created_at)
    SELECT (g % ${USERS}::int) + 1, CASE WHEN g % 4 = 0 THEN NULL ELSE ((g * 7) % ${USERS}::int) + 1 END,
           'Subject ' || g, 'Seeded message number ' || g, g % 3 = 0, now() - make_interval(secs => g)
    FROM generate_series(1, ${MESSAGES}::int) g`;
  await seedProjects(sql, PROJECTS, USERS);
  await sql`
    INSERT INTO reports (project_id, reporter_user_id, reason, status, created_at)
    SELECT (g % ${PROJECTS}::int) + 1, ((g / ${PROJECTS}::int) % ${USERS}::int) + 1, 'spam',
           (ARRAY['pending', 'reviewed', 'dismissed', 'removed'])[(g % 4) + 1], now() - make_interval(secs => g)
    FROM generate_series(1, ${REPORTS}::int) g`;
  // An open test request on every project, a third without a deadline (the public list of test requests).
  await sql`
    INSERT INTO project_requests (project_id, user_id, title, description, skills_needed, deadline, max_testers, created_at)
    SELECT p.id, p.user_id, 'Request ' || p.id, 'Please test project number ' || p.id, ARRAY['testing'],
           CASE WHEN p.id % 3 = 0 THEN NULL ELSE now() + make_interval(hours => p.id % 500) END, 5, p.created_at
    FROM projects p`;
});

const { plansOf } = db;

/** No sequential scan of the lists' tables, and no sort of more than a few pages' rows. */
function expectIndexed(plans: string[]) {
  expectNoSeqScan(plans, ['contact_messages', 'reports', 'users', 'projects', 'project_requests']);
  expectNoBigSort(plans, 1_000);
}

/** The keyset cursor of the row of `table` at `position` (newest first): a page that deep down. */
async function cursorAt(
  table: 'contact_messages' | 'users' | 'projects' | 'reports',
  position: number,
): Promise<PageCursor> {
  const [row] = await db.sql<{ createdAt: string; id: number }[]>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at, id
    FROM ${db.sql(table)} ORDER BY created_at DESC, id DESC OFFSET ${position} LIMIT 1`;
  return row!;
}

const firstPage = { limit: 50 };
const memberBox = { userId: 1234, isAdmin: false };
const adminBox = { userId: 2, isAdmin: true };

describe('EXPLAIN of the message and admin list queries', () => {
  it('a page deep down each list (keyset) is planned like the first: index ranges, no big sort', async () => {
    const deep = async (table: Parameters<typeof cursorAt>[0], position: number) => ({
      limit: 50,
      before: await cursorAt(table, position),
    });
    const messages = await deep('contact_messages', 150_000);
    expectIndexed(await plansOf((c) => makeMessageQueries(c).listBox(memberBox, messages)));
    expectIndexed(await plansOf((c) => makeMessageQueries(c).listBox(adminBox, messages)));
    expectIndexed(await plansOf((c) => makeMessageQueries(c).listAll(messages)));
    const reports = await deep('reports', 50_000);
    for (const status of REPORT_STATUSES)
      expectIndexed(await plansOf((c) => makeModerationQueries(c).listReports(status, reports)));
    const users = await deep('users', 90_000);
    expectIndexed(await plansOf((c) => makeModerationQueries(c).listUsers(undefined, users)));
    const projects = { ...(await deep('projects', 15_000)), limit: 100 };
    expectIndexed(
      await plansOf((c) => makeModerationQueries(c).listAllProjects({ userId: 2, ip: '192.0.2.1' }, {}, projects)),
    );
  });

  it("a member's box and unread count use indexes", async () => {
    expectIndexed(await plansOf((c) => makeMessageQueries(c).listBox(memberBox, firstPage)));
    expectIndexed(await plansOf((c) => makeMessageQueries(c).countUnread(memberBox)));
  });

  it("an admin's box, unread count and every-message list use indexes", async () => {
    expectIndexed(await plansOf((c) => makeMessageQueries(c).listBox(adminBox, firstPage)));
    expectIndexed(await plansOf((c) => makeMessageQueries(c).countUnread(adminBox)));
    expectIndexed(await plansOf((c) => makeMessageQueries(c).listAll(firstPage)));
    expectIndexed(await plansOf((c) => makeMessageQueries(c).findMessageById(777)));
  });

  it.each(REPORT_STATUSES)('the %s reports list uses an index', async (status) => {
    expectIndexed(await plansOf((c) => makeModerationQueries(c).listReports(status, firstPage)));
  });

  it('the admin users and projects lists use indexes, searched or not', async () => {
    const viewer = { userId: 2, ip: '192.0.2.1' };
    expectIndexed(await plansOf((c) => makeModerationQueries(c).listUsers(undefined, firstPage)));
    expectIndexed(await plansOf((c) => makeModerationQueries(c).listUsers('seed_4242', firstPage)));
    expectIndexed(await plansOf((c) => makeModerationQueries(c).listAllProjects(viewer, {}, firstPage)));
    expectIndexed(await plansOf((c) => makeModerationQueries(c).listAllProjects(viewer, { q: '4242' }, firstPage)));
  });

  it.each(['newest', 'deadline'] as const)(
    'the public test-request list by %s: the first page and one 15,000 requests down',
    async (sort) => {
      const list = (c: Sql, after?: number) =>
        makeTestRequestQueries(c).listRequests({ sort, status: 'open', offset: 0, limit: 6, after }, null);
      const [deep] = await db.sql<{ id: number }[]>`
      SELECT id FROM project_requests
      ORDER BY ${sort === 'deadline' ? db.sql`coalesce(deadline, 'infinity'::timestamptz), id` : db.sql`created_at DESC, id DESC`} OFFSET 15000 LIMIT 1`;
      expectIndexed(await plansOf((c) => list(c)));
      expectIndexed(await plansOf((c) => list(c, deep!.id)));
    },
  );

  it('the seed is what the test claims (so a missing seed cannot pass it)', async () => {
    const [row] = await db.sql<{ messages: number; reports: number }[]>`
      SELECT (SELECT count(*)::int FROM contact_messages) AS messages, (SELECT count(*)::int FROM reports) AS reports`;
    expect(row).toEqual({ messages: MESSAGES, reports: REPORTS });
    const plan = (await plansOf((c) => c`SELECT id FROM contact_messages WHERE subject = 'nope'`)).join('\n');
    expect(plan).toMatch(/Seq Scan on contact_messages/);
  });
});
