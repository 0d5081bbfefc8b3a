import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import Koa from 'koa';
import request from 'supertest';
import { buildUser, TEST_PASSWORD } from '@vitrine/db/testing';
import { createSql, REQUEST_STATEMENT_TIMEOUT_MS } from '@vitrine/db/sql';
import { inject } from 'vitest';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, makeTestApp, randomIp, type TestApp } from './testing';
import { errorMiddleware, TIMEOUT_MESSAGE } from './middleware/errors';

/**
 * The request path's database budget (docs/operations.md): every statement of the API's pools is
 * cancelled after REQUEST_STATEMENT_TIMEOUT_MS and answered 503 `{ message }`, and readiness and
 * sign-in have a pool of their own that slow reads holding the main pool never reach.
 */

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('statement timeout', () => {
  it('is set on both pools of the API', async () => {
    for (const sql of [t.deps.sql, t.deps.prioritySql]) {
      const [row] = await sql<{ statementTimeout: string }[]>`SHOW statement_timeout`;
      expect(row!.statementTimeout).toBe(`${REQUEST_STATEMENT_TIMEOUT_MS / 1000}s`);
    }
  });

  it('answers a statement cancelled by it 503 with a message, and the connection serves again', async () => {
    // A pool of one connection with a tiny timeout, and a handler that sleeps past it.
    const sql = createSql(inject('databaseUrl'), { max: 1, statementTimeoutMs: 50 });
    const app = new Koa();
    app.use(errorMiddleware(() => {}));
    app.use(async (ctx) => {
      ctx.body = await sql`SELECT pg_sleep(${ctx.query.sleep === '1' ? 2 : 0})::text AS slept`;
    });
    const server = createServer(app.callback());
    try {
      const slow = await request(server).get('/?sleep=1');
      expect(slow.status).toBe(503);
      expect(slow.body).toEqual({ message: TIMEOUT_MESSAGE });
      expect(slow.headers['retry-after']).toBeDefined();
      // The one connection was not left stuck: the next statement runs on it.
      const fast = await request(server).get('/?sleep=0');
      expect(fast.status).toBe(200);
    } finally {
      server.close();
      await sql.end({ timeout: 1 });
    }
  });
});

describe('the priority pool', () => {
  it('answers readiness and sign-in while slow reads hold every connection of the main pool', async () => {
    const user = await buildUser(t.deps.sql);
    // makeTestApp's main pool has 5 connections: hold them all for 2 s.
    const holders = Array.from({ length: 5 }, () =>
      t.deps.sql`SELECT pg_sleep(2)`.then(
        () => 'done',
        () => 'failed',
      ),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      let mainFree = false;
      const probe = t.deps.sql`SELECT 1`.then(() => {
        mainFree = true;
      });
      const ready = await call(t.agent(), endpoints.health.ready);
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', database: 'ok' });
      const login = await call(t.agent(), endpoints.auth.login, {
        body: { username: user.username, password: TEST_PASSWORD },
      }).set('X-Forwarded-For', randomIp());
      expect(login.status).toBe(200);
      // Both answered while the main pool was still held (the probe waits behind the sleeps).
      expect(mainFree).toBe(false);
      await probe;
    } finally {
      await Promise.all(holders);
    }
  });
});
