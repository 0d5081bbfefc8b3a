import fc from 'fast-check';
import type TestAgent from 'supertest/lib/agent';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '@vitrine/db/testing';
import type { UserRow } from '@vitrine/db/queries/users';
import {
  idSchema,
  latestQuerySchema,
  projectEditSchema,
  projectSubmitSchema,
  ratingSchema,
} from '@vitrine/domain/schemas/project';
import { reportSchema } from '@vitrine/domain/schemas/report';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';

/**
 * Who may call what (every project and user route x visitor, member, owner, paused member, admin),
 * and bad input generated with fast-check around the domain schemas: always a 4xx with { message },
 * never a 5xx, and nothing written.
 */
let t: TestApp;
type Role = 'visitor' | 'member' | 'owner' | 'paused' | 'admin';
const actors = {} as Record<Role, { user: UserRow | null; agent: TestAgent }>;

beforeAll(async () => {
  // Generous limits: the limit runs before validation, and these properties send hundreds of bodies.
  t = await makeTestApp({ rateLimitMultiplier: 1000 });
  actors.visitor = { user: null, agent: t.agent() };
  actors.member = await t.member();
  actors.owner = await t.member();
  actors.paused = await t.member({ isPaused: true });
  actors.admin = await t.member({ isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

const valid = {
  submit: {
    title: 'Access table',
    description: 'A project for the access table.',
    replitUrl: 'https://x.example/',
    category: 'Game' as const,
    tags: 'a',
  },
  rate: { rating: 6 },
  report: { reason: 'spam' as const },
};

/** [route, call on a fresh visible project of the owner, expected status per role]. */
const table: Array<
  [
    string,
    (a: TestAgent, ctx: { id: number; hiddenId: number; owner: string }) => Promise<{ status: number }>,
    Record<Role, number>,
  ]
> = [
  [
    'GET /api/projects',
    (a) => call(a, endpoints.projects.latest),
    { visitor: 200, member: 200, owner: 200, paused: 200, admin: 200 },
  ],
  [
    'GET /api/projects/trending',
    (a) => call(a, endpoints.projects.trending, { query: { period: 'today' } }),
    { visitor: 200, member: 200, owner: 200, paused: 200, admin: 200 },
  ],
  [
    'GET /api/projects/leaderboard',
    (a) => call(a, endpoints.projects.leaderboard, { query: { timeRange: 'week' } }),
    { visitor: 200, member: 200, owner: 200, paused: 200, admin: 200 },
  ],
  [
    'GET /api/projects/top-contributors',
    (a) => call(a, endpoints.projects.topContributors),
    { visitor: 200, member: 200, owner: 200, paused: 200, admin: 200 },
  ],
  [
    'GET /api/projects/{id}',
    (a, c) => call(a, endpoints.projects.detail, { params: { id: c.id } }),
    { visitor: 200, member: 200, owner: 200, paused: 200, admin: 200 },
  ],
  [
    'GET /api/projects/{hidden id}',
    (a, c) => call(a, endpoints.projects.detail, { params: { id: c.hiddenId } }),
    { visitor: 404, member: 404, owner: 200, paused: 404, admin: 200 },
  ],
  [
    'POST /api/projects',
    (a) => call(a, endpoints.projects.submit, { body: valid.submit }).set('X-Forwarded-For', randomIp()),
    { visitor: 401, member: 201, owner: 201, paused: 403, admin: 201 },
  ],
  [
    'PATCH /api/projects/{id}',
    (a, c) => call(a, endpoints.projects.edit, { params: { id: c.id }, body: valid.submit }),
    { visitor: 401, member: 403, owner: 200, paused: 403, admin: 200 },
  ],
  [
    'PATCH /api/projects/{hidden id}',
    (a, c) => call(a, endpoints.projects.edit, { params: { id: c.hiddenId }, body: valid.submit }),
    { visitor: 401, member: 404, owner: 200, paused: 403, admin: 200 },
  ],
  [
    'POST /api/projects/{id}/vote',
    (a, c) => call(a, endpoints.projects.vote, { params: { id: c.id } }).set('X-Forwarded-For', randomIp()),
    { visitor: 200, member: 200, owner: 403, paused: 403, admin: 200 },
  ],
  [
    'POST /api/projects/{id}/view',
    (a, c) => call(a, endpoints.projects.view, { params: { id: c.id }, body: {} }).set('X-Forwarded-For', randomIp()),
    { visitor: 200, member: 200, owner: 200, paused: 403, admin: 200 },
  ],
  [
    'POST /api/projects/{id}/rate',
    (a, c) => call(a, endpoints.projects.rate, { params: { id: c.id }, body: valid.rate }),
    { visitor: 401, member: 200, owner: 403, paused: 403, admin: 200 },
  ],
  [
    'POST /api/projects/{id}/report',
    (a, c) => call(a, endpoints.projects.report, { params: { id: c.id }, body: valid.report }),
    { visitor: 401, member: 201, owner: 403, paused: 403, admin: 201 },
  ],
  [
    'POST /api/projects/{hidden id}/vote',
    (a, c) => call(a, endpoints.projects.vote, { params: { id: c.hiddenId } }).set('X-Forwarded-For', randomIp()),
    { visitor: 404, member: 404, owner: 403, paused: 403, admin: 200 },
  ],
  [
    'GET /api/users',
    (a) => call(a, endpoints.users.options),
    { visitor: 401, member: 200, owner: 200, paused: 200, admin: 200 },
  ],
  [
    'GET /api/users/{username}',
    (a, c) => call(a, endpoints.users.profile, { params: { username: c.owner } }),
    { visitor: 200, member: 200, owner: 200, paused: 200, admin: 200 },
  ],
];

describe('authorization table', () => {
  it.each(
    table.flatMap(([route, send, expected]) =>
      (Object.keys(expected) as Role[]).map((role) => [route, role, send, expected[role]] as const),
    ),
  )('%s as %s', async (_route, role, send, status) => {
    const owner = actors.owner.user!;
    const { id } = await buildProject(t.deps.sql, { userId: owner.id });
    const { id: hiddenId } = await buildProject(t.deps.sql, { userId: owner.id, isHidden: true });
    const res = await send(actors[role].agent, { id, hiddenId, owner: owner.username });
    expect(res.status).toBe(status);
  });
});

/**
 * Around a valid body: as it is, with one field replaced by any JSON value or left out, every field
 * kept / replaced / left out at random, or any JSON value at all.
 */
function around(base: Record<string, unknown>) {
  const keys = Object.keys(base);
  const anything = fc.oneof(fc.jsonValue(), fc.string(), fc.integer(), fc.double());
  const fields = Object.fromEntries(
    keys.map((key) => [key, fc.oneof({ arbitrary: fc.constant(base[key]), weight: 2 }, anything)]),
  );
  const oneChanged = fc.tuple(fc.constantFrom(...keys), anything).map(([key, value]) => ({ ...base, [key]: value }));
  const oneDropped = fc
    .constantFrom(...keys)
    .map((key) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key)));
  return fc.oneof(
    { arbitrary: fc.constant(base), weight: 1 },
    { arbitrary: oneChanged, weight: 4 },
    { arbitrary: oneDropped, weight: 1 },
    { arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 2 },
    { arbitrary: fc.jsonValue(), weight: 1 },
  );
}

/** Sends `body` as JSON text (so numbers, strings and null go as they are). */
const sendJson = (req: ReturnType<TestAgent['post']>, body: unknown) =>
  req.set('Content-Type', 'application/json').send(JSON.stringify(body));

/** Checks one answer against the schema's verdict on what was sent: valid -> one of `ok`; invalid -> 400 with the schema's first message. */
function expectVerdict(schema: z.ZodType, sent: unknown, res: { status: number; body: unknown }, ok: number[]) {
  expect(res.status).toBeLessThan(500);
  expect(res.body).toEqual(expect.objectContaining({}));
  const verdict = schema.safeParse(sent ?? {});
  const isObject = typeof sent === 'object' && sent !== null && !Array.isArray(sent);
  if (verdict.success && isObject) {
    expect(ok).toContain(res.status);
    return true;
  }
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message: expect.any(String) });
  if (isObject) expect((res.body as { message: string }).message).toBe(verdict.error!.issues[0]!.message);
  return false;
}

const count = async (query: Promise<Array<{ n: number }>>) => (await query)[0]!.n;

describe('bad input, generated around the schemas', () => {
  it('POST /api/projects: 400 with the first schema message and nothing written, else 201/429', async () => {
    const { user, agent } = await t.member();
    await fc.assert(
      fc.asyncProperty(around(valid.submit), async (body) => {
        const before = await count(t.deps.sql`SELECT count(*)::int AS n FROM projects WHERE user_id = ${user.id}`);
        const res = await sendJson(
          callLoosely(agent, endpoints.projects.submit, {}).set('X-Forwarded-For', randomIp()),
          body,
        );
        const accepted = expectVerdict(projectSubmitSchema, JSON.parse(JSON.stringify(body)), res, [201, 429]);
        const after = await count(t.deps.sql`SELECT count(*)::int AS n FROM projects WHERE user_id = ${user.id}`);
        expect(after - before).toBe(accepted && res.status === 201 ? 1 : 0);
      }),
      { numRuns: 60 },
    );
  });

  it('PATCH /api/projects/{id}: 400 and the row unchanged, else 200', async () => {
    const { user, agent } = await t.member();
    const { id } = await buildProject(t.deps.sql, { userId: user.id });
    await fc.assert(
      fc.asyncProperty(around(valid.submit), async (body) => {
        const [before] = await t.deps
          .sql`SELECT title, description, replit_url, category, tags FROM projects WHERE id = ${id}`;
        const res = await sendJson(callLoosely(agent, endpoints.projects.edit, { params: { id } }), body);
        const accepted = expectVerdict(projectEditSchema, JSON.parse(JSON.stringify(body)), res, [200]);
        if (!accepted)
          expect(
            (await t.deps.sql`SELECT title, description, replit_url, category, tags FROM projects WHERE id = ${id}`)[0],
          ).toEqual(before);
      }),
      { numRuns: 60 },
    );
  });

  it('POST /api/projects/{id}/rate and /report: 400 and nothing written, else 200/201/409', async () => {
    const { agent } = await t.member();
    const { id } = await buildProject(t.deps.sql);
    await fc.assert(
      fc.asyncProperty(around(valid.rate), async (body) => {
        const before = await count(
          t.deps.sql`SELECT count(*)::int AS n FROM events WHERE (payload->>'projectId')::int = ${id}`,
        );
        const res = await sendJson(callLoosely(agent, endpoints.projects.rate, { params: { id } }), body);
        const accepted = expectVerdict(ratingSchema, JSON.parse(JSON.stringify(body)), res, [200]);
        const after = await count(
          t.deps.sql`SELECT count(*)::int AS n FROM events WHERE (payload->>'projectId')::int = ${id}`,
        );
        expect(after - before).toBe(accepted ? 1 : 0);
      }),
      { numRuns: 50 },
    );
    const { id: reported } = await buildProject(t.deps.sql);
    await fc.assert(
      fc.asyncProperty(around({ ...valid.report, additionalDetails: 'Details.' }), async (body) => {
        const before = await count(t.deps.sql`SELECT count(*)::int AS n FROM reports WHERE project_id = ${reported}`);
        const res = await sendJson(callLoosely(agent, endpoints.projects.report, { params: { id: reported } }), body);
        const accepted = expectVerdict(reportSchema, JSON.parse(JSON.stringify(body)), res, [201, 409, 429]);
        const after = await count(t.deps.sql`SELECT count(*)::int AS n FROM reports WHERE project_id = ${reported}`);
        expect(after - before).toBe(accepted && res.status === 201 ? 1 : 0);
      }),
      { numRuns: 50 },
    );
  });

  it('any path id: 400 Invalid id unless the id schema accepts it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ minLength: 1 }), fc.double().map(String), fc.bigInt().map(String)),
        async (raw) => {
          fc.pre(raw.trim() !== '' && raw !== '.' && raw !== '..');
          // The raw segment goes into the path percent-encoded (domain/src/endpoint-url.ts urlOf).
          for (const res of [
            await callLoosely(t.agent(), endpoints.projects.detail, { params: { id: raw } }),
            await callLoosely(t.agent(), endpoints.projects.vote, { params: { id: raw } }).set(
              'X-Forwarded-For',
              randomIp(),
            ),
          ]) {
            expect(res.status).toBeLessThan(500);
            if (!idSchema.safeParse(raw).success) expect(res.body).toEqual({ message: 'Invalid id' });
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('absurd paging: 400 with the schema message, else 200', async () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer().map(String),
      fc.double().map(String),
      fc.constant('1e309'),
      fc.constant('-0'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { offset: value, limit: value, sort: fc.oneof(fc.constantFrom('newest', 'votes', 'views'), fc.string()) },
          { requiredKeys: [] },
        ),
        async (query) => {
          const res = await call(t.agent(), endpoints.projects.latest).query(query);
          const verdict = latestQuerySchema.safeParse(query);
          if (verdict.success) expect(res.status).toBe(200);
          else expect(res.body).toEqual({ message: verdict.error.issues[0]!.message });
        },
      ),
      { numRuns: 80 },
    );
  });

  it('a NUL character, which PostgreSQL cannot store, answers 400 in a query and in a body', async () => {
    const { agent, user } = await t.member();
    const search = await call(t.agent(), endpoints.projects.latest, { query: { q: 'a\u0000b' } });
    expect(search.status).toBe(400);
    expect(search.body).toEqual({ message: 'Text must not contain NUL characters' });
    const submit = await call(agent, endpoints.projects.submit, {
      body: { ...valid.submit, description: 'Nul \u0000 inside a long enough description' },
    });
    expect(submit.status).toBe(400);
    expect(submit.body).toEqual({ message: 'Text must not contain NUL characters' });
    // The member's own projects: other files write projects into the same database meanwhile.
    expect(await t.deps.sql`SELECT count(*)::int AS n FROM projects WHERE user_id = ${user.id}`).toEqual([{ n: 0 }]);
  });

  it('a "__proto__" key is dropped: the body is validated as it is without it, and no object gains a prototype', async () => {
    const { agent, user } = await t.member();
    const bare = await callLoosely(agent, endpoints.projects.submit, {})
      .set('X-Forwarded-For', randomIp())
      .set('Content-Type', 'application/json')
      .send('{"__proto__":null}');
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({ message: 'Title must be at least 3 characters' });
    const poisoned = JSON.stringify({ ...valid.submit, title: 'Proto keys dropped' }).replace(
      /^\{/,
      '{"__proto__":{"isAdmin":true},',
    );
    const res = await callLoosely(agent, endpoints.projects.submit, {})
      .set('X-Forwarded-For', randomIp())
      .set('Content-Type', 'application/json')
      .send(poisoned);
    expect(res.status).toBe(201);
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    const [row] = await t.deps.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM projects WHERE user_id = ${user.id} AND title = 'Proto keys dropped'`;
    expect(row!.n).toBe(1);
  });

  it('malformed JSON answers 400 and a huge body 413 on every write', async () => {
    const { agent } = await t.member();
    const { id } = await buildProject(t.deps.sql);
    const writes = [
      () => callLoosely(agent, endpoints.projects.submit, {}),
      () => callLoosely(agent, endpoints.projects.rate, { params: { id } }),
      () => callLoosely(agent, endpoints.projects.report, { params: { id } }),
    ];
    for (const write of writes) {
      const bad = await write().set('Content-Type', 'application/json').send('{"rating":');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: expect.any(String) });
      const huge = await write().send({ ...valid.submit, description: 'x'.repeat(200_000) });
      expect(huge.status).toBe(413);
    }
  });
});
