import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import type TestAgent from 'supertest/lib/agent';
import { buildProject, buildUser } from '@vitrine/db/testing';
import type { UserRow } from '@vitrine/db/queries/users';
import { adminToggleSchema, pauseToggleSchema, visibilitySchema } from '@vitrine/domain/schemas/admin';
import { contactSchema, directMessageSchema, replySchema } from '@vitrine/domain/schemas/message';
import { reportListQuerySchema, reportUpdateSchema } from '@vitrine/domain/schemas/report';
import { idSchema } from '@vitrine/domain/schemas/project';
import { endpoints, type Endpoint } from '@vitrine/domain/endpoints';
import { call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';

/**
 * Bad input on every write of the messages and admin routes, generated with fast-check: valid bodies
 * with fields dropped, replaced by any JSON value, or extra ones added, and any JSON value as the whole
 * body. Every body the route's zod schema refuses must answer 400 `{ message }` and write nothing.
 */

let t: TestApp;
let member: { user: UserRow; agent: TestAgent };
let admin: { user: UserRow; agent: TestAgent };
let other: UserRow;
let originalId: number;
let reportId: number;
let projectId: number;
beforeAll(async () => {
  // Generous limits: the limit runs before validation, and these properties send hundreds of bodies.
  t = await makeTestApp({ rateLimitMultiplier: 1000 });
  member = await t.member({ email: 'fuzz@example.com' });
  admin = await t.member({ isAdmin: true });
  other = await buildUser(t.deps.sql);
  projectId = (await buildProject(t.deps.sql)).id;
  const [m] = await t.deps.sql<{ id: number }[]>`
    INSERT INTO contact_messages (sender_user_id, subject, message) VALUES (${other.id}, 'Original', 'An original message.') RETURNING id`;
  originalId = m!.id;
  const [r] = await t.deps.sql<{ id: number }[]>`
    INSERT INTO reports (project_id, reporter_user_id, reason) VALUES (${projectId}, ${other.id}, 'spam') RETURNING id`;
  reportId = r!.id;
});
afterAll(async () => {
  await t.close();
});

/** A JSON value of any kind, small. */
const anyJson = fc.jsonValue({ maxDepth: 2 });

/** Bodies near `valid`: each field kept, dropped or replaced by any JSON value; maybe an extra field; or any JSON at all. */
function nearBodies(valid: Record<string, unknown>) {
  const mutated = fc
    .record(
      Object.fromEntries(
        Object.keys(valid).map((key) => [
          key,
          fc.oneof(
            fc.constant({ keep: true as const }),
            fc.constant({ drop: true as const }),
            anyJson.map((value) => ({ value })),
          ),
        ]),
      ) as Record<string, fc.Arbitrary<{ keep: true } | { drop: true } | { value: unknown }>>,
    )
    .map((choices) => {
      const body: Record<string, unknown> = {};
      for (const [key, choice] of Object.entries(choices)) {
        if ('keep' in choice) body[key] = valid[key];
        else if ('value' in choice) body[key] = choice.value;
      }
      return body;
    });
  return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: anyJson });
}

interface Case {
  name: string;
  endpoint: Endpoint;
  /** The route's path parameters. */
  params?: () => Record<string, number>;
  agent: () => TestAgent;
  schema: z.ZodType;
  valid: () => Record<string, unknown>;
  /** A fingerprint of everything the route could write; must not change on bad input. */
  state: () => Promise<unknown>;
}

const countMessages = async () =>
  (
    await t.deps
      .sql`SELECT count(*)::int AS n FROM contact_messages WHERE sender_user_id IN (${member.user.id}, ${admin.user.id})`
  )[0]!.n;
const userFlags = async () => (await t.deps.sql`SELECT is_admin, is_paused FROM users WHERE id = ${other.id}`)[0];

const CASES: Case[] = [
  {
    name: 'POST /api/contact',
    endpoint: endpoints.messages.contact,
    agent: () => member.agent,
    schema: contactSchema,
    valid: () => ({
      subject: 'Hello',
      message: 'A message long enough.',
      senderName: 'Me',
      senderEmail: 'me@example.com',
      recipientUserId: null,
      sendCopy: false,
      mode: 'platform',
    }),
    state: countMessages,
  },
  {
    name: 'POST /api/messages',
    endpoint: endpoints.messages.send,
    agent: () => member.agent,
    schema: directMessageSchema,
    valid: () => ({ recipientUserId: other.id, subject: 'Hello', message: 'A message long enough.' }),
    state: countMessages,
  },
  {
    name: 'POST /api/admin/messages',
    endpoint: endpoints.admin.sendMessage,
    agent: () => admin.agent,
    schema: directMessageSchema,
    valid: () => ({ recipientUserId: other.id, subject: 'Hello', message: 'A message long enough.' }),
    state: countMessages,
  },
  {
    name: 'POST /api/admin/messages/{id}/reply',
    endpoint: endpoints.admin.reply,
    params: () => ({ id: originalId }),
    agent: () => admin.agent,
    schema: replySchema,
    valid: () => ({ subject: 'Re: Original', message: 'An answer long enough.' }),
    state: countMessages,
  },
  {
    name: 'PATCH /api/admin/users/{id}/admin',
    endpoint: endpoints.admin.setAdmin,
    params: () => ({ userId: other.id }),
    agent: () => admin.agent,
    schema: adminToggleSchema,
    valid: () => ({ isAdmin: true }),
    state: userFlags,
  },
  {
    name: 'PATCH /api/admin/users/{id}/pause',
    endpoint: endpoints.admin.setPaused,
    params: () => ({ userId: other.id }),
    agent: () => admin.agent,
    schema: pauseToggleSchema,
    valid: () => ({ isPaused: true }),
    state: userFlags,
  },
  {
    name: 'PATCH /api/admin/projects/{id}/visibility',
    endpoint: endpoints.admin.setProjectVisibility,
    params: () => ({ projectId }),
    agent: () => admin.agent,
    schema: visibilitySchema,
    valid: () => ({ hidden: true }),
    state: async () => (await t.deps.sql`SELECT is_hidden FROM projects WHERE id = ${projectId}`)[0],
  },
  {
    name: 'PATCH /api/admin/reports/{id}',
    endpoint: endpoints.admin.updateReport,
    params: () => ({ id: reportId }),
    agent: () => admin.agent,
    schema: reportUpdateSchema,
    valid: () => ({ status: 'reviewed', adminNotes: 'Checked' }),
    state: async () =>
      (await t.deps.sql`SELECT status, admin_notes, updated_at FROM reports WHERE id = ${reportId}`)[0],
  },
];

describe.each(CASES)('$name', (c) => {
  it('answers 400 { message } to every body its schema refuses, and writes nothing', async () => {
    const before = await c.state();
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(nearBodies(c.valid()), async (body) => {
        fc.pre(!c.schema.safeParse(body).success);
        tried += 1;
        const res = await callLoosely(c.agent(), c.endpoint, { params: c.params?.() })
          .set('X-Forwarded-For', randomIp())
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body));
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toEqual({ message: expect.any(String) });
      }),
      { numRuns: 60 },
    );
    expect(tried).toBeGreaterThan(20);
    expect(await c.state()).toEqual(before);
  });

  it('answers 400 to malformed JSON and 413 to a huge body, writing nothing', async () => {
    const before = await c.state();
    const bad = await callLoosely(c.agent(), c.endpoint, { params: c.params?.() })
      .set('Content-Type', 'application/json')
      .send('{"subject": "Hel');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: expect.any(String) });
    const huge = await callLoosely(c.agent(), c.endpoint, {
      params: c.params?.(),
      body: { ...c.valid(), padding: 'x'.repeat(100_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: expect.any(String) });
    expect(await c.state()).toEqual(before);
  });
});

describe('ids and queries', () => {
  it('answers 400 Invalid id to any id that is not a positive 32-bit integer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.integer({ max: 0 }).map(String),
          fc.double().map(String),
          fc.constant('2147483648'),
        ),
        async (raw) => {
          fc.pre(!idSchema.safeParse(raw).success && raw !== '.' && raw !== '..');
          const seg = encodeURIComponent(raw);
          // eslint-disable-next-line no-restricted-syntax -- A malformed path segment, sent as is: the literal is the point
          const res = await member.agent.patch(`/api/messages/${seg}/read`);
          expect(res.status, raw).toBe(400);
          expect(res.body).toEqual({ message: 'Invalid id' });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers 400 to any report status outside the four', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 12 }), async (status) => {
        fc.pre(!reportListQuerySchema.safeParse({ status }).success);
        const res = await call(admin.agent, endpoints.admin.reports).query({ status });
        expect(res.status, status).toBe(400);
        expect(res.body).toEqual({ message: 'status must be pending, reviewed, dismissed or removed' });
      }),
      { numRuns: 40 },
    );
  });
});
