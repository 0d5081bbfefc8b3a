import { describe, it } from 'vitest';
import { expectNoBigSort, expectNoSeqScan, seedProjects, useExplainDatabase } from '../testing-explain';
import { makeFollowQueries } from './follows';
import { makeNotificationQueries } from './notifications';

/**
 * The reads of follows and the notification centre are indexed: on a database of their own with 50k
 * users, 200k follows, 20k projects and 300k notifications and as many delivery records, EXPLAIN of each (as the functions send it)
 * shows no sequential scan of those tables and no sort of more than a few pages' rows.
 */
const USERS = 50_000;
const PROJECTS = 20_000;
const NOTIFICATIONS = 300_000;

const db = useExplainDatabase(
  'vitrine_explain_notify',
  async (sql) => {
    await sql`
    INSERT INTO users (username, password_hash, email, email_verified_at, notify_email)
    SELECT 'seed_' || g, 'x', 'seed' || g || '@example.com', now(), (ARRAY['off', 'instant', 'daily', 'weekly'])[(g % 4) + 1]
    FROM generate_series(1, ${USERS}::int) g`;
    // Each member follows four makers; maker 1 has 10,000 followers.
    await sql`
    INSERT INTO follows (follower_id, followee_id)
    SELECT DISTINCT g, f FROM generate_series(1, ${USERS}::int) g,
      LATERAL (VALUES (((g * 7) % ${USERS}::int) + 1), (((g * 13) % ${USERS}::int) + 1), (((g * 31) % ${USERS}::int) + 1)) v(f)
    WHERE f <> g
    UNION
    SELECT g, 1 FROM generate_series(2, 10001) g`;
    await seedProjects(sql, PROJECTS, USERS);
    await sql`
    INSERT INTO notifications (user_id, kind, group_key, project_id, url, subject, actor_ids, created_at, read_at, emailed_at)
    SELECT (g % ${USERS}::int) + 1, 'newProject', 'project:' || g, (g % ${PROJECTS}::int) + 1, '/projects/1', 'Seeded',
           ARRAY[((g * 3) % ${USERS}::int) + 1], now() - make_interval(secs => g),
           CASE WHEN g % 3 = 0 THEN NULL ELSE now() - make_interval(days => g % 91) END,
           CASE WHEN g % 5 = 0 THEN now() END
    FROM generate_series(1, ${NOTIFICATIONS}::int) g`;
    await sql`
    INSERT INTO notification_deliveries (key, user_id, created_at)
    SELECT 'event:' || g, (g % ${USERS}::int) + 1, now() - make_interval(mins => g % 130000)
    FROM generate_series(1, ${NOTIFICATIONS}::int) g`;
  },
  240_000,
);

function expectIndexed(plans: string[]) {
  expectNoSeqScan(plans, ['notifications', 'notification_deliveries', 'follows', 'users', 'projects']);
  expectNoBigSort(plans, 1_000);
}

describe('follows and notification reads at scale', () => {
  it('the centre: a page, a deep page, the unread count, the push rows', async () => {
    expectIndexed(await db.plansOf((c) => makeNotificationQueries(c).listForRecipient(42, { limit: 50 })));
    const before = { createdAt: new Date(Date.now() - 86_400_000).toISOString().replace('Z', '000Z'), id: 1 };
    expectIndexed(await db.plansOf((c) => makeNotificationQueries(c).listForRecipient(42, { before, limit: 50 })));
    expectIndexed(await db.plansOf((c) => makeNotificationQueries(c).countUnread(42)));
    expectIndexed(await db.plansOf((c) => makeNotificationQueries(c).findDelivered([1, 2, 3])));
  });

  it('the fan-out: a batch of followers, the delivery statement, the instant recipients', async () => {
    expectIndexed(await db.plansOf((c) => makeFollowQueries(c).followerBatch(1, 5000, 1000)));
    const ids = Array.from({ length: 1000 }, (_, i) => i + 2);
    expectIndexed(
      await db.plansOf((c) =>
        c
          .begin(async (tx) => {
            await makeNotificationQueries(tx).deliver({
              key: 'explain:1',
              kind: 'newProject',
              recipientIds: ids,
              actorId: 1,
              projectId: 1,
              groupKey: 'project:explain',
              url: '/projects/1',
              subject: 'Explained',
            });
            throw new Error('roll back');
          })
          .catch(() => {}),
      ),
    );
    expectIndexed(
      await db.plansOf((c) =>
        makeNotificationQueries(c).mailRecipients(ids, 'newProject', ['instant', 'daily', 'weekly']),
      ),
    );
  });

  it('the Following feed, digests, a mail and the prune', async () => {
    const viewer = { userId: 42, ip: '203.0.113.9' };
    expectIndexed(await db.plansOf((c) => makeFollowQueries(c).listFollowingFeed({ viewer, limit: 6 })));
    expectIndexed(await db.plansOf((c) => makeFollowQueries(c).listFollowingFeed({ viewer, after: 500, limit: 6 })));
    expectIndexed(await db.plansOf((c) => makeNotificationQueries(c).digestRecipients('daily', 0, 500)));
    expectIndexed(await db.plansOf((c) => makeNotificationQueries(c).mailFor(42, { limit: 50 })));
    const old = new Date(Date.now() - 90 * 86_400_000);
    expectIndexed(
      await db.plansOf((c) =>
        c
          .begin(async (tx) => {
            await makeNotificationQueries(tx).pruneRead(old, 5000);
            throw new Error('roll back');
          })
          .catch(() => {}),
      ),
    );
  });
});
