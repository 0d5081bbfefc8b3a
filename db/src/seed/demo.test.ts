import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '../sql';
import { createTestDatabase } from '../testing';
import { DEMO_RINGS, seedDemo, type StorePicture } from './demo';
import { DOWN_PROJECT, STORY_PROJECTS } from './demo-stories';
import { CATEGORIES } from '@vitrine/domain/constants';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;
beforeAll(async () => {
  db = await createTestDatabase('vitrine_seed');
  sql = createSql(db.url, { max: 2 });
});
afterAll(async () => {
  await sql.end();
  await db.drop();
});

/** The pictures the seed handed over, each answered as stored under a key of its own. */
const stored: Buffer[] = [];
const storePicture: StorePicture = async (svg) => {
  stored.push(svg);
  return {
    width: 800,
    height: 450,
    variants: [
      { width: 800, type: 'image/webp', key: `${'a'.repeat(38)}${String(stored.length).padStart(2, '0')}.webp` },
    ],
  };
};

describe('seedDemo', () => {
  it('fills an empty database so every list has data, with counters equal to the rows they count', async () => {
    expect(await seedDemo(sql, { storePicture })).toBe(true);
    const [users] =
      await sql`SELECT count(*) FILTER (WHERE role = 'developer')::int AS dev, count(*) FILTER (WHERE role = 'tester')::int AS tester, count(*) FILTER (WHERE role = 'both')::int AS both FROM users`;
    expect(users!.dev).toBeGreaterThanOrEqual(10);
    expect(users!.tester).toBeGreaterThanOrEqual(10);
    expect(users!.both).toBeGreaterThanOrEqual(10);
    const categories = await sql`SELECT DISTINCT category FROM projects`;
    expect(categories.map((c) => c.category).sort()).toEqual([...CATEGORIES].sort());
    const [counts] =
      await sql`SELECT count(*)::int AS projects, (SELECT count(*)::int FROM votes) AS votes, (SELECT count(*)::int FROM ratings) AS ratings,
      (SELECT count(*)::int FROM reports) AS reports, (SELECT count(*)::int FROM contact_messages) AS messages FROM projects`;
    expect(counts!.projects).toBeGreaterThanOrEqual(40);
    expect(counts!.votes).toBeGreaterThan(100);
    expect(counts!.ratings).toBeGreaterThan(50);
    expect(counts!.reports).toBeGreaterThan(0);
    expect(counts!.messages).toBeGreaterThan(0);
    const drift =
      await sql`SELECT id FROM projects p WHERE votes <> (SELECT count(*) FROM votes v WHERE v.project_id = p.id)
      OR total_ratings <> (SELECT count(*) FROM ratings r WHERE r.project_id = p.id)
      OR abs(weighted_votes - (SELECT coalesce(sum(weight), 0) FROM votes v WHERE v.project_id = p.id)) > 1e-9`;
    expect(drift).toHaveLength(0);
    const [span] = await sql`SELECT extract(day FROM now() - min(created_at))::int AS days FROM votes`;
    expect(span!.days).toBeGreaterThan(30);
  });

  it("files each of the demo's vote rings for review: its accounts' votes held at weight 0 in an open cluster", async () => {
    const clusters = await sql<{ id: number; status: string; signal: string; network: string }[]>`
      SELECT id, status, signal, evidence->'networks'->>0 AS network FROM integrity_clusters`;
    expect(clusters).toHaveLength(DEMO_RINGS.length);
    for (const ring of DEMO_RINGS) {
      const cluster = clusters.find((c) => c.network === ring.network);
      expect(cluster).toMatchObject({ status: 'open', signal: 'network' });
      const held = await sql<{ username: string; weight: number }[]>`
        SELECT u.username, v.weight FROM votes v JOIN users u ON u.id = v.user_id
        WHERE v.cluster_id = ${cluster!.id} ORDER BY u.username`;
      expect(held).toHaveLength(ring.usernames.length * 2);
      expect([...new Set(held.map((v) => v.username))]).toEqual(ring.usernames);
      expect(held.every((v) => v.weight === 0)).toBe(true);
    }
  });

  it('gives some projects pictures (a cover, some screenshots), each one the seed drew and stored', async () => {
    const media = await sql<{ projectId: number; position: number; alt: string; key: string }[]>`
      SELECT project_id, position, alt, variants->0->>'key' AS key FROM project_media ORDER BY project_id, position`;
    expect(media).toHaveLength(stored.length);
    expect(stored.every((svg) => svg.toString().startsWith('<svg'))).toBe(true);
    const covered = new Set(media.filter((m) => m.position === 0).map((m) => m.projectId));
    expect(covered.size).toBeGreaterThanOrEqual(8);
    expect(media.some((m) => m.position > 0)).toBe(true);
    expect(media.every((m) => m.alt.length > 0)).toBe(true);
    // The newest projects (New & rising) mix cards with and without a cover.
    const newest = await sql<{ id: number }[]>`SELECT id FROM projects ORDER BY created_at DESC LIMIT 6`;
    const withCover = newest.filter((p) => covered.has(p.id)).length;
    expect(withCover).toBeGreaterThan(0);
    expect(withCover).toBeLessThan(newest.length);
  });

  it('tells stories: threads with mentions and replies, feedback credited by updates, follows, notifications', async () => {
    const [threads] = await sql<{ replies: number; mentions: number; drift: number }[]>`
      SELECT (SELECT count(*)::int FROM comments WHERE parent_id IS NOT NULL) AS replies,
        (SELECT count(*)::int FROM comments WHERE html LIKE '%class="mention"%') AS mentions,
        (SELECT count(*)::int FROM projects p WHERE comment_count <> (SELECT count(*) FROM comments c WHERE c.project_id = p.id)
           OR update_count <> (SELECT count(*) FROM project_updates u WHERE u.project_id = p.id)) AS drift`;
    expect(threads!.replies).toBeGreaterThan(0);
    expect(threads!.mentions).toBeGreaterThan(0);
    expect(threads!.drift).toBe(0);
    // Every project a story is about can be seen: the demo's removed report hid none of them.
    const hidden = await sql<{ title: string }[]>`
      SELECT title FROM projects WHERE is_hidden AND title = ANY(${[...STORY_PROJECTS]}::text[])`;
    expect(hidden).toEqual([]);
    expect((await sql`SELECT 1 FROM projects WHERE is_hidden`).length).toBe(1);
    const credited = await sql`
      SELECT 1 FROM project_update_feedback l JOIN test_feedback f ON f.id = l.feedback_id
      JOIN project_requests r ON r.id = f.request_id JOIN project_updates u ON u.id = l.update_id
      WHERE u.project_id = r.project_id AND f.is_helpful`;
    expect(credited.length).toBeGreaterThan(0);
    const followDrift = await sql`
      SELECT id FROM users u WHERE follower_count <> (SELECT count(*) FROM follows f WHERE f.followee_id = u.id)
        OR following_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)`;
    expect(followDrift).toHaveLength(0);
    const [ada] = await sql<{ followers: number; unread: number; kinds: string[] }[]>`
      SELECT u.follower_count AS followers,
        (SELECT count(*)::int FROM notifications n WHERE n.user_id = u.id AND n.read_at IS NULL) AS unread,
        (SELECT array_agg(DISTINCT kind) FROM notifications n WHERE n.user_id = u.id) AS kinds
      FROM users u WHERE username = 'ada_dev'`;
    expect(ada!.followers).toBeGreaterThanOrEqual(3);
    expect(ada!.unread).toBeGreaterThan(0);
    expect(ada!.kinds).toEqual(expect.arrayContaining(['comment', 'mention', 'feedbackPosted', 'newProject']));
    const kinds = await sql<{ kind: string }[]>`SELECT DISTINCT kind FROM notifications`;
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(['reply', 'feedbackAddressed', 'feedbackHelpful', 'projectUpdate', 'projectHealth']),
    );
    // Nobody hears of their own doing.
    const own = await sql`SELECT id FROM notifications WHERE user_id = ANY(actor_ids)`;
    expect(own).toHaveLength(0);
  });

  it('has one project that is down, with the checks that brought it down', async () => {
    const [down] = await sql<{ title: string; status: string; failed: number; up: number }[]>`
      SELECT p.title, h.status,
        (SELECT count(*)::int FROM project_checks c WHERE c.project_id = p.id AND c.outcome = 'fail' AND c.checked_at >= h.since) AS failed,
        (SELECT count(*)::int FROM project_checks c WHERE c.project_id = p.id AND c.outcome = 'up') AS up
      FROM project_health h JOIN projects p ON p.id = h.project_id`;
    expect(down).toMatchObject({ title: DOWN_PROJECT, status: 'down' });
    expect(down!.failed).toBeGreaterThanOrEqual(3);
    expect(down!.up).toBeGreaterThan(down!.failed);
  });

  it("fills the Stats tab: each day's views add up over their sources, and votes match the day's votes", async () => {
    const rows = await sql<{ views: number; visitors: number; votes: number; sources: number; cast: number }[]>`
      SELECT s.views, s.visitors, s.votes,
        (SELECT coalesce(sum(value::int), 0)::int FROM jsonb_each_text(s.referrers)) AS sources,
        (SELECT count(*)::int FROM votes v WHERE v.project_id = s.project_id
           AND v.created_at >= s.day::timestamp AT TIME ZONE 'UTC' AND v.created_at < (s.day + 1)::timestamp AT TIME ZONE 'UTC') AS cast
      FROM project_daily_stats s`;
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      expect(row.sources).toBe(row.views);
      expect(row.visitors).toBeLessThanOrEqual(row.views);
      expect(row.votes).toBe(row.cast);
    }
  });

  it('does nothing when projects exist', async () => {
    expect(await seedDemo(sql)).toBe(false);
  });
});
