import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '@vitrine/db/testing';
import { makeTestApp, type TestApp } from '../testing';
import { SHARED_CACHE_CONTROL } from './http';

/**
 * Every /api answer that depends on the session is `Cache-Control: private, no-store` (docs/api.md
 * "Caching"): set by default in one place (privateApiAnswer, middleware/request-log.ts), shared reads keep their own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('Cache-Control of session answers', () => {
  it('member and admin reads, writes and errors are no-store', async () => {
    const member = await t.member({ email: 'member@example.com' });
    const admin = await t.signIn(await buildUser(t.deps.sql, { isAdmin: true }));
    const answers = [
      ['GET /api/auth/me', await member.agent.get('/api/auth/me')],
      ['GET /api/messages', await member.agent.get('/api/messages')],
      ['GET /api/messages/unread-count', await member.agent.get('/api/messages/unread-count')],
      ['GET /api/users', await member.agent.get('/api/users')],
      ['GET /api/admin/users', await admin.get('/api/admin/users')],
      ['GET /api/admin/messages', await admin.get('/api/admin/messages')],
      ['GET /api/admin/reports', await admin.get('/api/admin/reports')],
      ['PATCH /api/users/me', await member.agent.patch('/api/users/me').send({ bio: 'Hello' })],
      ['GET /api/auth/me (visitor, 401)', await t.agent().get('/api/auth/me')],
      ['GET /api/admin/users (member, 403)', await member.agent.get('/api/admin/users')],
      ['GET /api/nothing (404)', await member.agent.get('/api/nothing')],
    ] as const;
    for (const [name, res] of answers) {
      expect(res.status, name).toBeLessThan(500);
      expect(res.headers['cache-control'], name).toMatch(/\bno-store\b/);
      expect(res.headers['cache-control'], name).toMatch(/\bprivate\b/);
    }
    expect(answers[0][1].body.email).toBe('member@example.com');
  });

  it('shared reads keep their public caching', async () => {
    const res = await t.agent().get('/api/projects');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
  });
});
