import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '@vitrine/db/sql';
import { migrate } from '@vitrine/db/migrate';
import { buildProject, buildUser } from '@vitrine/db/testing';
import type { UserRow } from '@vitrine/db/queries/users';
import { sitePaths } from '@vitrine/domain/site-paths';
import { makeTestApp, type TestApp } from '@vitrine/api/testing';
import { startReplicaPair, type ReplicaPair } from '../../scripts/lib/replica-pair';

/** Ports of this file's private primary and replica (read-replica.test.ts uses 5703 and 5704). */
const PORTS = { primary: 5705, replica: 5706 };
/** A bound no pause here reaches: the replica stays in use while its replay is paused. */
const GENEROUS_LAG_MS = 120_000;
/** Longest wait for a routing change on a loaded machine. */
const SETTLE_MS = 60_000;

let pair: ReplicaPair;
let primary: Sql;
let replica: Sql;
let app: TestApp;

/** Waits until `check` holds (bounded), else fails naming `what`. */
async function eventually(what: string, check: () => Promise<boolean>) {
  const deadline = Date.now() + SETTLE_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The titles a user's Atom feed lists, as a visitor or as `agent`. */
async function feedText(user: UserRow, agent = app.agent()) {
  const res = await agent.get(sitePaths.userFeed(user.username, 'atom'));
  expect(res.status).toBe(200);
  return res.text;
}

beforeAll(async () => {
  pair = await startReplicaPair(PORTS, 'vitrine_replica_app');
  primary = createSql(pair.primaryUrl, { max: 2 });
  replica = createSql(pair.replicaUrl, { max: 1 });
  await migrate(primary);
  app = await makeTestApp({
    databaseUrl: pair.primaryUrl,
    databaseReplica: { url: pair.replicaUrl, maxLagMs: GENEROUS_LAG_MS, checkMs: 20 },
  });
}, 240_000);

afterAll(async () => {
  await app?.close();
  await primary?.end();
  await replica?.end();
  await pair?.stop();
}, 180_000);

describe('the api with a read replica', () => {
  it('shows a member their own edit at once while visitors read the lagging replica, then everyone once it replays', async () => {
    const user = await buildUser(primary);
    const project = await buildProject(primary, { userId: user.id, title: 'Before the edit' });
    await eventually('the replica to have the project', async () => (await feedText(user)).includes('Before the edit'));
    const member = await app.signIn(user);
    await eventually('public reads to go to the replica', async () => {
      const { value } = await app.deps.reads.track(
        async (sql) => (await sql<[{ port: number }]>`SELECT inet_server_port() AS port`)[0].port,
      );
      return value === PORTS.replica;
    });

    await replica`SELECT pg_wal_replay_pause()`;
    try {
      const edit = await member.patch(`/api/projects/${project.id}`).send({
        title: 'After the edit',
        description: 'A project made for a test, edited.',
        replitUrl: 'https://app.example/',
        category: 'Web App',
        tags: 'react, test',
      });
      expect(edit.status).toBe(200);
      // The member's reads go to the primary until the replica has replayed their write.
      expect(await feedText(user, member)).toContain('After the edit');
      const page = await member.get(`/api/projects/${project.id}`);
      expect(page.status).toBe(200);
      expect(page.body.title).toBe('After the edit');
      // A visitor's feed comes from the replica, within the bound: from before the edit.
      expect(await feedText(user)).toContain('Before the edit');
    } finally {
      await replica`SELECT pg_wal_replay_resume()`;
    }
    await eventually('the replica to replay the edit', async () => (await feedText(user)).includes('After the edit'));
  });

  it('answers public reads from the primary while the replica is stopped', async () => {
    const user = await buildUser(primary);
    await buildProject(primary, { userId: user.id, title: 'Read while the replica is down' });
    await pair.stopReplica();
    try {
      for (let i = 0; i < 5; i++) {
        expect(await feedText(user)).toContain('Read while the replica is down');
        const list = await app.agent().get('/api/projects?limit=6');
        expect(list.status).toBe(200);
      }
    } finally {
      await pair.startReplica();
    }
  }, 180_000);
});
