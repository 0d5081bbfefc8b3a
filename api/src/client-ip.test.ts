import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { buildProject } from '@vitrine/db/testing';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, callLoosely, makeTestApp, randomIp, type TestApp } from './testing';

/**
 * The client address behind proxies that append to X-Forwarded-For, and one visitor per
 * IPv6 /64. A client writes what it likes into X-Forwarded-For; only the entries our proxies appended
 * (TRUST_PROXY_HOPS from the right) may decide who it is.
 */
const apps: TestApp[] = [];
let oneHop: TestApp;
let twoHops: TestApp;
let noProxy: TestApp;
beforeAll(async () => {
  oneHop = await makeTestApp({ trustProxy: true, trustProxyHops: 1 });
  twoHops = await makeTestApp({ trustProxy: true, trustProxyHops: 2 });
  noProxy = await makeTestApp({ trustProxy: false });
  apps.push(oneHop, twoHops, noProxy);
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

/** Visitor votes on `projectId` from `t`, one per X-Forwarded-For value; answers the statuses. */
async function votes(t: TestApp, projectId: number, forwardedFor: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const value of forwardedFor) {
    statuses.push(
      (await call(t.agent(), endpoints.projects.vote, { params: { id: projectId } }).set('X-Forwarded-For', value))
        .status,
    );
  }
  return statuses;
}

/** A fresh IPv6 /64 of the documentation range, as `2001:db8:x:y`. */
const randomPrefix = () => {
  const b = randomBytes(4).toString('hex');
  return `2001:db8:${b.slice(0, 4)}:${b.slice(4)}`;
};

/** A visitor's valid contact message: the rate-limited call these tests send. */
const CONTACT = {
  subject: 'Hello there',
  message: 'A message long enough.',
  senderName: 'Visitor',
  senderEmail: 'v@example.com',
  recipientUserId: null,
};
describe('the client address behind proxies', () => {
  it('ignores what a client writes left of the one proxy hop: 15 forged addresses are one visitor', async () => {
    const project = await buildProject(oneHop.deps.sql);
    const real = randomIp();
    const statuses = await votes(
      oneHop,
      project.id,
      Array.from({ length: 15 }, () => `${randomIp()}, ${real}`),
    );
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1).every((s) => s === 409)).toBe(true);
  });

  it('takes the address TRUST_PROXY_HOPS entries from the right', async () => {
    const project = await buildProject(twoHops.deps.sql);
    const client = randomIp();
    const balancer = randomIp();
    const statuses = await votes(twoHops, project.id, [
      `${randomIp()}, ${client}, ${balancer}`,
      `${randomIp()}, ${client}, ${randomIp()}`,
      `${client}, ${randomIp()}`,
    ]);
    expect(statuses).toEqual([200, 409, 409]);
  });

  it('reads no header at all without TRUST_PROXY (every request is the socket address)', async () => {
    const project = await buildProject(noProxy.deps.sql);
    expect(await votes(noProxy, project.id, [randomIp(), randomIp()])).toEqual([200, 409]);
  });

  it('keeps a forged address from escaping a per-IP rate limit', async () => {
    const real = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await call(oneHop.agent(), endpoints.messages.contact, {
        body: CONTACT,
      }).set('X-Forwarded-For', `${randomIp()}, ${real}`);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s < 300)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

describe('one visitor per IPv6 /64', () => {
  it('counts one visitor vote per /64, and the whole /64 sees it as voted', async () => {
    const project = await buildProject(oneHop.deps.sql);
    const prefix = randomPrefix();
    expect(await votes(oneHop, project.id, [`${prefix}::1`, `${prefix}:ffff:1:2:3`, `${prefix}::abcd`])).toEqual([
      200, 409, 409,
    ]);
    const seen = await call(oneHop.agent(), endpoints.projects.viewerState, { query: { ids: [project.id] } }).set(
      'X-Forwarded-For',
      `${prefix}::42`,
    );
    expect(seen.body).toEqual([expect.objectContaining({ id: project.id, hasVoted: true })]);
    const elsewhere = await call(oneHop.agent(), endpoints.projects.viewerState, { query: { ids: [project.id] } }).set(
      'X-Forwarded-For',
      `${randomPrefix()}::42`,
    );
    expect(elsewhere.body).toEqual([expect.objectContaining({ id: project.id, hasVoted: false })]);
    // Another /64 is another visitor.
    expect(await votes(oneHop, project.id, [`${randomPrefix()}::1`])).toEqual([200]);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const project = await buildProject(oneHop.deps.sql);
    const ip = randomIp();
    expect(await votes(oneHop, project.id, [ip, `::ffff:${ip}`])).toEqual([200, 409]);
  });

  it('counts one view per /64 per day', async () => {
    const project = await buildProject(oneHop.deps.sql);
    const prefix = randomPrefix();
    const views: number[] = [];
    for (const host of ['1', '2', 'abc:def']) {
      const res = await callLoosely(oneHop.agent(), endpoints.projects.view, { params: { id: project.id } }).set(
        'X-Forwarded-For',
        `${prefix}::${host}`,
      );
      expect(res.status).toBe(200);
      views.push(res.body.views as number);
    }
    expect(views).toEqual([1, 1, 1]);
  });

  it('applies per-IP rate limits to the whole /64', async () => {
    const prefix = randomPrefix();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await call(oneHop.agent(), endpoints.messages.contact, {
        body: CONTACT,
      }).set('X-Forwarded-For', `${prefix}::${i + 1}`);
      statuses.push(res.status);
    }
    expect(statuses[5]).toBe(429);
  });
});
