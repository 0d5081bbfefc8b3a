import { describe, expect, it } from 'vitest';
import { expectNoBigSort, expectNoSeqScan, seedUsers, useExplainDatabase } from '../testing-explain';
import { makeImpressionQueries, RISING_POOL } from './impressions';
import { makeModerationLogQueries, recordModeration } from './moderation-log';
import type { Viewer } from './projects';

/**
 * New & rising and the moderation log are indexed reads: on a database of their own with 50k projects
 * (one every two minutes, so 2,160 inside the 72-hour window), 150k impressions and 100k log entries,
 * EXPLAIN of the strip, the impressions batch and the log's pages shows no sequential scan and no sort
 * bigger than the strip's pool.
 */
const PROJECTS = 50_000;
const USERS = 2_000;
const IMPRESSIONS = 150_000;
const ENTRIES = 100_000;

const db = useExplainDatabase('vitrine_explain_rising', async (sql) => {
  await seedUsers(sql, USERS);
  await sql`
    INSERT INTO projects (title, description, replit_url, category, tags, user_id, is_hidden, created_at)
    SELECT 'Project ' || g, 'Seeded project number ' || g, 'https://project.example/' || g, 'Game', 'seed',
           (g % ${USERS}::int) + 1, g % 50 = 0, now() - make_interval(mins => 2 * g)
    FROM generate_series(1, ${PROJECTS}::int) g`;
  await sql`
    INSERT INTO project_impressions (project_id, day, visitor)
    SELECT (g % ${PROJECTS}::int) + 1, current_date - (g % 3), 'ip:' || g FROM generate_series(1, ${IMPRESSIONS}::int) g`;
  await sql`
    INSERT INTO moderation_log (action, subject_type, subject_id, subject_title, subject_user_id, reason, actor_id)
    SELECT 'project.hidden', 'project', g, 'Project ' || g, (g % ${USERS}::int) + 1, 'Seeded reason', 1
    FROM generate_series(1, ${ENTRIES}::int) g`;
});

const TABLES = ['projects', 'project_impressions', 'moderation_log', 'users'];
const viewer: Viewer = { userId: null, ip: '192.0.2.7' };
const visitor = () => ({ key: 'ip:192.0.2.7', now: new Date() });

describe('EXPLAIN of New & rising and the moderation log', () => {
  it('reads a strip from the newest projects without scanning or sorting the table', async () => {
    const plans = await db.plansOf((c) => makeImpressionQueries(c).listStrip(visitor(), viewer, 12));
    expectNoSeqScan(plans, TABLES);
    expectNoBigSort(plans, RISING_POOL + 1);
  });

  it('counts an impressions batch the same way', async () => {
    const plans = await db.plansOf((c) => makeImpressionQueries(c).countImpressions(visitor(), [1, 2, 3], 12));
    expectNoSeqScan(plans, TABLES);
    expectNoBigSort(plans, RISING_POOL + 1);
  });

  it('reads the first and a later page of the log by its primary key', async () => {
    for (const page of [{ limit: 30 }, { before: 50_000, limit: 30 }]) {
      const plans = await db.plansOf((c) => makeModerationLogQueries(c).listEntries(page));
      expectNoSeqScan(plans, TABLES);
      expectNoBigSort(plans, 100);
    }
  });

  it('answers a strip and logs an entry for real', async () => {
    const rows = await makeImpressionQueries(db.sql).listStrip(visitor(), viewer, 12);
    expect(rows).toHaveLength(12);
    await recordModeration(db.sql, {
      action: 'comment.removed',
      subject: { id: 7, userId: 1 },
      reason: '',
      actorId: null,
    });
    const [entry] = await makeModerationLogQueries(db.sql).listEntries({ limit: 1 });
    expect(entry).toMatchObject({ action: 'comment.removed', subjectType: 'comment', username: 'seed_1' });
    expect(entry!.reason).toBe('Removed for breaking the community rules.');
  });
});
