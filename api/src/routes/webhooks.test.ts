import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '@vitrine/db/testing';
import { makeWebhookQueries } from '@vitrine/db/queries/webhooks';
import { MAX_WEBHOOKS, WEBHOOK_LOG_SIZE } from '@vitrine/domain/webhooks';
import { endpoints, type BodyOf } from '@vitrine/domain/endpoints';
import { call, callLoosely, makeTestApp, type TestApp } from '../testing';
import { TOO_MANY_WEBHOOKS, WEBHOOK_ADDRESS_REFUSED } from '../commands/webhook-creator';
import { DELIVERY_PENDING } from '../commands/webhook-redeliverer';

/** The one loopback receiver the tests' configuration allows (no worker runs here: nothing is sent to it). */
const RECEIVER = '127.0.0.1:9';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ webhooks: { allowedHosts: [RECEIVER] } });
});
afterAll(async () => {
  await t.close();
});

/** A webhook as the contract takes it, with `extra` over the defaults. */
const hook = (
  extra: Partial<BodyOf<typeof endpoints.webhooks.create>> = {},
): BodyOf<typeof endpoints.webhooks.create> => ({
  url: `http://${RECEIVER}/hooks`,
  events: ['comment.created', 'vote.milestone'],
  ...extra,
});

/** A delivery of webhook `webhookId` as the worker leaves it after its attempts. */
async function loggedDelivery(webhookId: number, status: 'pending' | 'delivered' | 'failed') {
  const [row] = await t.deps.sql<{ id: string }[]>`
    INSERT INTO webhook_deliveries (webhook_id, event_key, event, body, status, attempts, round_attempts)
    VALUES (${webhookId}, ${`event-${Math.random()}`}, 'comment.created', '{"id":"x"}', ${status}, 6, 6) RETURNING id`;
  await t.deps.sql`
    INSERT INTO webhook_attempts (delivery_id, attempt, outcome, response_status, duration_ms, error)
    VALUES (${row!.id}, 1, 'failed', 500, 12, 'HTTP 500')`;
  return Number(row!.id);
}

describe('POST /api/webhooks', () => {
  it("adds a webhook on all of the caller's projects and shows its secret once", async () => {
    const { agent } = await t.member();
    const res = await call(agent, endpoints.webhooks.create, { body: hook() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      url: `http://${RECEIVER}/hooks`,
      events: ['comment.created', 'vote.milestone'],
      projectId: null,
      projectTitle: null,
      active: true,
      disabledAt: null,
      consecutiveFailures: 0,
    });
    expect(res.body.secret).toMatch(/^whsec_[\w-]{32}$/);
    const list = await call(agent, endpoints.webhooks.list);
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.body).toEqual([{ ...res.body, secret: undefined }].map((w) => JSON.parse(JSON.stringify(w))));
    expect(list.body[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
  });

  it("adds a webhook on one of the caller's projects, and 404s on anyone else's", async () => {
    const { user, agent } = await t.member();
    const own = await buildProject(t.deps.sql, { userId: user.id, title: 'Hooked project' });
    const theirs = await buildProject(t.deps.sql);
    const res = await call(agent, endpoints.webhooks.create, { body: hook({ projectId: own.id }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ projectId: own.id, projectTitle: 'Hooked project' });
    for (const projectId of [theirs.id, 2_000_000_000]) {
      const refused = await call(agent, endpoints.webhooks.create, { body: hook({ projectId }) });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: 'Project not found' });
    }
  });

  it('refuses internal addresses, other ports and other schemes with a 400, before anything is stored', async () => {
    const { user, agent } = await t.member();
    const internal = [
      'http://127.0.0.1/hooks',
      // Resolved from the hosts file, as the system resolver does: loopback.
      'http://localhost/hooks',
      'http://127.0.0.1:8/hooks',
      'http://10.0.0.5/hooks',
      'http://192.168.1.1/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
      'http://[::a9fe:a9fe]/hooks',
      'http://[fd00:ec2::254]/hooks',
      'http://0.0.0.0/hooks',
      'http://93.184.215.14:8080/hooks',
    ];
    for (const url of internal) {
      const res = await call(agent, endpoints.webhooks.create, { body: hook({ url }) });
      expect({ url, status: res.status, body: res.body }).toEqual({
        url,
        status: 400,
        body: { message: WEBHOOK_ADDRESS_REFUSED },
      });
    }
    for (const url of ['ftp://93.184.215.14/hooks', 'not an address', 'javascript:alert(1)']) {
      const res = await call(agent, endpoints.webhooks.create, { body: hook({ url }) });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/starting with https:\/\/ or http:\/\//);
    }
    const withCredentials = await call(agent, endpoints.webhooks.create, {
      body: hook({ url: 'https://a:b@93.184.215.14/' }),
    });
    expect(withCredentials.status).toBe(400);
    const [count] = await t.deps.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM webhooks WHERE user_id = ${user.id}`;
    expect(count!.n).toBe(0);
  });

  it('takes a public address on port 443 (checked, never contacted)', async () => {
    const { agent } = await t.member();
    const res = await call(agent, endpoints.webhooks.create, { body: hook({ url: 'https://93.184.215.14/hooks' }) });
    expect(res.status).toBe(201);
  });

  it('refuses an empty, unknown or repeated event list', async () => {
    const { agent } = await t.member();
    const cases: Array<[unknown, string]> = [
      [[], 'Choose at least one event'],
      [['vote.created'], 'Unknown webhook event'],
      [['project.up', 'project.up'], 'Choose each event once'],
    ];
    for (const [events, message] of cases) {
      const res = await callLoosely(agent, endpoints.webhooks.create, { body: { ...hook(), events } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }
  });

  it(`keeps at most ${MAX_WEBHOOKS} webhooks per member (409 past it)`, async () => {
    const { agent } = await t.member();
    const made = await Promise.all(
      Array.from({ length: MAX_WEBHOOKS + 2 }, () => call(agent, endpoints.webhooks.create, { body: hook() })),
    );
    expect(made.filter((res) => res.status === 201)).toHaveLength(MAX_WEBHOOKS);
    const refused = made.filter((res) => res.status !== 201);
    expect(refused.map((res) => [res.status, res.body.message])).toEqual([
      [409, TOO_MANY_WEBHOOKS],
      [409, TOO_MANY_WEBHOOKS],
    ]);
  });

  it('is for members only', async () => {
    expect((await call(t.agent(), endpoints.webhooks.create, { body: hook() })).status).toBe(401);
    expect((await call(t.agent(), endpoints.webhooks.list)).status).toBe(401);
  });
});

describe("a webhook is its owner's alone", () => {
  it('lists, logs, redelivers and deletes for its owner; another member gets 404 everywhere', async () => {
    const owner = await t.member();
    const other = await t.member();
    const created = (await call(owner.agent, endpoints.webhooks.create, { body: hook() })).body as { id: number };
    const deliveryId = await loggedDelivery(created.id, 'failed');
    const hookParams = { id: created.id };
    const deliveryParams = { id: created.id, deliveryId };

    expect((await call(other.agent, endpoints.webhooks.list)).body).toEqual([]);
    expect((await call(other.agent, endpoints.webhooks.deliveries, { params: hookParams })).status).toBe(404);
    expect((await call(other.agent, endpoints.webhooks.redeliver, { params: deliveryParams })).status).toBe(404);
    const foreignDelete = await call(other.agent, endpoints.webhooks.remove, { params: hookParams });
    expect(foreignDelete.status).toBe(404);
    expect(foreignDelete.body).toEqual({ message: 'Webhook not found' });

    const log = await call(owner.agent, endpoints.webhooks.deliveries, { params: hookParams });
    expect(log.status).toBe(200);
    expect(log.body).toEqual([
      {
        id: deliveryId,
        event: 'comment.created',
        status: 'failed',
        createdAt: expect.any(String),
        attempts: [
          {
            attempt: 1,
            outcome: 'failed',
            responseStatus: 500,
            durationMs: 12,
            error: 'HTTP 500',
            at: expect.any(String),
          },
        ],
      },
    ]);

    const redeliver = await call(owner.agent, endpoints.webhooks.redeliver, { params: deliveryParams });
    expect(redeliver.status).toBe(202);
    const [row] = await t.deps
      .sql`SELECT status, round, round_attempts FROM webhook_deliveries WHERE id = ${deliveryId}`;
    expect(row).toEqual({ status: 'pending', round: 1, roundAttempts: 0 });
    const [event] = await t.deps.sql`
      SELECT payload FROM events WHERE name = 'webhook.redeliveryRequested' AND (payload->>'deliveryId')::bigint = ${deliveryId}`;
    expect(event?.payload).toEqual({ webhookId: created.id, deliveryId, round: 1 });
    const again = await call(owner.agent, endpoints.webhooks.redeliver, { params: deliveryParams });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: DELIVERY_PENDING });
    // A round untouched for an hour lost its job (Redis lost it): it may start again.
    await t.deps.sql`UPDATE webhook_deliveries SET updated_at = now() - interval '61 minutes' WHERE id = ${deliveryId}`;
    expect((await call(owner.agent, endpoints.webhooks.redeliver, { params: deliveryParams })).status).toBe(202);
    const [restarted] = await t.deps.sql`SELECT status, round FROM webhook_deliveries WHERE id = ${deliveryId}`;
    expect(restarted).toEqual({ status: 'pending', round: 2 });

    // A delivery of another webhook through this one's path does not exist.
    const second = (await call(owner.agent, endpoints.webhooks.create, { body: hook() })).body as { id: number };
    expect(
      (await call(owner.agent, endpoints.webhooks.redeliver, { params: { id: second.id, deliveryId } })).status,
    ).toBe(404);

    expect((await call(owner.agent, endpoints.webhooks.remove, { params: hookParams })).status).toBe(204);
    expect((await call(owner.agent, endpoints.webhooks.deliveries, { params: hookParams })).status).toBe(404);
    const [left] = await t.deps.sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE id = ${deliveryId}`;
    expect(left).toEqual({ n: 0 });
  });

  it(`keeps each webhook's newest ${WEBHOOK_LOG_SIZE} deliveries as events fan out, and no other webhook's`, async () => {
    const owner = await t.member();
    const project = await buildProject(t.deps.sql, { userId: owner.user.id });
    const first = (await call(owner.agent, endpoints.webhooks.create, { body: hook() })).body as { id: number };
    const second = (await call(owner.agent, endpoints.webhooks.create, { body: hook({ projectId: project.id }) }))
      .body as {
      id: number;
    };
    const webhooks = makeWebhookQueries(t.deps.sql);
    const fanOut = (key: string) =>
      webhooks.fanOut({ eventKey: key, event: 'comment.created', projectId: project.id, body: '{}' });
    // The second webhook's log starts 5 deliveries short of the bound; then both get WEBHOOK_LOG_SIZE events.
    await t.deps.sql`UPDATE webhooks SET disabled_at = now() WHERE id = ${second.id}`;
    for (let i = 0; i < 5; i++) await fanOut(`early-${i}`);
    await t.deps.sql`UPDATE webhooks SET disabled_at = NULL WHERE id = ${second.id}`;
    for (let i = 0; i < WEBHOOK_LOG_SIZE; i++) await fanOut(`event-${i}`);
    const logs = await t.deps.sql<{ webhookId: number; kept: number; oldest: string }[]>`
      SELECT webhook_id, count(*)::int AS kept, min(event_key) FILTER (WHERE event_key LIKE 'early-%') AS oldest
      FROM webhook_deliveries WHERE webhook_id IN (${first.id}, ${second.id}) GROUP BY webhook_id ORDER BY webhook_id`;
    expect(logs).toEqual([
      // The first webhook's 5 early deliveries were the oldest: gone.
      { webhookId: first.id, kept: WEBHOOK_LOG_SIZE, oldest: null },
      { webhookId: second.id, kept: WEBHOOK_LOG_SIZE, oldest: null },
    ]);
  });

  it("answers 403 to a paused member's writes", async () => {
    const { agent } = await t.member({ isPaused: true });
    const res = await call(agent, endpoints.webhooks.create, { body: hook() });
    expect(res.status).toBe(403);
  });
});
