import { describe, it } from 'vitest';
import { expectNoBigSort, expectNoSeqScan, seedProjects, seedUsers, useExplainDatabase } from '../testing-explain';
import { makeCommentQueries } from './comments';
import { makeCommentReportQueries } from './comment-reports';
import { makeDataExportQueries } from './data-export';
import { makeProjectQueries } from './projects';
import { makeUserQueries } from './users';

/**
 * Every read of comments is indexed: on a database of its own seeded with 20k users, 2k projects,
 * 120k comments (a third of them replies) and 20k comment reports, EXPLAIN of each query (as the
 * functions send it) shows no sequential scan of comments, comment_reports, projects or users.
 */
const USERS = 20_000;
const PROJECTS = 2_000;
const THREADS = 80_000;
const REPLIES = 40_000;
const REPORTS = 20_000;

const db = useExplainDatabase('vitrine_explain_comments', async (sql) => {
  await seedUsers(sql, USERS);
  await seedProjects(sql, PROJECTS, USERS);
  await sql`
    INSERT INTO comments (project_id, author_id, body, html, reply_count, created_at)
    SELECT (g % ${PROJECTS}::int) + 1, (g % ${USERS}::int) + 1, 'Comment ' || g, '<p>Comment ' || g || '</p>', g % 3,
           now() - make_interval(secs => g)
    FROM generate_series(1, ${THREADS}::int) g`;
  await sql`
    INSERT INTO comments (project_id, parent_id, author_id, body, html, created_at)
    SELECT c.project_id, c.id, ((c.id * 7) % ${USERS}::int) + 1, 'Reply', '<p>Reply</p>', c.created_at + interval '1 minute'
    FROM comments c WHERE c.id <= ${REPLIES}::int`;
  await sql`
    INSERT INTO comment_reports (comment_id, reporter_user_id, reporter_network, reason, status)
    SELECT (g % ${THREADS}::int) + 1, (g % ${USERS}::int) + 1, '10.0.' || (g % 200) || '.1', 'spam',
           CASE WHEN g % 2 = 0 THEN 'pending' ELSE 'reviewed' END
    FROM generate_series(1, ${REPORTS}::int) g`;
});

function expectIndexed(plans: string[]) {
  expectNoSeqScan(plans, ['comments', 'comment_reports', 'users', 'projects']);
  expectNoBigSort(plans, 1_000);
}

describe('comment queries at scale', () => {
  it("reads a project's threads by keyset in both sorts, and their replies, by index", async () => {
    for (const sort of ['oldest', 'top'] as const) {
      expectIndexed(
        await db.plansOf(async (client) => {
          const comments = makeCommentQueries(client);
          const page = await comments.listThreads(7, { sort, limit: 21 });
          await comments.listThreads(7, { sort, after: page[10]!.id, limit: 21 });
          await comments.listReplies(page.map((c) => c.id));
        }),
      );
    }
  });

  it('finds a comment, counts the live comments, counts reports and mentions by index', async () => {
    expectIndexed(
      await db.plansOf(async (client) => {
        await makeCommentQueries(client).findComment(1234);
        await client
          .begin(async (tx) => {
            await makeProjectQueries(tx).refreshCommentCount(7);
            await makeCommentReportQueries(tx).countHideReports(22, { minAgeDays: 7, minActions: 1 });
            await makeUserQueries(tx).findByUsernames(['seed_1', 'SEED_2', 'nobody']);
            // The writes' plans are explained too, never committed.
            throw new Rollback();
          })
          .catch((err: unknown) => {
            if (!(err instanceof Rollback)) throw err;
          });
      }),
    );
  });

  it("reads the admins' queue of comment reports by keyset, with the comments and threads it shows, by index", async () => {
    expectIndexed(
      await db.plansOf(async (client) => {
        const reports = makeCommentReportQueries(client);
        const first = await reports.listForAdmin('pending', { limit: 20 });
        await reports.listForAdmin('pending', { limit: 20, before: first.next! });
        await reports.findForAdmin(first.rows[0]!.id);
        const comments = makeCommentQueries(client);
        await comments.findComments(first.rows.map((row) => row.commentId));
      }),
    );
  });

  it("reads a member's comments and comment reports for their data export by index", async () => {
    expectIndexed(
      await db.plansOf(async (client) => {
        const exported = makeDataExportQueries(client);
        await exported.comments(42, 5001);
        await exported.commentReports(42, 5001);
      }),
    );
  });
});

/** Ends a transaction whose statements were only recorded. */
class Rollback extends Error {}
