/**
 * `npm run bench [-- --projects 20000 --seconds 5 --connections 20]`: load benchmark of the API's hot
 * paths on a throwaway database of its own, printing requests per second and latency percentiles.
 * Speed is measured here, never by timed assertions in tests.
 */
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '../../db/src/testing';
import { createSql } from '../../db/src/sql';
import { loadConfig } from '../../runtime/src/config';
import { startApi } from '../../api/src/server';

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
  },
});
const projects = Number(values.projects);
const duration = Number(values.seconds);
const connections = Number(values.connections);

const db = await createTestDatabase('vitrine_bench');
const sql = createSql(db.url, { max: 2 });
console.log(`Seeding ${projects} projects with votes...`);
await sql`INSERT INTO users (username, password_hash) SELECT 'bench_' || g, 'x' FROM generate_series(1, 500) g`;
await sql`
  INSERT INTO projects (title, description, replit_url, category, tags, user_id, created_at, votes, views)
  SELECT 'Bench project ' || g, 'A project made for the benchmark.', 'https://example.com/' || g, 'Web App', 'bench',
         1 + g % 500, now() - (g % 60) * interval '1 day' - (g % 1440) * interval '1 minute', 0, g % 1000
  FROM generate_series(1, ${projects}) g`;
await sql`
  INSERT INTO votes (project_id, user_id, ip_address, created_at)
  SELECT p, NULL, '10.' || (v / 65536) || '.' || (v / 256 % 256) || '.' || (v % 256), now() - (v % 30) * interval '1 day'
  FROM generate_series(1, ${Math.min(projects, 2000)}) p, generate_series(1, 20) v`;
await sql`UPDATE projects p SET votes = (SELECT count(*) FROM votes v WHERE v.project_id = p.id) WHERE id <= ${Math.min(projects, 2000)}`;
await sql`ANALYZE`;
await sql.end();

const config = {
  ...loadConfig({ NODE_ENV: 'bench' }),
  databaseUrl: db.url,
  redisPrefix: `vitrine-bench:${randomBytes(4).toString('hex')}:`,
  port: 0,
  trustProxy: true,
  rateLimitMultiplier: 1_000_000,
};
const api = await startApi(config);

interface Case {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  /** Each request from a new visitor address (votes). */
  newVisitor?: boolean;
}
const cases: Case[] = [
  { name: 'latest (newest)', path: '/api/projects?offset=0&limit=6' },
  { name: 'latest page 100 (votes)', path: '/api/projects?offset=594&limit=6&sort=votes' },
  { name: 'trending (week)', path: '/api/projects/trending?period=week&offset=0&limit=6' },
  { name: 'leaderboard (all)', path: '/api/projects/leaderboard?timeRange=all' },
  { name: 'project detail', path: '/api/projects/1' },
  { name: 'vote (new visitor each)', path: '/api/projects/3000/vote', method: 'POST', newVisitor: true },
];

const rows: Array<Record<string, string | number>> = [];
for (const c of cases) {
  let n = 0;
  const result = await autocannon({
    url: `${api.url}${c.path}`,
    method: c.method ?? 'GET',
    connections,
    duration,
    headers: { Origin: api.url, 'Content-Type': 'application/json' },
    body: c.method === 'POST' ? '{}' : undefined,
    setupClient: c.newVisitor
      ? (client) => {
          client.setHeaders({ Origin: api.url, 'Content-Type': 'application/json', 'X-Forwarded-For': `172.16.${(n >> 8) & 255}.${n++ & 255}` });
          client.on('response', () => client.setHeaders({ Origin: api.url, 'Content-Type': 'application/json', 'X-Forwarded-For': `172.${17 + ((n >> 16) & 7)}.${(n >> 8) & 255}.${n++ & 255}` }));
        }
      : undefined,
  });
  rows.push({
    case: c.name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    '2xx': result['2xx'],
    'non-2xx': result.non2xx,
    errors: result.errors,
  });
}
console.table(rows);

await api.close();
await db.drop();
process.exit(0);
