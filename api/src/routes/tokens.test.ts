import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { MAX_TOKENS, TOO_MANY_TOKENS, type TokenScope } from '@vitrine/domain/tokens';
import { endpoints } from '@vitrine/domain/endpoints';
import { answerOf, call, callLoosely, makeTestApp, type TestApp } from '../testing';
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
  const res = await call(agent, endpoints.tokens.create, { body: { name, scopes } });
  expect(res.status, res.text).toBe(201);
  return answerOf(endpoints.tokens.create, res);
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

    const list = await call(agent, endpoints.tokens.list);
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

    expect((await call(agent, endpoints.tokens.remove, { params: { id: made.id } })).status).toBe(204);
    expect((await call(agent, endpoints.tokens.list)).body).toEqual([]);
  });

  it('refuses bad input, visitors, paused members making one, and more than the bound', async () => {
    const { user, agent } = await t.member();
    expect((await call(agent, endpoints.tokens.create, { body: { name: ' ', scopes: ['read'] } })).body).toEqual({
      message: 'Give the token a name',
    });
    expect((await call(agent, endpoints.tokens.create, { body: { name: 'x', scopes: [] } })).body).toEqual({
      message: 'Choose at least one scope',
    });
    expect((await callLoosely(agent, endpoints.tokens.create, { body: { name: 'x', scopes: ['admin'] } })).status).toBe(
      400,
    );
    expect((await call(t.agent(), endpoints.tokens.create, { body: { name: 'x', scopes: ['read'] } })).status).toBe(
      401,
    );
    expect((await call(t.agent(), endpoints.tokens.list)).status).toBe(401);
    const { agent: paused } = await t.member({ isPaused: true });
    expect((await call(paused, endpoints.tokens.create, { body: { name: 'x', scopes: ['read'] } })).status).toBe(403);

    await t.deps.sql`
      INSERT INTO api_tokens (user_id, name, scopes, token_hash)
      SELECT ${user.id}, 'old ' || g, ARRAY['read'], sha256(('t' || g || ${user.id})::bytea)
      FROM generate_series(1, ${MAX_TOKENS}) g`;
    const refused = await call(agent, endpoints.tokens.create, { body: { name: 'one more', scopes: ['read'] } });
    expect([refused.status, refused.body]).toEqual([409, { message: TOO_MANY_TOKENS }]);
  });

  it("answers 404 for another member's token, which keeps working", async () => {
    const { agent: owner } = await t.member();
    const { agent: other } = await t.member();
    const made = await makeToken(owner, ['read']);
    const res = await call(other, endpoints.tokens.remove, { params: { id: made.id } });
    expect([res.status, res.body]).toEqual([404, { message: TOKEN_NOT_FOUND }]);
    expect((await call(bare(), endpoints.auth.me).set(bearer(made.token))).status).toBe(200);
  });

  it('cannot be managed with a token: a token makes, lists and revokes none', async () => {
    const { agent } = await t.member();
    const made = await makeToken(agent, ['read', 'write:votes', 'write:comments', 'webhooks']);
    const create = await call(bare(), endpoints.tokens.create, { body: { name: 'x', scopes: ['read'] } }).set(
      bearer(made.token),
    );
    expect([create.status, create.body]).toEqual([403, { message: TOKEN_NOT_ACCEPTED }]);
    expect((await call(bare(), endpoints.tokens.list).set(bearer(made.token))).status).toBe(403);
    expect(
      (await call(bare(), endpoints.tokens.remove, { params: { id: made.id } }).set(bearer(made.token))).status,
    ).toBe(403);
    expect((await call(agent, endpoints.tokens.list)).body).toHaveLength(1);
  });
});

describe('calls made with a token', () => {
  it('reads as its member with the read scope, with no cookie', async () => {
    const { user, agent } = await t.member();
    const made = await makeToken(agent, ['read']);
    const me = await call(bare(), endpoints.auth.me).set(bearer(made.token));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, username: user.username });
    expect(me.headers['set-cookie']).toBeUndefined();
    expect((await call(bare(), endpoints.messages.list).set(bearer(made.token))).status).toBe(200);
  });

  it('refuses a route its scopes do not open (403) and routes no scope opens', async () => {
    const { agent } = await t.member();
    const reader = await makeToken(agent, ['write:votes']);
    const project = await buildProject(t.deps.sql);
    const read = await call(bare(), endpoints.auth.me).set(bearer(reader.token));
    expect([read.status, read.body]).toEqual([403, { message: missingScope('read') }]);
    const all = await makeToken(agent, ['read', 'write:votes', 'write:comments', 'webhooks']);
    const submit = await call(bare(), endpoints.projects.submit, {
      body: {
        title: 'By token',
        description: 'A project sent with a token.',
        replitUrl: 'https://a.example/',
        category: 'Game',
      },
    }).set(bearer(all.token));
    expect([submit.status, submit.body]).toEqual([403, { message: TOKEN_NOT_ACCEPTED }]);
    expect(
      (
        await call(bare(), endpoints.projects.rate, { params: { id: project.id }, body: { rating: 9 } }).set(
          bearer(all.token),
        )
      ).status,
    ).toBe(403);
    expect((await call(bare(), endpoints.auth.logout).set(bearer(all.token))).status).toBe(403);
    expect((await call(bare(), endpoints.users.exportData).set(bearer(all.token))).status).toBe(403);
    const onlyRead = await makeToken(agent, ['read']);
    const vote = await call(bare(), endpoints.projects.vote, { params: { id: project.id } }).set(
      bearer(onlyRead.token),
    );
    expect([vote.status, vote.body]).toEqual([403, { message: missingScope('write:votes') }]);
  });

  it('votes and comments with their scopes, without Origin or cookie, and from a foreign Origin', async () => {
    const { user, agent } = await t.member();
    const made = await makeToken(agent, ['write:votes', 'write:comments']);
    const project = await buildProject(t.deps.sql);
    const vote = await call(bare(), endpoints.projects.vote, { params: { id: project.id } }).set(bearer(made.token));
    expect(vote.status, vote.text).toBe(200);
    expect(vote.body.votes).toBe(1);
    const [row] = await t.deps.sql`SELECT user_id FROM votes WHERE project_id = ${project.id}`;
    expect(row!.userId).toBe(user.id);
    const comment = await call(bare(), endpoints.comments.create, {
      params: { id: project.id },
      body: { body: 'Posted by my script' },
    })
      .set(bearer(made.token))
      .set('Origin', 'https://elsewhere.example');
    expect(comment.status, comment.text).toBe(201);
    expect(comment.body.author.username).toBe(user.username);
    // The same foreign Origin with the session cookie instead is refused, as before.
    const cookie = await call(agent, endpoints.comments.create, {
      params: { id: project.id },
      body: { body: 'Forged' },
    }).set('Origin', 'https://elsewhere.example');
    expect(cookie.status).toBe(403);
  });

  it('manages webhooks with the webhooks scope only, as its member', async () => {
    const { agent } = await t.member();
    const hooks = await makeToken(agent, ['webhooks']);
    const reader = await makeToken(agent, ['read']);
    const listed = await call(bare(), endpoints.webhooks.list).set(bearer(hooks.token));
    expect([listed.status, listed.body]).toEqual([200, []]);
    const refused = await call(bare(), endpoints.webhooks.list).set(bearer(reader.token));
    expect([refused.status, refused.body]).toEqual([403, { message: missingScope('webhooks') }]);
    expect(
      (await call(bare(), endpoints.webhooks.remove, { params: { id: 1 } }).set(bearer(reader.token))).status,
    ).toBe(403);
  });

  it('never reaches an admin route, whatever its scopes', async () => {
    const { agent } = await t.member({ isAdmin: true });
    const made = await makeToken(agent, ['read', 'write:votes', 'write:comments', 'webhooks']);
    const users = await call(bare(), endpoints.admin.users).set(bearer(made.token));
    expect([users.status, users.body]).toEqual([403, { message: TOKEN_NOT_FOR_ADMIN }]);
    const member = await buildUser(t.deps.sql);
    const pause = await call(bare(), endpoints.admin.setPaused, {
      params: { userId: member.id },
      body: { isPaused: true },
    }).set(bearer(made.token));
    expect(pause.status).toBe(403);
    expect((await bare().get('/admin/queues').set(bearer(made.token))).status).not.toBe(200);
    expect((await call(agent, endpoints.admin.users)).status).toBe(200);
  });

  it('answers 401 for a malformed, unknown or revoked token: the next call after the revocation', async () => {
    const { agent } = await t.member();
    const made = await makeToken(agent, ['read']);
    for (const header of ['Bearer', 'Bearer nope', `Bearer ${made.token}x`, `Bearer vtr_${'A'.repeat(43)}`]) {
      const res = await call(bare(), endpoints.auth.me).set('Authorization', header);
      expect([res.status, res.body], header).toEqual([401, { message: INVALID_TOKEN }]);
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
    expect((await call(bare(), endpoints.auth.me).set('Authorization', `bearer ${made.token}`)).status).toBe(200);
    expect((await call(agent, endpoints.tokens.remove, { params: { id: made.id } })).status).toBe(204);
    const after = await call(bare(), endpoints.auth.me).set(bearer(made.token));
    expect([after.status, after.body]).toEqual([401, { message: INVALID_TOKEN }]);
  });

  it('never falls back to the session: a bad token with a good cookie is 401', async () => {
    const { agent } = await t.member();
    expect((await call(agent, endpoints.auth.me).set('Authorization', 'Bearer nope')).status).toBe(401);
  });

  it('is checked even where a kept shared read answers visitors', async () => {
    const project = await buildProject(t.deps.sql);
    expect((await call(bare(), endpoints.projects.detail, { params: { id: project.id } })).status).toBe(200);
    expect((await call(bare(), endpoints.projects.detail, { params: { id: project.id } })).status).toBe(200);
    const res = await call(bare(), endpoints.projects.detail, { params: { id: project.id } }).set(
      'Authorization',
      'Bearer nope',
    );
    expect(res.status).toBe(401);
    const { agent } = await t.member();
    const made = await makeToken(agent, ['read']);
    const byToken = await call(bare(), endpoints.projects.detail, { params: { id: project.id } }).set(
      bearer(made.token),
    );
    expect(byToken.status).toBe(200);
    expect(byToken.headers['cache-control']).toBe('private, no-store');
    expect(byToken.headers['cdn-cache-control']).toBeUndefined();
  });

  it("follows its member's session rules: paused members read but do not write; deleted members' tokens are 401", async () => {
    const { user, agent } = await t.member();
    const made = await makeToken(agent, ['read', 'write:votes']);
    await t.deps.sql`UPDATE users SET is_paused = true WHERE id = ${user.id}`;
    expect((await call(bare(), endpoints.auth.me).set(bearer(made.token))).status).toBe(200);
    const project = await buildProject(t.deps.sql);
    const vote = await call(bare(), endpoints.projects.vote, { params: { id: project.id } }).set(bearer(made.token));
    expect([vote.status, vote.body]).toEqual([403, { message: 'Your account is paused' }]);
    await t.deps.sql`DELETE FROM users WHERE id = ${user.id}`;
    expect((await call(bare(), endpoints.auth.me).set(bearer(made.token))).status).toBe(401);
  });

  it('records the last use at most once a minute', async () => {
    const { agent } = await t.member();
    const made = await makeToken(agent, ['read']);
    await call(bare(), endpoints.auth.me).set(bearer(made.token));
    const [first] = answerOf(endpoints.tokens.list, await call(agent, endpoints.tokens.list));
    expect(first!.lastUsedAt).not.toBeNull();
    await t.deps.sql`UPDATE api_tokens SET last_used_at = now() - interval '30 seconds' WHERE id = ${made.id}`;
    const [{ lastUsedAt: held }] = await t.deps.sql`SELECT last_used_at FROM api_tokens WHERE id = ${made.id}`;
    await call(bare(), endpoints.auth.me).set(bearer(made.token));
    const [{ lastUsedAt: kept }] = await t.deps.sql`SELECT last_used_at FROM api_tokens WHERE id = ${made.id}`;
    expect(kept).toEqual(held);
    await t.deps.sql`UPDATE api_tokens SET last_used_at = now() - interval '2 minutes' WHERE id = ${made.id}`;
    await call(bare(), endpoints.auth.me).set(bearer(made.token));
    const [{ lastUsedAt: moved }] = await t.deps.sql`SELECT last_used_at FROM api_tokens WHERE id = ${made.id}`;
    expect((moved as Date).getTime()).toBeGreaterThan(Date.now() - 30_000);
  });
});

describe("a token's rate limit", () => {
  it('announces RateLimit-Policy and RateLimit on each call and answers 429 with Retry-After past its quota', async () => {
    const { agent } = await t.member();
    const made = await makeToken(agent, ['read']);
    const first = await call(bare(), endpoints.auth.me).set(bearer(made.token));
    expect(first.headers['ratelimit-policy']).toBe('"token";q=300;w=60');
    expect(first.headers.ratelimit).toMatch(/^"token";r=299;t=(60|59)$/);
    // A refused call counts too.
    const refused = await call(bare(), endpoints.projects.vote, { params: { id: 1 } }).set(bearer(made.token));
    expect(refused.status).toBe(403);
    expect(refused.headers.ratelimit).toMatch(/^"token";r=298;t=\d+$/);
    for (let sent = 2; sent < 300; sent += 25) {
      const batch = Array.from({ length: Math.min(25, 300 - sent) }, () =>
        call(bare(), endpoints.auth.me).set(bearer(made.token)),
      );
      for (const res of await Promise.all(batch)) expect(res.status).toBe(200);
    }
    const over = await call(bare(), endpoints.auth.me).set(bearer(made.token));
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/access token/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(over.headers['ratelimit-policy']).toBe('"token";q=300;w=60');
    expect(over.headers.ratelimit).toMatch(/^"token";r=0;t=\d+$/);
    // Another token of the same member has its own quota; the session has none of these headers.
    const other = await makeToken(agent, ['read']);
    expect((await call(bare(), endpoints.auth.me).set(bearer(other.token))).status).toBe(200);
    const session = await call(agent, endpoints.auth.me);
    expect(session.status).toBe(200);
    expect(session.headers.ratelimit).toBeUndefined();
  });
});
