import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '@vitrine/db/testing';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, makeTestApp, type TestApp } from '../testing';
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
      ['GET /api/auth/me', await call(member.agent, endpoints.auth.me)],
      ['GET /api/messages', await call(member.agent, endpoints.messages.list)],
      ['GET /api/messages/unread-count', await call(member.agent, endpoints.messages.unreadCount)],
      ['GET /api/users', await call(member.agent, endpoints.users.options)],
      ['GET /api/admin/users', await call(admin, endpoints.admin.users)],
      ['GET /api/admin/messages', await call(admin, endpoints.admin.messages)],
      ['GET /api/admin/reports', await call(admin, endpoints.admin.reports)],
      [
        'PATCH /api/users/me',
        await call(member.agent, endpoints.userRatings.updateSettings, { body: { bio: 'Hello' } }),
      ],
      ['GET /api/auth/me (visitor, 401)', await call(t.agent(), endpoints.auth.me)],
      ['GET /api/admin/users (member, 403)', await call(member.agent, endpoints.admin.users)],
      // eslint-disable-next-line no-restricted-syntax -- A path no route serves: the literal is the point
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
    const res = await call(t.agent(), endpoints.projects.latest);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
  });
});
