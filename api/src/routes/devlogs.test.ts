import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { buildProject } from '@vitrine/db/testing';
import type { ProjectUpdate } from '@vitrine/domain/answers';
import {
  FOREIGN_FEEDBACK,
  MAX_ADDRESSED_FEEDBACK,
  UPDATE_FORBIDDEN,
  UPDATE_NOT_FOUND,
  UPDATE_QUOTA,
  UPDATE_QUOTA_MESSAGE,
  UPDATES_CLOSED,
} from '@vitrine/domain/schemas/update';
import { endpoints, type BodyOf, type QueryOf } from '@vitrine/domain/endpoints';
import { answerOf, call, callLoosely, makeTestApp, type TestApp } from '../testing';
import { UPDATE_LOGIN_REQUIRED } from './devlogs';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const FEEDBACK = {
  worked: 'Sign-up was quick.',
  problems: 'The chart overflows at 360 px.',
  suggestions: '',
  score: 7,
};

/** An owner (role developer) with a visible project and a signed-in agent. */
async function owner() {
  const m = await t.member({ role: 'developer' });
  const project = await buildProject(t.deps.sql, { userId: m.user.id });
  return { ...m, project };
}

/** A test request on the owner's project with one tester's feedback; answers the feedback id and the tester. */
async function feedbackOn(o: Awaited<ReturnType<typeof owner>>) {
  const inWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const request = await call(o.agent, endpoints.testRequests.open, {
    body: {
      projectId: o.project.id,
      title: 'Try the charts',
      description: 'Open the charts on a phone and tell me what breaks.',
      skillsNeeded: ['Mobile'],
      deadline: inWeek,
      maxTesters: 3,
    },
  });
  expect(request.status, request.text).toBe(201);
  const tester = await t.member({ role: 'tester' });
  expect((await call(tester.agent, endpoints.testRequests.join, { params: { id: request.body.id } })).status).toBe(201);
  const saved = await call(tester.agent, endpoints.testRequests.saveFeedback, {
    params: { id: request.body.id },
    body: FEEDBACK,
  });
  expect(saved.status, saved.text).toBe(201);
  return { feedbackId: saved.body.myFeedback.id as number, requestId: request.body.id as number, tester };
}

function post(agent: TestAgent, projectId: number, body: BodyOf<typeof endpoints.devlogs.create>) {
  return call(agent, endpoints.devlogs.create, { params: { id: projectId }, body });
}

async function list(agent: TestAgent, projectId: number, query: QueryOf<typeof endpoints.devlogs.list> = {}) {
  const res = await call(agent, endpoints.devlogs.list, { params: { id: projectId }, query });
  expect(res.status, res.text).toBe(200);
  return { body: res.body as ProjectUpdate[], link: res.headers.link as string | undefined };
}

async function eventsOf(projectId: number, name: string) {
  return t.deps.sql<{ payload: Record<string, unknown> }[]>`
    SELECT payload FROM events WHERE name = ${name} AND (payload->>'projectId')::int = ${projectId} ORDER BY id`;
}

describe('posting and reading updates', () => {
  it('posts an update addressing feedback: listed newest first, counted on the page, linked on the feedback and the profile', async () => {
    const o = await owner();
    const { feedbackId, requestId, tester } = await feedbackOn(o);
    const first = await post(o.agent, o.project.id, { title: 'Charts fit phones', body: 'Fixed the *overflow*.' });
    expect(first.status, first.text).toBe(201);
    const second = await post(o.agent, o.project.id, {
      title: 'Dark charts',
      body: 'Thanks to the testers.',
      addressesFeedbackIds: [feedbackId, feedbackId],
    });
    expect(second.status, second.text).toBe(201);
    expect(second.body).toMatchObject({
      projectId: o.project.id,
      title: 'Dark charts',
      html: '<p>Thanks to the testers.</p>\n',
      authorUsername: o.user.username,
      editedAt: null,
      addresses: [{ feedbackId, requestId, testerUsername: tester.user.username }],
      canEdit: true,
    });
    expect(first.body.html).toBe('<p>Fixed the <em>overflow</em>.</p>\n');

    const visitor = await list(t.agent(), o.project.id);
    expect(visitor.body.map((u) => u.id)).toEqual([second.body.id, first.body.id]);
    expect(visitor.body.every((u) => !u.canEdit)).toBe(true);
    expect((await call(t.agent(), endpoints.projects.detail, { params: { id: o.project.id } })).body.updates).toBe(2);

    const request = await call(tester.agent, endpoints.testRequests.detail, { params: { id: requestId } });
    expect(request.body.myFeedback.addressedBy).toEqual({
      id: second.body.id,
      projectId: o.project.id,
      title: 'Dark charts',
    });
    const profile = await call(t.agent(), endpoints.users.profile, { params: { username: tester.user.username } });
    expect(profile.body.user.feedbackAddressed).toBe(1);

    const [posted] = await eventsOf(o.project.id, 'projectUpdate.posted');
    expect(posted!.payload).toMatchObject({ updateId: first.body.id, addressedFeedbackIds: [] });
    const events = await eventsOf(o.project.id, 'projectUpdate.posted');
    expect(events[1]!.payload).toMatchObject({ updateId: second.body.id, addressedFeedbackIds: [feedbackId] });
  });

  it('pages newest first by keyset, with a Link to the next page', async () => {
    const o = await owner();
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await post(o.agent, o.project.id, { title: `Update ${n}`, body: `Body ${n}` });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const page1 = await list(t.agent(), o.project.id, { limit: 2 });
    expect(page1.body.map((u) => u.id)).toEqual([ids[2], ids[1]]);
    expect(page1.link).toContain(`after=${ids[1]}`);
    const page2 = await list(t.agent(), o.project.id, { limit: 2, after: ids[1] });
    expect(page2.body.map((u) => u.id)).toEqual([ids[0]]);
    expect(page2.link).toBeUndefined();
    expect(
      (await call(t.agent(), endpoints.devlogs.list, { params: { id: o.project.id }, query: { limit: 51 } })).status,
    ).toBe(400);
  });

  it('keeps markdown safe: raw HTML and script links stay text', async () => {
    const o = await owner();
    const res = await post(o.agent, o.project.id, {
      title: '<img src=x onerror=alert(1)>',
      body: '<script>alert(1)</script> [x](javascript:alert(1)) [ok](https://example.example)',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.html).not.toContain('<script');
    expect(res.body.html).toContain('&lt;script&gt;');
    expect(res.body.html).not.toContain('href="javascript:');
    expect(res.body.html).toContain('<a href="https://example.example" rel="nofollow ugc noopener">ok</a>');
    expect(res.body.title).toBe('<img src=x onerror=alert(1)>');
    const feed = await t.agent().get(`/feeds/projects/${o.project.id}.atom`);
    expect(feed.text).not.toContain('<img src=x');
    expect(feed.text).not.toContain('<script>');
  });
});

describe('refusals', () => {
  it('refuses visitors, other members, paused owners and hidden projects; a missing project is 404', async () => {
    const o = await owner();
    const body = { title: 'An update', body: 'Text' };
    const visitor = await post(t.agent(), o.project.id, body);
    expect([visitor.status, visitor.body.message]).toEqual([401, UPDATE_LOGIN_REQUIRED]);
    const other = await t.member();
    const stranger = await post(other.agent, o.project.id, body);
    expect([stranger.status, stranger.body.message]).toEqual([403, UPDATE_FORBIDDEN]);
    const admin = await t.member({ isAdmin: true });
    expect((await post(admin.agent, o.project.id, body)).status).toBe(403);
    expect((await post(o.agent, 2_000_000_000, body)).status).toBe(404);

    const posted = await post(o.agent, o.project.id, body);
    const update = { id: o.project.id, updateId: posted.body.id };
    expect(
      (await call(other.agent, endpoints.devlogs.edit, { params: update, body: { title: 'Mine now' } })).status,
    ).toBe(403);
    expect((await call(other.agent, endpoints.devlogs.remove, { params: update })).status).toBe(403);
    expect((await call(other.agent, endpoints.devlogs.addressable, { params: { id: o.project.id } })).status).toBe(403);

    const hidden = await buildProject(t.deps.sql, { userId: o.user.id, isHidden: true });
    const closed = await post(o.agent, hidden.id, body);
    expect([closed.status, closed.body.message]).toEqual([403, UPDATES_CLOSED]);
    expect((await call(t.agent(), endpoints.devlogs.list, { params: { id: hidden.id } })).status).toBe(404);
    expect((await t.agent().get(`/feeds/projects/${hidden.id}.atom`)).status).toBe(404);

    const paused = await t.member({ isPaused: true });
    const pausedProject = await buildProject(t.deps.sql, { userId: paused.user.id });
    expect((await post(paused.agent, pausedProject.id, body)).status).toBe(403);
  });

  it('refuses bad input: title and body lengths, too many or malformed addressed ids', async () => {
    const o = await owner();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'ab', body: 'x' }, 'Update titles must be between 3 and 100 characters'],
      [{ title: 'x'.repeat(101), body: 'x' }, 'Update titles must be between 3 and 100 characters'],
      [{ title: 'Fine', body: '   ' }, 'Please write the update'],
      [{ title: 'Fine', body: 'x'.repeat(5001) }, 'Updates must be between 1 and 5,000 characters'],
      [
        { title: 'Fine', body: 'x', addressesFeedbackIds: ['1'] },
        'addressesFeedbackIds must be a list of feedback ids',
      ],
      [
        {
          title: 'Fine',
          body: 'x',
          addressesFeedbackIds: Array.from({ length: MAX_ADDRESSED_FEEDBACK + 1 }, (_, i) => i + 1),
        },
        `An update may address at most ${MAX_ADDRESSED_FEEDBACK} feedback items`,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await callLoosely(o.agent, endpoints.devlogs.create, { params: { id: o.project.id }, body });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const posted = await post(o.agent, o.project.id, { title: 'Fine', body: 'x' });
    const empty = await call(o.agent, endpoints.devlogs.edit, {
      params: { id: o.project.id, updateId: posted.body.id },
      body: {},
    });
    expect([empty.status, empty.body.message]).toEqual([400, 'Nothing to change']);
  });

  it("refuses feedback from another project's test requests, and unknown feedback, writing nothing", async () => {
    const a = await owner();
    const b = await owner();
    const foreign = await feedbackOn(b);
    const own = await feedbackOn(a);
    for (const ids of [[foreign.feedbackId], [own.feedbackId, foreign.feedbackId], [2_000_000_000]]) {
      const res = await post(a.agent, a.project.id, { title: 'Fixes', body: 'x', addressesFeedbackIds: ids });
      expect([res.status, res.body.message]).toEqual([400, FOREIGN_FEEDBACK]);
    }
    expect((await list(t.agent(), a.project.id)).body).toEqual([]);
    const posted = await post(a.agent, a.project.id, { title: 'Fixes', body: 'x' });
    const edit = await call(a.agent, endpoints.devlogs.edit, {
      params: { id: a.project.id, updateId: posted.body.id },
      body: { addressesFeedbackIds: [foreign.feedbackId] },
    });
    expect([edit.status, edit.body.message]).toEqual([400, FOREIGN_FEEDBACK]);
    // An update of another project is not found through this one.
    const elsewhere = await post(b.agent, b.project.id, { title: 'Other', body: 'x' });
    const wrong = await call(a.agent, endpoints.devlogs.remove, {
      params: { id: a.project.id, updateId: elsewhere.body.id },
    });
    expect([wrong.status, wrong.body.message]).toEqual([404, UPDATE_NOT_FOUND]);
  });

  it('spends a quota of updates posted: a refused post gives its point back, a deleted update does not', async () => {
    const o = await owner();
    const hidden = await buildProject(t.deps.sql, { userId: o.user.id, isHidden: true });
    // Refused posts spend nothing: a bad body (400), a hidden project (403), a missing one (404).
    expect(
      (await callLoosely(o.agent, endpoints.devlogs.create, { params: { id: o.project.id }, body: {} })).status,
    ).toBe(400);
    const closed = await post(o.agent, hidden.id, { title: 'Hidden', body: 'x' });
    expect([closed.status, closed.body.message]).toEqual([403, UPDATES_CLOSED]);
    expect((await post(o.agent, 2_000_000_000, { title: 'Missing', body: 'x' })).status).toBe(404);
    for (let n = 0; n < UPDATE_QUOTA.points * t.config.rateLimitMultiplier; n++) {
      const res = await post(o.agent, o.project.id, { title: `Update ${n}`, body: 'x' });
      expect(res.status, res.text).toBe(201);
      if (n === 0)
        expect(
          (await call(o.agent, endpoints.devlogs.remove, { params: { id: o.project.id, updateId: res.body.id } }))
            .status,
        ).toBe(204);
    }
    const over = await post(o.agent, o.project.id, { title: 'One more', body: 'x' });
    expect([over.status, over.body.message]).toEqual([429, UPDATE_QUOTA_MESSAGE]);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(UPDATE_QUOTA.windowMs / 1000);
  });
});

describe('editing and deleting', () => {
  it('edits title, text and addressed feedback (newly addressed testers in the event); deleting uncounts and unlinks', async () => {
    const o = await owner();
    const { feedbackId, requestId, tester } = await feedbackOn(o);
    const posted = await post(o.agent, o.project.id, { title: 'First cut', body: 'x' });
    const update = { id: o.project.id, updateId: posted.body.id };
    const edited = await call(o.agent, endpoints.devlogs.edit, {
      params: update,
      body: { title: 'Better cut', body: '**y**', addressesFeedbackIds: [feedbackId] },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Better cut', body: '**y**', html: '<p><strong>y</strong></p>\n' });
    expect(edited.body.editedAt).not.toBeNull();
    expect(edited.body.addresses).toEqual([{ feedbackId, requestId, testerUsername: tester.user.username }]);
    const again = await call(o.agent, endpoints.devlogs.edit, {
      params: update,
      body: { addressesFeedbackIds: [feedbackId] },
    });
    expect(again.status).toBe(200);
    const events = await eventsOf(o.project.id, 'projectUpdate.edited');
    expect(events.map((e) => e.payload.addressedFeedbackIds)).toEqual([[feedbackId], []]);

    expect((await call(o.agent, endpoints.devlogs.remove, { params: update })).status).toBe(204);
    expect((await call(o.agent, endpoints.devlogs.remove, { params: update })).status).toBe(404);
    expect((await list(t.agent(), o.project.id)).body).toEqual([]);
    expect((await call(t.agent(), endpoints.projects.detail, { params: { id: o.project.id } })).body.updates).toBe(0);
    const request = await call(tester.agent, endpoints.testRequests.detail, { params: { id: requestId } });
    expect(request.body.myFeedback.addressedBy).toBeNull();
    expect(
      (await call(t.agent(), endpoints.users.profile, { params: { username: tester.user.username } })).body.user
        .feedbackAddressed,
    ).toBe(0);
  });

  it("lists the project's feedback for the owner's picker", async () => {
    const o = await owner();
    const { feedbackId, tester } = await feedbackOn(o);
    const res = await call(o.agent, endpoints.devlogs.addressable, { params: { id: o.project.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ id: feedbackId, testerUsername: tester.user.username, excerpt: FEEDBACK.problems }),
    ]);
  });
});

describe('the project Atom feed and the Recently updated sort', () => {
  it('serves a well-formed Atom feed of the updates, linked to the page', async () => {
    const o = await owner();
    await post(o.agent, o.project.id, { title: 'Older', body: 'One' });
    const newer = await post(o.agent, o.project.id, { title: 'Newer & better', body: 'Two' });
    const res = await t.agent().get(`/feeds/projects/${o.project.id}.atom`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const text = res.text;
    expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(text).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(text.match(/<entry>/g)).toHaveLength(2);
    expect(text.indexOf('Newer &amp;amp; better')).toBeLessThan(text.indexOf('Older'));
    expect(text).toContain(`/projects/${o.project.id}#update-${newer.body.id}`);
    expect(text).toContain(`<link rel="self" href="${t.origin}/feeds/projects/${o.project.id}.atom"/>`);
    expect((await t.agent().get('/feeds/projects/0.atom')).status).toBe(404);
    expect((await t.agent().get('/feeds/projects/abc.atom')).status).toBe(404);
  });

  it('sorts Latest by the newest update, a project never updated by its creation, with keyset pages', async () => {
    const o = await owner();
    // Three projects made a year and a bit ago, a second apart (no other test's project falls between):
    // the page after `anchor` starts with them, in creation order while none has an update.
    const base = Date.now() - 400 * 86_400_000 - Math.floor(Math.random() * 86_400_000);
    const old = await buildProject(t.deps.sql, { userId: o.user.id, createdAt: new Date(base - 2000) });
    const recent = await buildProject(t.deps.sql, { userId: o.user.id, createdAt: new Date(base - 1000) });
    const anchor = await buildProject(t.deps.sql, { userId: o.user.id, createdAt: new Date(base) });
    const ids = async (query: { limit: number; after?: number }) =>
      answerOf(
        endpoints.projects.latest,
        await call(t.agent(), endpoints.projects.latest, { query: { sort: 'updated', ...query } }),
      ).map((p) => p.id);
    expect(await ids({ limit: 2, after: anchor.id })).toEqual([recent.id, old.id]);

    // An update moves the old project up among the newest; the page after the anchor no longer holds it.
    const posted = await post(o.agent, old.id, { title: 'Back again', body: 'x' });
    expect(posted.status).toBe(201);
    expect(await ids({ limit: 50 })).toContain(old.id);
    expect(await ids({ limit: 2, after: anchor.id })).not.toContain(old.id);
    expect(await ids({ limit: 1, after: anchor.id })).toEqual([recent.id]);
    expect(await ids({ limit: 50, after: old.id })).not.toContain(old.id);

    // Deleting its only update moves it back by its creation.
    expect(
      (await call(o.agent, endpoints.devlogs.remove, { params: { id: old.id, updateId: posted.body.id } })).status,
    ).toBe(204);
    expect(await ids({ limit: 2, after: anchor.id })).toEqual([recent.id, old.id]);
  });
});
