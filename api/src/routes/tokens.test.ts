import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { MAX_TOKENS, TOO_MANY_TOKENS, type TokenScope } from '@vitrine/domain/tokens';
import { makeTestApp, type TestApp } from '../testing';
import { hashToken, INVALID_TOKEN } from '../access-tokens';
import { missingScope, TOKEN_NOT_ACCEPTED, TOKEN_NOT_FOR_ADMIN } from '../contracts/pipeline';
import { TOKEN_NOT_FOUND } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

type Agent = Awaited<ReturnType<TestApp['signIn']>>;

/** Makes a token through the settings call of `agent`'s member; answers the create answer's body. */
async function makeToken(agent: Agent, scopes: TokenScope[], name = 'CLI') {
  const res = await agent.post('/api/tokens').send({ name, scopes });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; name: string; scopes: TokenScope[]; token: string; lastUsedAt: string | null };
}

/** A bare client: no cookie, no Origin, as a script on a server calls. */
const bare = () => request(t.server);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('managing tokens (session only)', () => {
  it('makes, lists and revokes a token; the secret is in the create answer only and is stored hashed', async () => {
    const { user, agent } = await t.member();
    const made = await makeToken(agent, ['read', 'write:votes'], '  Deploy bot  ');
    expect(made).toMatchObject({ name: 'Deploy bot', scopes: ['read', 'write:votes'], lastUsedAt: null });
    expect(made.token).toMatch(/^vtr_[A-Za-z0-9_-]{43}$/);

    const list = await agent.get('/api/tokens');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: made.id,
        name: 'Deploy bot',
        scopes: ['read', 'write:votes'],
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect(list.text).not.toContain(made.token);

    const [row] = await t.deps.sql<Array<Record<string, unknown>>>`SELECT * FROM api_tokens WHERE id = ${made.id}`;
    expect(row!.userId).toBe(user.id);
    expect(Buffer.from(row!.tokenHash as Uint8Array).equals(hashToken(made.token))).toBe(true);
    expect(JSON.stringify(row)).not.toContain(made.token.slice(4));

    expect((await agent.delete(`/api/tokens/${made.id}`)).status).toBe(204);
    expect((await agent.get('/api/tokens')).body).toEqual([]);
  });

  it('refuses bad input, visitors, paused members making one, and more than the bound', async () => {
    const { user, agent } = await t.member();
    expect((await agent.post('/api/tokens').send({ name: ' ', scopes: ['read'] })).body).toEqual({
      message: 'Give the token a name',
    });
    expect((await agent.post('/api/tokens').send({ name: 'x', scopes: [] })).body).toEqual({
      message: 'Choose at least one scope',
    });
    expect((await agent.post('/api/tokens').send({ name: 'x', scopes: ['admin'] })).status).toBe(400);
    expect(
      (
        await t
          .agent()
          .post('/api/tokens')
          .send({ name: 'x', scopes: ['read'] })
      ).status,
    ).toBe(401);
    expect((await t.agent().get('/api/tokens')).status).toBe(401);
    const { agent: paused } = await t.member({ isPaused: true });
    expect((await paused.post('/api/tokens').send({ name: 'x', scopes: ['read'] })).status).toBe(403);

    await t.deps.sql`
      INSERT INTO api_tokens (user_id, name, scopes, token_hash)
      SELECT ${user.id}, 'old ' || g, ARRAY['read'], sha256(('t' || g || ${user.id})::bytea)
      FROM generate_series(1, ${MAX_TOKENS}) g`;
    const refused = await agent.post('/api/tokens').send({ name: 'one more', scopes: ['read'] });
    expect([refused.status, refused.body]).toEqual([409, { message: TOO_MANY_TOKENS }]);
  });

  it("answers 404 for another member's token, which keeps working", async () => {
    const { agent: owner } = await t.member();
    const { agent: other } = await t.member();
    const made = await makeToken(owner, ['read']);
    const res = await other.delete(`/api/tokens/${made.id}`);
    expect([res.status, res.body]).toEqual([404, { message: TOKEN_NOT_FOUND }]);
    expect((await bare().get('/api/auth/me').set(bearer(made.token))).status).toBe(200);
  });

  it('cannot be managed with a token: a token makes, lists and revokes none', async () => {
    const { agent } = await t.member();
    const made = await makeToken(agent, ['read', 'write:votes', 'write:comments', 'webhooks']);
    const create = await bare()
      .post('/api/tokens')
      .set(bearer(made.token))
      .send({ name: 'x', scopes: ['read'] });
    expect([create.status, create.body]).toEqual([403, { message: TOKEN_NOT_ACCEPTED }]);
    expect((await bare().get('/api/tokens').set(bearer(made.token))).status).toBe(403);
    expect((await bare().delete(`/api/tokens/${made.id}`).set(bearer(made.token))).status).toBe(403);
    expect((await agent.get('/api/tokens')).body).toHaveLength(1);
  });
});

describe('calls made with a token', () => {
  it('reads as its member with the read scope, with no cookie', async () => {
    const { user, agent } = await t.member();
    const made = await makeToken(agent, ['read']);
    const me = await bare().get('/api/auth/me').set(bearer(made.token));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, username: user.username });
    expect(me.headers['set-cookie']).toBeUndefined();
    expect((await bare().get('/api/messages').set(bearer(made.token))).status).toBe(200);
  });

  it('refuses a route its scopes do not open (403) and routes no scope opens', async () => {
    const { agent } = await t.member();
    const reader = await makeToken(agent, ['write:votes']);
    const project = await buildProject(t.deps.sql);
    const read = await bare().get('/api/auth/me').set(bearer(reader.token));
    expect([read.status, read.body]).toEqual([403, { message: missingScope('read') }]);
    const all = await makeToken(agent, ['read', 'write:votes', 'write:comments', 'webhooks']);
    const submit = await bare().post('/api/projects').set(bearer(all.token)).send({
      title: 'By token',
      description: 'A project sent with a token.',
      replitUrl: 'https://a.example/',
      category: 'Game',
    });
    expect([submit.status, submit.body]).toEqual([403, { message: TOKEN_NOT_ACCEPTED }]);
    expect(
      (await bare().post(`/api/projects/${project.id}/rate`).set(bearer(all.token)).send({ rating: 9 })).status,
    ).toBe(403);
    expect((await bare().post('/api/auth/logout').set(bearer(all.token))).status).toBe(403);
    expect((await bare().get('/api/users/me/export').set(bearer(all.token))).status).toBe(403);
    const onlyRead = await makeToken(agent, ['read']);
    const vote = await bare().post(`/api/projects/${project.id}/vote`).set(bearer(onlyRead.token));
    expect([vote.status, vote.body]).toEqual([403, { message: missingScope('write:votes') }]);
  });

  it('votes and comments with their scopes, without Origin or cookie, and from a foreign Origin', async () => {
    const { user, agent } = await t.member();
    const made = await makeToken(agent, ['write:votes', 'write:comments']);
    const project = await buildProject(t.deps.sql);
    const vote = await bare().post(`/api/projects/${project.id}/vote`).set(bearer(made.token));
    expect(vote.status, vote.text).toBe(200);
    expect(vote.body.votes).toBe(1);
    const [row] = await t.deps.sql`SELECT user_id FROM votes WHERE project_id = ${project.id}`;
    expect(row!.userId).toBe(user.id);
    const comment = await bare()
      .post(`/api/projects/${project.id}/comments`)
      .set(bearer(made.token))
      .set('Origin', 'https://elsewhere.example')
      .send({ body: 'Posted by my script' });
    expect(comment.status, comment.text).toBe(201);
    expect(comment.body.author.username).toBe(user.username);
    // The same foreign Origin with the session cookie instead is refused, as before.
    const cookie = await agent
      .post(`/api/projects/${project.id}/comments`)
      .set('Origin', 'https://elsewhere.example')
      .send({ body: 'Forged' });
    expect(cookie.status).toBe(403);
  });

  it('manages webhooks with the webhooks scope only, as its member', async () => {
    const { agent } = await t.member();
    const hooks = await makeToken(agent, ['webhooks']);
    const reader = await makeToken(agent, ['read']);
    const listed = await bare().get('/api/webhooks').set(bearer(hooks.token));
    expect([listed.status, listed.body]).toEqual([200, []]);
    const refused = await bare().get('/api/webhooks').set(bearer(reader.token));
    expect([refused.status, refused.body]).toEqual([403, { message: missingScope('webhooks') }]);
    expect((await bare().delete('/api/webhooks/1').set(bearer(reader.token))).status).toBe(403);
  });

  it('never reaches an admin route, whatever its scopes', async () => {
    const { agent } = await t.member({ isAdmin: true });
    const made = await makeToken(agent, ['read', 'write:votes', 'write:comments', 'webhooks']);
    const users = await bare().get('/api/admin/users').set(bearer(made.token));
    expect([users.status, users.body]).toEqual([403, { message: TOKEN_NOT_FOR_ADMIN }]);
    const member = await buildUser(t.deps.sql);
    const pause = await bare()
      .patch(`/api/admin/users/${member.id}/pause`)
      .set(bearer(made.token))
      .send({ isPaused: true });
    expect(pause.status).toBe(403);
    expect((await bare().get('/admin/queues').set(bearer(made.token))).status).not.toBe(200);
    expect((await agent.get('/api/admin/users')).status).toBe(200);
  });

  it('answers 401 for a malformed, unknown or revoked token: the next call after the revocation', async () => {
    const { agent } = await t.member();
    const made = await makeToken(agent, ['read']);
    for (const header of ['Bearer', 'Bearer nope', `Bearer ${made.token}x`, `Bearer vtr_${'A'.repeat(43)}`]) {
      const res = await bare().get('/api/auth/me').set('Authorization', header);
      expect([res.status, res.body], header).toEqual([401, { message: INVALID_TOKEN }]);
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
    expect((await bare().get('/api/auth/me').set('Authorization', `bearer ${made.token}`)).status).toBe(200);
    expect((await agent.delete(`/api/tokens/${made.id}`)).status).toBe(204);
    const after = await bare().get('/api/auth/me').set(bearer(made.token));
    expect([after.status, after.body]).toEqual([401, { message: INVALID_TOKEN }]);
  });

  it('never falls back to the session: a bad token with a good cookie is 401', async () => {
    const { agent } = await t.member();
    expect((await agent.get('/api/auth/me').set('Authorization', 'Bearer nope')).status).toBe(401);
  });

  it('is checked even where a kept shared read answers visitors', async () => {
    const project = await buildProject(t.deps.sql);
    expect((await bare().get(`/api/projects/${project.id}`)).status).toBe(200);
    expect((await bare().get(`/api/projects/${project.id}`)).status).toBe(200);
    const res = await bare().get(`/api/projects/${project.id}`).set('Authorization', 'Bearer nope');
    expect(res.status).toBe(401);
    const { agent } = await t.member();
    const made = await makeToken(agent, ['read']);
    const byToken = await bare().get(`/api/projects/${project.id}`).set(bearer(made.token));
    expect(byToken.status).toBe(200);
    expect(byToken.headers['cache-control']).toBe('private, no-store');
    expect(byToken.headers['cdn-cache-control']).toBeUndefined();
  });

  it("follows its member's session rules: paused members read but do not write; deleted members' tokens are 401", async () => {
    const { user, agent } = await t.member();
    const made = await makeToken(agent, ['read', 'write:votes']);
    await t.deps.sql`UPDATE users SET is_paused = true WHERE id = ${user.id}`;
    expect((await bare().get('/api/auth/me').set(bearer(made.token))).status).toBe(200);
    const project = await buildProject(t.deps.sql);
    const vote = await bare().post(`/api/projects/${project.id}/vote`).set(bearer(made.token));
    expect([vote.status, vote.body]).toEqual([403, { message: 'Your account is paused' }]);
    await t.deps.sql`DELETE FROM users WHERE id = ${user.id}`;
    expect((await bare().get('/api/auth/me').set(bearer(made.token))).status).toBe(401);
  });

  it('records the last use at most once a minute', async () => {
    const { agent } = await t.member();
    const made = await makeToken(agent, ['read']);
    await bare().get('/api/auth/me').set(bearer(made.token));
    const [first] = (await agent.get('/api/tokens')).body as Array<{ lastUsedAt: string | null }>;
    expect(first!.lastUsedAt).not.toBeNull();
    await t.deps.sql`UPDATE api_tokens SET last_used_at = now() - interval '30 seconds' WHERE id = ${made.id}`;
    const [{ lastUsedAt: held }] = await t.deps.sql`SELECT last_used_at FROM api_tokens WHERE id = ${made.id}`;
    await bare().get('/api/auth/me').set(bearer(made.token));
    const [{ lastUsedAt: kept }] = await t.deps.sql`SELECT last_used_at FROM api_tokens WHERE id = ${made.id}`;
    expect(kept).toEqual(held);
    await t.deps.sql`UPDATE api_tokens SET last_used_at = now() - interval '2 minutes' WHERE id = ${made.id}`;
    await bare().get('/api/auth/me').set(bearer(made.token));
    const [{ lastUsedAt: moved }] = await t.deps.sql`SELECT last_used_at FROM api_tokens WHERE id = ${made.id}`;
    expect((moved as Date).getTime()).toBeGreaterThan(Date.now() - 30_000);
  });
});

describe("a token's rate limit", () => {
  it('announces RateLimit-Policy and RateLimit on each call and answers 429 with Retry-After past its quota', async () => {
    const { agent } = await t.member();
    const made = await makeToken(agent, ['read']);
    const first = await bare().get('/api/auth/me').set(bearer(made.token));
    expect(first.headers['ratelimit-policy']).toBe('"token";q=300;w=60');
    expect(first.headers.ratelimit).toMatch(/^"token";r=299;t=(60|59)$/);
    // A refused call counts too.
    const refused = await bare().post('/api/projects/1/vote').set(bearer(made.token));
    expect(refused.status).toBe(403);
    expect(refused.headers.ratelimit).toMatch(/^"token";r=298;t=\d+$/);
    for (let sent = 2; sent < 300; sent += 25) {
      const batch = Array.from({ length: Math.min(25, 300 - sent) }, () =>
        bare().get('/api/auth/me').set(bearer(made.token)),
      );
      for (const res of await Promise.all(batch)) expect(res.status).toBe(200);
    }
    const over = await bare().get('/api/auth/me').set(bearer(made.token));
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/access token/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(over.headers['ratelimit-policy']).toBe('"token";q=300;w=60');
    expect(over.headers.ratelimit).toMatch(/^"token";r=0;t=\d+$/);
    // Another token of the same member has its own quota; the session has none of these headers.
    const other = await makeToken(agent, ['read']);
    expect((await bare().get('/api/auth/me').set(bearer(other.token))).status).toBe(200);
    const session = await agent.get('/api/auth/me');
    expect(session.status).toBe(200);
    expect(session.headers.ratelimit).toBeUndefined();
  });
});
