import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JobsOptions } from 'bullmq';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSql } from '@vitrine/db/sql';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { makeProjectHealthQueries } from '@vitrine/db/queries/project-health';
import type { StoredEvent } from '@vitrine/domain/events';
import { loadConfig } from '@vitrine/runtime/config';
import { WORKER_DEFAULTS, type WorkerContext } from '../context';
import type { OutgoingMail } from '../mailer';
import { processEvent } from '../processors/events';
import { SendNotificationMailTask, type NotificationMailData } from '../notifications/instant-mail';
import { ScheduleChecksTask, checkOffsetMs, nextCheck } from '../tasks/schedule-checks-task';
import { workerTestConfig } from '../testing';
import { checkProject } from './checker';

const sql = createSql(inject('databaseUrl'), { max: 2 });
let server: http.Server;
let port = 0;
/** What the local server answers now, and how many requests it got. */
let answer = 200;
let requests = 0;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    requests += 1;
    res.writeHead(answer).end('hosted project');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await sql.end();
});

/** A queue that keeps what is added to it. */
function recordingQueue() {
  const jobs: Array<{ name: string; data: unknown; opts?: JobsOptions }> = [];
  return {
    jobs,
    add: async (name: string, data: unknown, opts?: JobsOptions) => void jobs.push({ name, data, opts }),
    addBulk: async (list: typeof jobs) => void jobs.push(...list),
  };
}

/** A worker context on the test database, the checks on and the local server allowed; pushes and mails recorded. */
function testContext(liveness: Partial<WorkerContext['config']['liveness']> = {}) {
  const pushed: StoredEvent[] = [];
  const sent: OutgoingMail[] = [];
  const notified: Array<{ userId: number; notification: { text: string } }> = [];
  const queues = {
    events: recordingQueue(),
    tasks: recordingQueue(),
    emails: recordingQueue(),
    liveness: recordingQueue(),
  };
  const base = workerTestConfig();
  const ctx = {
    config: {
      ...base,
      liveness: {
        ...loadConfig({}).liveness,
        enabled: true,
        allowedHosts: [`127.0.0.1:${port}`],
        timeoutMs: 2000,
        ...liveness,
      },
    },
    settings: { ...WORKER_DEFAULTS, ...base.worker },
    sql,
    queues,
    mailer: { send: async (mail: OutgoingMail) => void sent.push(mail), close: () => {} },
    live: {
      announceAndPush: async (events: StoredEvent[]) => void pushed.push(...events),
      notify: (items: typeof notified) => void notified.push(...items),
    },
    log: () => {},
  } as unknown as WorkerContext;
  return { ctx, pushed, sent, queues, notified };
}

describe('checkProject', () => {
  it('records each check; 3 failures in a row make the project down, one answer up, and the owner hears of both', async () => {
    const owner = await buildUser(sql, { email: 'owner@example.com', emailVerified: true });
    const project = await buildProject(sql, { userId: owner.id, replitUrl: `http://127.0.0.1:${port}/` });
    const { ctx, pushed, sent, queues, notified } = testContext();
    const health = makeProjectHealthQueries(sql);

    answer = 200;
    expect(await checkProject(ctx, project.id)).toMatchObject({ outcome: 'up', httpStatus: 200 });
    // unknown -> up changes no badge: no event.
    expect(pushed).toEqual([]);

    answer = 503;
    for (let i = 0; i < 2; i += 1) await checkProject(ctx, project.id);
    expect((await health.findHealth(project.id)).status).toBe('up');
    await checkProject(ctx, project.id);
    const down = await health.findHealth(project.id);
    expect(down).toMatchObject({ status: 'down', upChecks: 1, failedChecks: 3 });
    const wentDown = pushed.at(-1)!;
    expect(wentDown).toMatchObject({
      name: 'project.healthChanged',
      status: 'down',
      previous: 'up',
      recipientIds: [owner.id],
    });
    expect(queues.events.jobs.map((j) => j.name)).toEqual(['project.healthChanged']);

    answer = 200;
    await checkProject(ctx, project.id);
    expect(pushed.at(-1)).toMatchObject({ status: 'up', previous: 'down', recipientIds: [owner.id] });
    expect((await health.listChecks(project.id)).map((c) => c.outcome)).toEqual(['up', 'fail', 'fail', 'fail', 'up']);

    // The worker turns the event into the owner's notification and, a new member mailing every kind at
    // once, one notification mail, sent once however often the job runs.
    await processEvent(ctx, { data: wentDown } as never);
    expect(notified).toEqual([
      expect.objectContaining({
        userId: owner.id,
        notification: expect.objectContaining({ text: `"${project.title}" is down: its address stopped answering` }),
      }),
    ]);
    const mailJobs = queues.emails.jobs.map((j) => j.data as NotificationMailData);
    expect(mailJobs).toEqual([expect.objectContaining({ userId: owner.id, mode: 'instant' })]);
    await SendNotificationMailTask.run(ctx, mailJobs[0]!);
    await SendNotificationMailTask.run(ctx, mailJobs[0]!);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['owner@example.com', `${ctx.config.siteName}: "${project.title}" is down: its address stopped answering`],
    ]);
    expect(sent[0]!.text).toContain('It shows a "Down" badge and stays out of Trending until it answers again.');
  });

  it('records a refused address as blocked without contacting it, and skips hidden projects', async () => {
    const blocked = await buildProject(sql, { replitUrl: `http://127.0.0.1:${port + 1}/` });
    const hidden = await buildProject(sql, { replitUrl: `http://127.0.0.1:${port}/`, isHidden: true });
    const { ctx } = testContext();
    const before = requests;
    expect(await checkProject(ctx, blocked.id)).toEqual({ outcome: 'blocked', error: `port ${port + 1} refused` });
    expect((await makeProjectHealthQueries(sql).findHealth(blocked.id)).status).toBe('blocked');
    expect(await checkProject(ctx, hidden.id)).toBeNull();
    expect(requests).toBe(before);
  });

  it('gives up on a server slower than the time limit', async () => {
    const slow = http.createServer(() => {});
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const slowPort = (slow.address() as AddressInfo).port;
    const project = await buildProject(sql, { replitUrl: `http://127.0.0.1:${slowPort}/` });
    const { ctx } = testContext({ allowedHosts: [`127.0.0.1:${slowPort}`], timeoutMs: 100 });
    expect(await checkProject(ctx, project.id)).toMatchObject({ outcome: 'fail', error: 'no answer within 100 ms' });
    slow.closeAllConnections();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
  });
});

describe('ScheduleChecksTask', () => {
  it('adds nothing while the checks are off', async () => {
    await buildProject(sql);
    const { ctx, queues } = testContext({ enabled: false });
    await ScheduleChecksTask.run(ctx, {});
    expect(queues.liveness.jobs).toEqual([]);
  });

  it('adds a check of every visible project, each at its spot of the interval, once per interval', async () => {
    const visible = await buildProject(sql);
    const hidden = await buildProject(sql, { isHidden: true });
    const { ctx, queues } = testContext({ intervalSeconds: 900 });
    await ScheduleChecksTask.run(ctx, {});
    const ids = queues.liveness.jobs.map((j) => (j.data as { projectId: number }).projectId);
    expect(ids).toContain(visible.id);
    expect(ids).not.toContain(hidden.id);
    const job = queues.liveness.jobs.find((j) => (j.data as { projectId: number }).projectId === visible.id)!;
    // Its next spot: the same instant whenever the run happens, named by its interval.
    const at = Date.now() + job.opts!.delay!;
    expect(at % 900_000).toBeGreaterThanOrEqual(checkOffsetMs(visible.id, 900_000) - 1000);
    expect(at % 900_000).toBeLessThanOrEqual(checkOffsetMs(visible.id, 900_000) + 1000);
    expect(job.opts?.delay).toBeLessThanOrEqual(900_000);
    expect(job.opts?.jobId).toBe(`check-${visible.id}-${Math.floor(at / 900_000)}`);
  });

  it("names a project's next spot the same from any moment of the interval before it, and the next interval's after it", () => {
    const interval = 900_000;
    const id = 42;
    const spot = 100 * interval + checkOffsetMs(id, interval);
    for (const now of [100 * interval, spot - 60_000, spot - 1])
      expect(nextCheck(id, interval, now)).toEqual({ key: '100', delayMs: spot - now });
    for (const now of [spot, spot + 1, 101 * interval - 1])
      expect(nextCheck(id, interval, now)).toEqual({ key: '101', delayMs: spot + interval - now });
  });

  it('checks a new project at once and then at its spot, with the job id the scheduling run gives that check', async () => {
    const project = await buildProject(sql);
    const { ctx, queues } = testContext({ intervalSeconds: 900 });
    await processEvent(ctx, {
      data: { id: 77, name: 'project.created', projectId: project.id, userId: project.userId },
    } as never);
    const checks = queues.liveness.jobs.filter((j) => (j.data as { projectId: number }).projectId === project.id);
    expect(checks.map((j) => j.opts?.jobId)).toEqual([`check-${project.id}-new-77`, expect.any(String)]);
    expect(checks[0]!.opts?.delay).toBe(0);
    await ScheduleChecksTask.run(ctx, {});
    const scheduled = queues.liveness.jobs.filter((j) => (j.data as { projectId: number }).projectId === project.id);
    expect(scheduled.at(-1)!.opts?.jobId).toBe(checks[1]!.opts?.jobId);

    const off = testContext({ enabled: false });
    await processEvent(off.ctx, {
      data: { id: 78, name: 'project.created', projectId: project.id, userId: project.userId },
    } as never);
    expect(off.queues.liveness.jobs).toEqual([]);
  });

  it('spreads the checks evenly over the interval', () => {
    const buckets = new Array(10).fill(0);
    for (let id = 1; id <= 10_000; id += 1) buckets[Math.floor(checkOffsetMs(id, 900_000) / 90_000)] += 1;
    for (const count of buckets) expect(count).toBeGreaterThan(800);
  });
});
