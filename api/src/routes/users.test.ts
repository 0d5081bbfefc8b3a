import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, uniqueName } from '@vitrine/db/testing';
import { endpoints } from '@vitrine/domain/endpoints';
import { answerOf, call, makeTestApp, type TestApp } from '../testing';
import { USER_NOT_FOUND } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/users/{username}', () => {
  it('answers the public user fields and visible projects, newest first, in any letter case', async () => {
    const user = await buildUser(t.deps.sql, { email: 'secret@example.com', role: 'developer', bio: 'I build games.' });
    const older = await buildProject(t.deps.sql, {
      userId: user.id,
      createdAt: new Date(Date.now() - 60_000),
      votes: 4,
      views: 9,
    });
    const newer = await buildProject(t.deps.sql, { userId: user.id });
    const hidden = await buildProject(t.deps.sql, { userId: user.id, isHidden: true });
    const res = await call(t.agent(), endpoints.users.profile, { params: { username: user.username.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      username: user.username,
      createdAt: user.createdAt.toISOString(),
      role: 'developer',
      isVerified: false,
      bio: 'I build games.',
      activityPoints: 0,
      followers: 0,
      following: 0,
      viewerFollows: false,
      feedbackAddressed: 0,
      developerRating: 0,
      developerRatingCount: 0,
      developerTierCount: 0,
      developerTier: null,
      testerRating: 0,
      testerRatingCount: 0,
      testerTierCount: 0,
      testerTier: null,
    });
    expect(res.body.requests).toEqual([]);
    expect(JSON.stringify(res.body)).not.toContain('secret@example.com');
    expect(res.body.projects.map((p: { id: number }) => p.id)).toEqual([newer.id, older.id]);
    expect(res.body.projects[1]).toEqual({
      id: older.id,
      title: older.title,
      description: 'A project made for a test.',
      category: 'Web App',
      tags: 'react, test',
      votes: 4,
      views: 9,
      createdAt: older.createdAt.toISOString(),
      averageRating: 0,
      totalRatings: 0,
      isHidden: false,
      downSince: null,
    });
    expect(res.body.projects.map((p: { id: number }) => p.id)).not.toContain(hidden.id);
  });

  it('shows hidden projects, flagged, to the owner and to admins only', async () => {
    const { user, agent } = await t.member();
    const hidden = await buildProject(t.deps.sql, { userId: user.id, isHidden: true });
    const own = await call(agent, endpoints.users.profile, { params: { username: user.username } });
    expect(own.body.projects).toEqual([expect.objectContaining({ id: hidden.id, isHidden: true })]);
    const { agent: admin } = await t.member({ isAdmin: true });
    expect(
      (await call(admin, endpoints.users.profile, { params: { username: user.username } })).body.projects,
    ).toHaveLength(1);
    const { agent: other } = await t.member();
    expect((await call(other, endpoints.users.profile, { params: { username: user.username } })).body.projects).toEqual(
      [],
    );
  });

  it('answers 404 User not found for an unknown username', async () => {
    const res = await call(t.agent(), endpoints.users.profile, { params: { username: 'nobody-here-at-all' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: USER_NOT_FOUND });
    expect((await call(t.agent(), endpoints.users.profile, { params: { username: 'x'.repeat(5000) } })).status).toBe(
      404,
    );
  });
});

describe('GET /api/users', () => {
  it('answers id and username of every other user, sorted by username', async () => {
    const { user, agent } = await t.member();
    const base = uniqueName('pick').slice(0, 25);
    const later = await buildUser(t.deps.sql, { username: `${base}b` });
    const other = await buildUser(t.deps.sql, { username: `${base}A` });
    const res = await call(agent, endpoints.users.options);
    expect(res.status).toBe(200);
    const list = answerOf(endpoints.users.options, res);
    expect(list.every((u) => Object.keys(u).sort().join() === 'id,username')).toBe(true);
    expect(list.map((u) => u.id)).not.toContain(user.id);
    expect(list).toContainEqual({ id: other.id, username: other.username });
    const ids = list.map((u) => u.id);
    expect(ids.indexOf(other.id)).toBeLessThan(ids.indexOf(later.id));
  });

  it('refuses visitors with 401; paused members may still read it', async () => {
    const res = await call(t.agent(), endpoints.users.options);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.any(String) });
    const { agent } = await t.member({ isPaused: true });
    expect((await call(agent, endpoints.users.options)).status).toBe(200);
  });
});
