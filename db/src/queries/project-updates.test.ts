import { describe, it } from 'vitest';
import { expectNoBigSort, expectNoSeqScan, seedProjects, seedUsers, useExplainDatabase } from '../testing-explain';
import { makeProjectUpdateQueries } from './project-updates';
import { makeProjectQueries } from './projects';
import { makeProfileQueries } from './profiles';
import { makeTestFeedbackQueries } from './test-feedback';
import { makeDataExportQueries } from './data-export';

/**
 * Every read of updates (devlogs) is indexed: on a database of its own seeded with 20k users, 2k
 * projects each with a test request and 5 testers' feedback, 60k updates and 10k addressed links,
 * EXPLAIN of each query (as the functions send it) shows no sequential scan of the tables it reads.
 */
const USERS = 20_000;
const PROJECTS = 2_000;
const TESTERS = 5;
const UPDATES = 60_000;

const db = useExplainDatabase('vitrine_explain_updates', async (sql) => {
  await seedUsers(sql, USERS);
  await seedProjects(sql, PROJECTS, USERS);
  await sql`
    INSERT INTO project_requests (project_id, user_id, title, description, max_testers)
    SELECT p.id, p.user_id, 'Request ' || p.id, 'Please test project number ' || p.id, ${TESTERS}::int FROM projects p`;
  await sql`
    INSERT INTO test_request_testers (request_id, user_id)
    SELECT r.id, ((r.id * ${TESTERS}::int + t) % ${USERS}::int) + 1
    FROM project_requests r, generate_series(1, ${TESTERS}::int) t`;
  await sql`
    INSERT INTO test_feedback (request_id, tester_id, problems, score)
    SELECT request_id, user_id, 'It breaks', 6 FROM test_request_testers`;
  await sql`
    INSERT INTO project_updates (project_id, author_id, title, body, html, created_at, deleted_at)
    SELECT (g % ${PROJECTS}::int) + 1, (g % ${PROJECTS}::int) + 1, 'Update ' || g, 'Text', '<p>Text</p>',
           now() - make_interval(secs => g), CASE WHEN g % 10 = 0 THEN now() END
    FROM generate_series(1, ${UPDATES}::int) g`;
  await sql`
    INSERT INTO project_update_feedback (update_id, feedback_id, tester_id)
    SELECT d.id, f.id, f.tester_id
    FROM test_feedback f JOIN project_requests r ON r.id = f.request_id
      JOIN LATERAL (SELECT id FROM project_updates WHERE project_id = r.project_id AND deleted_at IS NULL LIMIT 1) d ON true`;
  await sql`
    UPDATE projects p SET update_count = s.n, last_update_at = s.newest
    FROM (SELECT project_id, count(*)::int AS n, max(created_at) AS newest FROM project_updates
          WHERE deleted_at IS NULL GROUP BY project_id) s
    WHERE s.project_id = p.id`;
});

function expectIndexed(plans: string[]) {
  expectNoSeqScan(plans, [
    'project_updates',
    'project_update_feedback',
    'test_feedback',
    'project_requests',
    'users',
    'projects',
  ]);
  expectNoBigSort(plans, 1_000);
}

describe('update queries at scale', () => {
  it("reads a project's updates by keyset, their addressed feedback and the owner's picker by index", async () => {
    expectIndexed(
      await db.plansOf(async (client) => {
        const updates = makeProjectUpdateQueries(client);
        const page = await updates.listUpdates(7, { limit: 11 });
        await updates.listUpdates(7, { after: page[5]!.id, limit: 11 });
        await updates.listAddresses(page.map((u) => u.id));
        await updates.findUpdate(1234);
        await updates.listAddressable(7, 100);
        await updates.feedbackOfProject(7, [1, 2, 3, 40]);
        await updates.testersOf([1, 2, 3]);
      }),
    );
  });

  it("reads a feedback's addressing update, a tester's addressed count and an owner's export by index", async () => {
    expectIndexed(
      await db.plansOf(async (client) => {
        await makeTestFeedbackQueries(client).listFeedback(7);
        await makeProfileQueries(client).findProfileUser('seed_12');
        await makeDataExportQueries(client).projectUpdates(42, 5001);
        await client
          .begin(async (tx) => {
            await makeProjectQueries(tx).refreshUpdateStats(7);
            // The writes' plans are explained too, never committed.
            throw new Rollback();
          })
          .catch((err: unknown) => {
            if (!(err instanceof Rollback)) throw err;
          });
      }),
    );
  });
});

/** Ends a transaction whose statements were only recorded. */
class Rollback extends Error {}
