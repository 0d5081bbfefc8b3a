import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import type TestAgent from 'supertest/lib/agent';
import { createSql } from '@vitrine/db/sql';
import { migrate } from '@vitrine/db/migrate';
import { buildProject } from '@vitrine/db/testing';
import { createPrivatePostgres, type PrivatePostgres } from '@vitrine/db/testing-server';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, makeTestApp, randomIp, type TestApp } from './testing';
import { UNAVAILABLE_MESSAGE } from './middleware/errors';
import { NOT_READY_MESSAGE } from './routes/health';

/**
 * PostgreSQL stopped and started under one running app (a private server, never the shared one):
 * during the outage every request answers 503 `{ message }` (never a 500, never a hang), liveness stays
 * 200, and the same app serves again once PostgreSQL is back, without a restart.
 */

/** A request still open after this long counts as hung (the target is 2 s; this leaves room for a loaded machine). */
const HANG_LIMIT_MS = 5000;
/** Polls for the recovery: attempts and the pause between them. */
const RECOVERY_ATTEMPTS = 100;
const RECOVERY_PAUSE_MS = 100;
/** Concurrent requests in flight when the server stops. */
const IN_FLIGHT = 20;

/** A TCP port nothing listens on right now (PRIVATE_PG_PORT in the environment pins one). */
async function freePort(): Promise<number> {
  if (process.env.PRIVATE_PG_PORT) return Number(process.env.PRIVATE_PG_PORT);
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let pg: PrivatePostgres;
let t: TestApp;
let member: TestAgent;
let projectId: number;

beforeAll(async () => {
  pg = createPrivatePostgres(await freePort());
  pg.start();
  const sql = createSql(pg.url, { max: 1 });
  await migrate(sql);
  projectId = (await buildProject(sql)).id;
  await sql.end();
  t = await makeTestApp({ databaseUrl: pg.url });
  member = (await t.member()).agent;
}, 120_000);

afterAll(async () => {
  await t?.close();
  pg?.remove();
});

/** How many of traffic()'s first requests are shared reads, which the per-node cache may answer. */
const SHARED_READS = 2;

/** The reads and writes a visitor and a member make, each marked with `.timeout` so a hang fails. */
function traffic() {
  const visitor = t.agent();
  return [
    call(visitor, endpoints.projects.latest).timeout(HANG_LIMIT_MS),
    call(visitor, endpoints.projects.detail, { params: { id: projectId } }).timeout(HANG_LIMIT_MS),
    call(visitor, endpoints.projects.vote, { params: { id: projectId } })
      .set('X-Forwarded-For', randomIp())
      .timeout(HANG_LIMIT_MS),
    call(member, endpoints.auth.me).timeout(HANG_LIMIT_MS),
    call(member, endpoints.projects.rate, { params: { id: projectId }, body: { rating: 7 } }).timeout(HANG_LIMIT_MS),
  ];
}

describe('PostgreSQL stops and starts under a running app', () => {
  it('answers 503 with a message while it is down, then recovers by itself', async () => {
    expect((await call(t.agent(), endpoints.health.ready)).status).toBe(200);
    expect((await call(t.agent(), endpoints.projects.latest)).status).toBe(200);

    // Requests in flight while the server goes down (a fast stop terminates their sessions).
    const inFlight = Promise.all(
      Array.from({ length: IN_FLIGHT }, () =>
        call(t.agent(), endpoints.projects.detail, { params: { id: projectId } }).timeout(HANG_LIMIT_MS),
      ),
    );
    pg.stop('fast');
    for (const res of await inFlight) {
      expect([200, 503]).toContain(res.status);
      if (res.status === 503) expect(res.body).toEqual({ message: UNAVAILABLE_MESSAGE });
    }

    for (const [i, res] of (await Promise.all(traffic())).entries()) {
      // The list and the project page are shared reads: a node that holds them in its cache
      // still serves them while the database is down; everything else answers 503.
      if (i < SHARED_READS && res.status === 200) continue;
      expect(res.status, `request ${i} of traffic()`).toBe(503);
      expect(res.body).toEqual({ message: UNAVAILABLE_MESSAGE });
      expect(res.headers['retry-after']).toBe('5');
    }
    const ready = await call(t.agent(), endpoints.health.ready).timeout(HANG_LIMIT_MS);
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ message: NOT_READY_MESSAGE, database: 'down', redis: 'ok' });
    expect((await call(t.agent(), endpoints.health.health).timeout(HANG_LIMIT_MS)).status).toBe(503);
    const live = await call(t.agent(), endpoints.health.live).timeout(HANG_LIMIT_MS);
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });

    pg.start();
    let recovered = false;
    for (let i = 0; i < RECOVERY_ATTEMPTS && !recovered; i += 1) {
      recovered = (await call(t.agent(), endpoints.health.ready).timeout(HANG_LIMIT_MS)).status === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, RECOVERY_PAUSE_MS));
    }
    expect(recovered).toBe(true);
    // Every connection of the pool reconnects: a burst larger than the pool succeeds entirely.
    const after = await Promise.all([
      ...traffic(),
      ...Array.from({ length: IN_FLIGHT }, () => call(t.agent(), endpoints.projects.latest)),
    ]);
    expect(after.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, ...Array<number>(IN_FLIGHT).fill(200)]);
  });
});
