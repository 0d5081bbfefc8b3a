import type { Sql } from '../../db/src/sql';

/** Users the seeded projects belong to. */
const SEED_USERS = 1000;
/** Days the seeded projects' submissions spread over. */
const PROJECT_DAYS = 365;
/** Days the seeded votes spread over (trending windows are a day, a week, a month). */
const VOTE_DAYS = 30;
/**
 * Skew of the seeded votes: project = 1 + floor(projects * random()^VOTE_SKEW), so low ids are hot,
 * as on a real showcase where a few projects take most votes.
 */
const VOTE_SKEW = 2;

/**
 * Seeds a benchmark database with generate_series: `projects` projects of SEED_USERS users and
 * `votes` visitor votes (each from an address of its own), then sets each counter to its rows.
 * The votes table's secondary indexes are dropped during the load and rebuilt once, which is far
 * faster than maintaining them row by row; the statistics are refreshed at the end.
 */
export async function seedBench(
  sql: Sql,
  opts: { projects: number; votes: number; log: (line: string) => void },
): Promise<void> {
  await sql`SET synchronous_commit = off`;
  await sql`SET maintenance_work_mem = '256MB'`;
  await sql`INSERT INTO users (username, password_hash) SELECT 'bench_' || g, 'x' FROM generate_series(1, ${SEED_USERS}) g`;
  opts.log(`projects: ${opts.projects}`);
  await sql`
    INSERT INTO projects (title, description, replit_url, category, tags, user_id, created_at, views)
    SELECT 'Bench project ' || g, 'A project made for the benchmark.', 'https://project.example/' || g, 'Web App', 'bench',
           1 + g % ${SEED_USERS}, now() - random() * ${PROJECT_DAYS} * interval '1 day', (random() * 1000)::int
    FROM generate_series(1, ${opts.projects}) g`;
  const indexes = await sql<{ indexname: string; indexdef: string }[]>`
    SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'votes' AND indexname <> 'votes_pkey'`;
  for (const index of indexes) await sql.unsafe(`DROP INDEX ${index.indexname}`);
  opts.log(`votes: ${opts.votes}`);
  // In the order of their time, as a live site appends them (a window's votes then sit together in
  // the table, as they do in production).
  await sql`
    INSERT INTO votes (project_id, user_id, ip_address, created_at)
    SELECT project_id, NULL, ip_address, created_at FROM (
      SELECT 1 + floor(${opts.projects} * power(random(), ${VOTE_SKEW}))::int AS project_id,
             'seed:' || g AS ip_address,
             now() - random() * ${VOTE_DAYS} * interval '1 day' AS created_at
      FROM generate_series(1, ${opts.votes}) g
    ) v ORDER BY created_at`;
  opts.log('indexes');
  for (const index of indexes) await sql.unsafe(index.indexdef);
  opts.log('counters');
  await sql`
    UPDATE projects p SET votes = c.n
    FROM (SELECT project_id, count(*)::int AS n FROM votes GROUP BY project_id) c
    WHERE p.id = c.project_id`;
  await seedComments(sql, opts.log);
  await sql`VACUUM ANALYZE projects`;
  await sql`VACUUM ANALYZE votes`;
  await sql`ANALYZE`;
}

/** Comments on project 1 (a long conversation): the comment read's case. */
export const BENCH_COMMENTS = 1000;

/** BENCH_COMMENTS comments on project 1: 700 threads, 300 replies spread over the first 100 of them. */
async function seedComments(sql: Sql, log: (line: string) => void): Promise<void> {
  log(`comments on project 1: ${BENCH_COMMENTS}`);
  const threads = (BENCH_COMMENTS * 7) / 10;
  await sql`
    INSERT INTO comments (project_id, author_id, body, html, created_at)
    SELECT 1, 1 + g % ${SEED_USERS}, 'A *bench* comment ' || g, '<p>A <em>bench</em> comment ' || g || '</p>
',
           now() - make_interval(secs => ${threads} - g)
    FROM generate_series(1, ${threads}) g`;
  await sql`
    INSERT INTO comments (project_id, parent_id, author_id, body, html, created_at)
    SELECT 1, t.id, 1 + g % ${SEED_USERS}, 'A reply ' || g, '<p>A reply ' || g || '</p>
', now()
    FROM generate_series(1, ${BENCH_COMMENTS - threads}) g
    JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM comments WHERE project_id = 1 AND parent_id IS NULL) t
      ON t.n = 1 + g % 100`;
  await sql`
    UPDATE comments c SET reply_count = r.n
    FROM (SELECT parent_id, count(*)::int AS n FROM comments WHERE parent_id IS NOT NULL GROUP BY parent_id) r
    WHERE c.id = r.parent_id`;
  await sql`UPDATE projects SET comment_count = ${BENCH_COMMENTS} WHERE id = 1`;
  await sql`VACUUM ANALYZE comments`;
}

/**
 * Casts `count` more visitor votes now, skewed like the seeded ones, and counts them on their
 * projects: one second of a steady stream of votes (recomputer.ts), so the boards a recompute builds
 * change as they do under real traffic. `tag` keeps their addresses apart from every other vote's.
 */
export async function streamVotes(sql: Sql, opts: { count: number; tag: string }): Promise<void> {
  await sql`
    WITH cast_votes AS (
      INSERT INTO votes (project_id, user_id, ip_address)
      SELECT 1 + floor(n.projects * power(random(), ${VOTE_SKEW}))::int, NULL, ${opts.tag} || ':' || g
      FROM generate_series(1, ${opts.count}) g, (SELECT max(id) AS projects FROM projects) n
      ON CONFLICT DO NOTHING
      RETURNING project_id
    )
    UPDATE projects p SET votes = p.votes + c.n
    FROM (SELECT project_id, count(*)::int AS n FROM cast_votes GROUP BY project_id) c
    WHERE p.id = c.project_id`;
}
