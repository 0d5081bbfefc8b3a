import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '@vitrine/db/testing';
import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeTestApp, type TestApp } from '@vitrine/api/testing';
import { eventJob } from '@vitrine/runtime/queues';
import type { Config } from '@vitrine/runtime/config';
import type { DomainEvent } from '@vitrine/domain/events';
import {
  WEBHOOK_ATTEMPTS,
  WEBHOOK_EVENTS,
  WEBHOOK_FAILURES_TO_DISABLE,
  type WebhookPayload,
} from '@vitrine/domain/webhooks';
import type { WebhookDelivery } from '@vitrine/domain/answers';
import { startWorker, type RunningWorker } from '@vitrine/worker/index';
import { waitFor, workerTestConfig } from '@vitrine/worker/testing';

/** A whole journey through the api, the queues, the worker and a receiver: generous on a loaded machine. */
const SYSTEM_TEST_TIMEOUT_MS = 120_000;

/** One request the receiver got. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers on each path (200 unless set). */
const answers = new Map<string, number[] | number>();
const received: Received[] = [];
let receiver: http.Server;
let receiverHost = '';
let config: Config;
let t: TestApp;
let worker: RunningWorker;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const planned = answers.get(path) ?? 200;
      // A list answers its statuses in turn, then keeps its last.
      const status = Array.isArray(planned) ? (planned.length > 1 ? planned.shift()! : planned[0]!) : planned;
      res.writeHead(status).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverHost = `127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // The receiver is on loopback: only WEBHOOK_ALLOWED_HOSTS lets the api take it and the worker send to it.
  config = workerTestConfig({ webhooks: { allowedHosts: [receiverHost] } });
  t = await makeTestApp({ redisPrefix: config.redisPrefix, webhooks: config.webhooks });
  worker = await startWorker(config, { schedulers: false, webhookBackoffMs: 20, webhookTimeoutMs: 2000 });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/**
 * Verifies a delivery as docs/api.md "Verifying a delivery" tells a receiver to: the HMAC-SHA256 of
 * "<t>.<raw body>" under the secret, compared in constant time, and a time within 5 minutes.
 */
function verify(request: Received, secret: string): boolean {
  const header = String(request.headers['vitrine-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300 || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Records `event` in the outbox and queues it, as a command's commit (or the liveness checker) does; answers its job's id. */
async function publish(event: DomainEvent): Promise<string> {
  const [stored] = await makeEventQueries(t.deps.sql).recordEvents([event]);
  const job = eventJob(stored!);
  await worker.queues.events.add(job.name, job.data, job.opts);
  return job.opts.jobId!;
}

/** Waits until the worker has handled the events of `jobIds` (their fan-out to webhooks done). */
async function handled(jobIds: string[]): Promise<void> {
  await waitFor('the events handled', async () => {
    const states = await Promise.all(jobIds.map((id) => worker.queues.events.getJobState(id)));
    return states.every((state) => state === 'completed');
  });
}

/** A project of a new member, who adds a webhook on `path` for `events`; answers them, the webhook and its secret. */
async function ownerWithWebhook(path: string, events: string[]) {
  const owner = await t.member({ role: 'developer' });
  const project = await buildProject(t.deps.sql, { userId: owner.user.id, title: `Hooked ${path}` });
  const res = await owner.agent.post('/api/webhooks').send({ url: `http://${receiverHost}${path}`, events });
  expect(res.status).toBe(201);
  return { ...owner, project, webhook: res.body as { id: number; secret: string } };
}

/** The webhook's delivery log as its owner reads it. */
async function logOf(owner: Awaited<ReturnType<typeof ownerWithWebhook>>): Promise<WebhookDelivery[]> {
  const res = await owner.agent.get(`/api/webhooks/${owner.webhook.id}/deliveries`);
  expect(res.status).toBe(200);
  return res.body as WebhookDelivery[];
}

const down = (projectId: number, since = new Date()): Extract<DomainEvent, { name: 'project.healthChanged' }> => ({
  name: 'project.healthChanged',
  projectId,
  status: 'down',
  previous: 'up',
  since: since.toISOString(),
  recipientIds: [],
});

describe('webhooks, from an event to the receiver', { timeout: SYSTEM_TEST_TIMEOUT_MS }, () => {
  it("sends a comment on the owner's project, signed so the receiver can verify it", async () => {
    const owner = await ownerWithWebhook('/comments', ['comment.created']);
    const commenter = await t.member();
    const comment = await commenter.agent
      .post(`/api/projects/${owner.project.id}/comments`)
      .send({ body: 'Lovely colours on the star map.' });
    expect(comment.status).toBe(201);

    const request = await waitFor('the delivery', async () => received.find((r) => r.path === '/comments'));
    expect(verify(request, owner.webhook.secret)).toBe(true);
    expect(verify(request, 'whsec_not_the_secret')).toBe(false);
    expect(verify({ ...request, body: request.body.replace('Lovely', 'Lousy') }, owner.webhook.secret)).toBe(false);
    expect(request.headers['vitrine-event']).toBe('comment.created');
    expect(request.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request.body);
    expect(body).toEqual({
      id: expect.stringMatching(/^event-\d+$/),
      event: 'comment.created',
      createdAt: expect.any(String),
      project: {
        id: owner.project.id,
        title: 'Hooked /comments',
        url: `${config.siteUrl}/projects/${owner.project.id}`,
      },
      data: {
        commentId: comment.body.id,
        parentId: null,
        author: commenter.user.username,
        body: 'Lovely colours on the star map.',
        url: `${config.siteUrl}/projects/${owner.project.id}#comments-heading`,
      },
    });

    const [delivery] = await waitFor('the delivery logged', async () => {
      const log = await logOf(owner);
      return log[0]?.status === 'delivered' ? log : null;
    });
    expect(request.headers['vitrine-delivery']).toBe(String(delivery!.id));
    expect(delivery!.attempts).toEqual([
      {
        attempt: 1,
        outcome: 'ok',
        responseStatus: 200,
        durationMs: expect.any(Number),
        error: null,
        at: expect.any(String),
      },
    ]);
  });

  it('sends only the events a webhook subscribes to, of the projects it covers', async () => {
    const owner = await ownerWithWebhook('/only-down', ['project.down']);
    const other = await buildProject(t.deps.sql);
    const jobs = [
      await publish({
        name: 'vote.created',
        projectId: owner.project.id,
        votes: 10,
        averageRating: 0,
        totalRatings: 0,
      }),
      await publish(down(other.id)),
      await publish(down(owner.project.id)),
    ];
    await handled(jobs);
    await waitFor('the down event', async () => received.find((r) => r.path === '/only-down'));
    const [count] = await t.deps
      .sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = ${owner.webhook.id}`;
    expect(count).toEqual({ n: 1 });
    const sent = received.filter((r) => r.path === '/only-down');
    expect(sent.map((r) => JSON.parse(r.body).event)).toEqual(['project.down']);
    expect(JSON.parse(sent[0]!.body).project.id).toBe(owner.project.id);
  });

  it('sends each kind of event a webhook may subscribe to, made through the api', async () => {
    const owner = await ownerWithWebhook('/every', [...WEBHOOK_EVENTS]);
    const tester = await t.member({ role: 'tester' });
    const id = owner.project.id;
    const inWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const request = await owner.agent.post('/api/test-requests').send({
      projectId: id,
      title: 'Try the charts',
      description: 'Open the charts on a phone and tell me what breaks.',
      skillsNeeded: ['Mobile'],
      deadline: inWeek,
      maxTesters: 5,
    });
    expect(request.status, request.text).toBe(201);
    expect((await tester.agent.post(`/api/test-requests/${request.body.id}/testers`)).status).toBe(201);
    const feedback = await tester.agent
      .put(`/api/test-requests/${request.body.id}/feedback`)
      .send({ worked: '', problems: 'The chart overflows.', suggestions: '', score: 6 });
    expect(feedback.status, feedback.text).toBe(201);
    const update = await owner.agent
      .post(`/api/projects/${id}/updates`)
      .send({ title: 'Charts fixed', body: 'Fixed.' });
    expect(update.status, update.text).toBe(201);
    for (let i = 1; i <= 10; i += 1)
      expect((await t.agent().post(`/api/projects/${id}/vote`).set('X-Forwarded-For', `198.51.100.${i}`)).status).toBe(
        200,
      );
    expect((await tester.agent.post(`/api/projects/${id}/comments`).send({ body: 'Nice charts.' })).status).toBe(201);
    await publish(down(id));
    await waitFor('the down event', async () =>
      received.some((r) => r.path === '/every' && r.headers['vitrine-event'] === 'project.down'),
    );
    await publish({ ...down(id), status: 'up', previous: 'down' });

    const sent = await waitFor('every kind', async () => {
      const got = received.filter((r) => r.path === '/every');
      return got.length >= WEBHOOK_EVENTS.length ? got : null;
    });
    const byEvent: Record<string, WebhookPayload> = Object.fromEntries(
      sent.map((r) => [r.headers['vitrine-event'], JSON.parse(r.body) as WebhookPayload]),
    );
    expect(Object.keys(byEvent).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const request of sent) expect(verify(request, owner.webhook.secret)).toBe(true);
    const requestUrl = `${config.siteUrl}/test-requests/${request.body.id}`;
    expect(byEvent['tester.joined'].data).toEqual({
      requestId: request.body.id,
      url: requestUrl,
      tester: tester.user.username,
    });
    expect(byEvent['feedback.created'].data).toEqual({
      requestId: request.body.id,
      url: requestUrl,
      feedbackId: feedback.body.myFeedback.id,
      tester: tester.user.username,
    });
    expect(byEvent['update.posted'].data).toEqual({
      updateId: update.body.id,
      title: 'Charts fixed',
      url: `${config.siteUrl}/projects/${id}#update-${update.body.id}`,
    });
    expect(byEvent['vote.milestone']).toMatchObject({ id: `milestone-${id}-10`, data: { votes: 10 } });
    expect(byEvent['comment.created'].data).toMatchObject({ author: tester.user.username, body: 'Nice charts.' });
    expect(byEvent['project.down'].data).toMatchObject({ status: 'down', previous: 'up' });
    expect(byEvent['project.up'].data).toMatchObject({ status: 'up', previous: 'down' });
    for (const body of Object.values(byEvent)) expect(body.project).toMatchObject({ id, title: 'Hooked /every' });
  });

  it('retries a delivery the receiver answered 500, with the same delivery id and a fresh signature', async () => {
    answers.set('/flaky', [500, 503, 200]);
    const owner = await ownerWithWebhook('/flaky', ['project.down']);
    await publish(down(owner.project.id));
    const [delivery] = await waitFor('delivered on the third attempt', async () => {
      const log = await logOf(owner);
      return log[0]?.status === 'delivered' ? log : null;
    });
    expect(delivery!.attempts.map((a) => [a.attempt, a.outcome, a.responseStatus, a.error])).toEqual([
      [3, 'ok', 200, null],
      [2, 'failed', 503, 'HTTP 503'],
      [1, 'failed', 500, 'HTTP 500'],
    ]);
    const sent = received.filter((r) => r.path === '/flaky');
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((r) => r.headers['vitrine-delivery']))).toEqual(new Set([String(delivery!.id)]));
    for (const request of sent) expect(verify(request, owner.webhook.secret)).toBe(true);
    const [row] = await t.deps
      .sql`SELECT consecutive_failures, disabled_at FROM webhooks WHERE id = ${owner.webhook.id}`;
    expect(row).toEqual({ consecutiveFailures: 0, disabledAt: null });
  });

  it('switches a webhook off after deliveries fail in a row, tells its owner, and a redelivery that succeeds switches it on', async () => {
    answers.set('/broken', 500);
    const owner = await ownerWithWebhook('/broken', ['project.down', 'project.up']);
    for (let i = 0; i < WEBHOOK_FAILURES_TO_DISABLE; i += 1) await publish(down(owner.project.id));

    await waitFor('switched off', async () => {
      const list = (await owner.agent.get('/api/webhooks')).body as Array<{ active: boolean }>;
      return list[0]?.active === false;
    });
    const log = await logOf(owner);
    expect(log).toHaveLength(WEBHOOK_FAILURES_TO_DISABLE);
    for (const delivery of log) {
      expect(delivery.status).toBe('failed');
      expect(delivery.attempts).toHaveLength(WEBHOOK_ATTEMPTS);
    }
    expect(received.filter((r) => r.path === '/broken')).toHaveLength(WEBHOOK_FAILURES_TO_DISABLE * WEBHOOK_ATTEMPTS);
    const notice = await waitFor('the owner told', async () => {
      const list = (await owner.agent.get('/api/notifications')).body as Array<{
        kind: string;
        text: string;
        url: string;
      }>;
      return list.find((n) => n.kind === 'webhookDisabled');
    });
    expect(notice).toMatchObject({
      text: `Your webhook to "${receiverHost}" was switched off: ${WEBHOOK_FAILURES_TO_DISABLE} deliveries in a row failed`,
      url: '/settings#webhooks',
    });

    // Switched off: a new event makes no delivery.
    await handled([await publish({ ...down(owner.project.id), status: 'up', previous: 'down' })]);
    expect(await logOf(owner)).toHaveLength(WEBHOOK_FAILURES_TO_DISABLE);

    // Fixed: the owner sends the last delivery again, and the webhook is back on.
    answers.set('/broken', 200);
    const last = log[0]!;
    const redeliver = await owner.agent.post(`/api/webhooks/${owner.webhook.id}/deliveries/${last.id}/redeliver`);
    expect(redeliver.status).toBe(202);
    const redelivered = await waitFor('redelivered', async () => {
      const again = (await logOf(owner)).find((d) => d.id === last.id);
      return again?.status === 'delivered' ? again : null;
    });
    expect(redelivered.attempts[0]).toMatchObject({
      attempt: WEBHOOK_ATTEMPTS + 1,
      outcome: 'ok',
      responseStatus: 200,
    });
    const sent = received.filter((r) => r.path === '/broken');
    expect(sent.at(-1)!.headers['vitrine-delivery']).toBe(String(last.id));
    expect(verify(sent.at(-1)!, owner.webhook.secret)).toBe(true);
    const list = (await owner.agent.get('/api/webhooks')).body as Array<{
      active: boolean;
      consecutiveFailures: number;
    }>;
    expect(list[0]).toMatchObject({ active: true, consecutiveFailures: 0 });
  });
});
