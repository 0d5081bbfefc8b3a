import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { makeRankingQueries } from '@vitrine/db/queries/rankings';
import { STALE } from '@vitrine/runtime/stale-reads';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, makeTestApp, type TestApp } from '../testing';
import { BADGE_CACHE_CONTROL } from './badges';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  // Snapshots are kept only while this node hears the stale-reads channel (cache/shared-reads.ts).
  await vi.waitFor(() => {
    if (!t.deps.sharedReads.isListening) throw new Error('not subscribed yet');
  });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * The factories write no event; a submission through the API announces STALE.all, which drops the
 * badge ceiling (the highest id), so a new project's badge is never neutral. Done here by hand.
 */
function announceNewProjects() {
  t.deps.sharedReads.dropStale([STALE.all]);
}

/** An SVG answer's text (supertest buffers an image/* body instead of decoding it). */
function bodyOf(res: { text?: string; body?: unknown }): string {
  if (typeof res.text === 'string' && res.text !== '') return res.text;
  return Buffer.isBuffer(res.body) ? res.body.toString('utf8') : '';
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' });

/** GETs a badge, checks it is a well-formed accessible SVG, and answers it with its name. */
async function badge(path: string) {
  const res = await t.agent().get(path);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  const svg = bodyOf(res);
  expect(XMLValidator.validate(svg)).toBe(true);
  const doc = parser.parse(svg) as { svg: Record<string, unknown> };
  expect(doc.svg['@_role']).toBe('img');
  // fast-xml-parser decodes the named entities only; the apostrophe goes out as &#39;.
  const name = String(doc.svg['@_aria-label']).replaceAll('&#39;', "'");
  expect(String(doc.svg.title).replaceAll('&#39;', "'")).toBe(name);
  const texts = [doc.svg.g]
    .flat()
    .flatMap((g) => [(g as { text?: unknown }).text ?? []].flat())
    .map((node) => String((node as { '#text': unknown })['#text']));
  return { res, svg, name, texts, width: Number(doc.svg['@_width']) };
}

/** A project with two testers, both with feedback, one addressed by a live update; checks 3 up, 1 failed. */
async function projectWithOutcomes() {
  const owner = await buildUser(t.deps.sql);
  const project = await buildProject(t.deps.sql, { userId: owner.id, title: 'Outcome Project', votes: 7 });
  const [request] = await t.deps.sql<{ id: number }[]>`
    INSERT INTO project_requests (project_id, user_id, title, description, max_testers)
    VALUES (${project.id}, ${owner.id}, 'Please test it', 'Try every page of the project.', 5) RETURNING id`;
  const feedbackIds: number[] = [];
  for (let i = 0; i < 2; i++) {
    const tester = await buildUser(t.deps.sql);
    await t.deps.sql`INSERT INTO test_request_testers (request_id, user_id) VALUES (${request!.id}, ${tester.id})`;
    const [f] = await t.deps.sql<{ id: number }[]>`
      INSERT INTO test_feedback (request_id, tester_id, problems, score) VALUES (${request!.id}, ${tester.id}, 'Slow', 6)
      RETURNING id`;
    feedbackIds.push(f!.id);
  }
  const [update] = await t.deps.sql<{ id: number }[]>`
    INSERT INTO project_updates (project_id, author_id, title, body, html)
    VALUES (${project.id}, ${owner.id}, 'Faster pages', 'Fixed', '<p>Fixed</p>') RETURNING id`;
  await t.deps.sql`
    INSERT INTO project_update_feedback (update_id, feedback_id, tester_id)
    SELECT ${update!.id}, f.id, f.tester_id FROM test_feedback f WHERE f.id = ${feedbackIds[0]!}`;
  // A deleted update's links go with it (project-updates.ts): it addresses nothing.
  for (const outcome of ['up', 'up', 'fail', 'up'])
    await t.deps.sql`
      INSERT INTO project_checks (project_id, checked_at, outcome) VALUES (${project.id}, now() - interval '1 hour', ${outcome})`;
  // A check older than the 30 days counts for nothing.
  await t.deps.sql`
    INSERT INTO project_checks (project_id, checked_at, outcome) VALUES (${project.id}, now() - interval '31 days', 'fail')`;
  announceNewProjects();
  return project;
}

describe('GET /badges/projects/{id}.svg', () => {
  it('shows the live vote count by default, flat and light, with the site name', async () => {
    const project = await buildProject(t.deps.sql, { title: 'Counted', votes: 1234 });
    announceNewProjects();
    const { name, texts } = await badge(`/badges/projects/${project.id}.svg`);
    expect(texts).toEqual(['Vitrine', '1,234 votes']);
    expect(name).toBe('Vitrine: Counted: 1,234 votes');
    const one = await buildProject(t.deps.sql, { votes: 1 });
    announceNewProjects();
    expect((await badge(`/badges/projects/${one.id}.svg?metric=votes`)).texts).toEqual(['Vitrine', '1 vote']);
  });

  it("shows the project's place on the all-time leaderboard, or that it is not ranked", async () => {
    const project = await buildProject(t.deps.sql, { title: 'Leader' });
    const other = await buildProject(t.deps.sql, { title: 'Follower' });
    await t.deps.sql`UPDATE projects SET weighted_votes = 1000000, votes = 1000000 WHERE id = ${project.id}`;
    await t.deps.sql`UPDATE projects SET weighted_votes = 999999, votes = 999999 WHERE id = ${other.id}`;
    await makeRankingQueries(t.deps.sql).recomputeLeaderboard('all');
    const off = await buildProject(t.deps.sql, { title: 'Off the board' });
    announceNewProjects();
    // The run's database is shared by the files running beside this one, which build projects of
    // their own: the place is read from the board, and the follower's is the next one.
    const [{ place }] = await t.deps.sql<{ place: number }[]>`
      SELECT 1 + count(*)::int AS place FROM leaderboard_entries le JOIN projects p ON p.id = le.project_id
      WHERE le.time_range = 'all' AND NOT p.is_hidden AND le.weight > 1000000`;
    const first = await badge(`/badges/projects/${project.id}.svg?metric=rank`);
    expect(first.texts).toEqual(['Vitrine', `#${place} all time`]);
    expect(first.name).toBe(`Vitrine: Leader: ranked #${place} on the all-time leaderboard`);
    expect((await badge(`/badges/projects/${other.id}.svg?metric=rank`)).texts).toEqual([
      'Vitrine',
      `#${place + 1} all time`,
    ]);
    const unranked = await badge(`/badges/projects/${off.id}.svg?metric=rank`);
    expect(unranked.texts).toEqual(['Vitrine', 'not ranked']);
    expect(unranked.name).toBe('Vitrine: Off the board: not on the all-time leaderboard');
  });

  it('shows the outcome: uptime over 30 days, testers who took part, feedback addressed', async () => {
    const project = await projectWithOutcomes();
    const { texts, name } = await badge(`/badges/projects/${project.id}.svg?metric=outcome`);
    expect(texts).toEqual(['Vitrine', '75.0% up · 2 testers · 1 feedback addressed']);
    expect(name).toBe(
      'Vitrine: Outcome Project: 75.0% uptime over 30 days, 2 testers took part, 1 feedback item addressed',
    );
    const unchecked = await buildProject(t.deps.sql, { title: 'Never checked' });
    announceNewProjects();
    const fresh = await badge(`/badges/projects/${unchecked.id}.svg?metric=outcome&style=card&theme=dark`);
    expect(fresh.texts).toEqual(['Vitrine', 'Never checked', 'not checked · 0 testers · 0 feedback addressed']);
    expect(fresh.name).toBe(
      'Vitrine: Never checked: uptime not checked, 0 testers took part, 0 feedback items addressed',
    );
  });

  it('draws the card with the title, and each theme in its colours; unknown choices fall back to the defaults', async () => {
    const project = await buildProject(t.deps.sql, { title: 'Card Project', votes: 3 });
    announceNewProjects();
    const light = await badge(`/badges/projects/${project.id}.svg?style=card`);
    expect(light.texts).toEqual(['Vitrine', 'Card Project', '3 votes']);
    expect(light.svg).toContain('fill="#ffffff"');
    const dark = await badge(`/badges/projects/${project.id}.svg?style=card&theme=dark`);
    expect(dark.svg).toContain('fill="#18181b"');
    const odd = await badge(`/badges/projects/${project.id}.svg?style=round&theme=sepia&metric=stars&metric=rank`);
    const plain = await badge(`/badges/projects/${project.id}.svg`);
    expect(odd.svg).toBe(plain.svg);
  });

  it('escapes every text and sizes the badge to it, so a long title never overflows', async () => {
    const title = `<script>alert("x")</script> & 'quotes' \u0001 ${'W'.repeat(50)}`;
    const project = await buildProject(t.deps.sql, { title });
    announceNewProjects();
    for (const style of ['flat', 'card']) {
      const { svg, name, texts, width } = await badge(`/badges/projects/${project.id}.svg?style=${style}`);
      expect(svg).not.toContain('<script>');
      expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
      expect(name.startsWith(`Vitrine: <script>alert("x")</script> & 'quotes'  W`)).toBe(true);
      if (style === 'card') {
        // The title is cut with an ellipsis, and the card is wider than its drawn text.
        expect(texts[1]!.endsWith('…')).toBe(true);
        const lengths = [...svg.matchAll(/textLength="(\d+)"/g)].map((m) => Number(m[1]));
        expect(width).toBeGreaterThanOrEqual(Math.max(...lengths) + 24);
        expect(Math.max(...lengths)).toBeGreaterThan(250);
      }
    }
  });

  it('is cookie-less and cacheable: Cache-Control, ETag and 304 on If-None-Match', async () => {
    const project = await buildProject(t.deps.sql, { votes: 5 });
    announceNewProjects();
    const path = `/badges/projects/${project.id}.svg?metric=votes`;
    // Even a signed-in member's request reads no session (it would be a Redis read) and sets no cookie.
    const { agent } = await t.member();
    const sessionReads = vi.spyOn(t.deps.redis, 'get');
    const res = await agent.get(path);
    expect(res.status).toBe(200);
    expect(sessionReads).not.toHaveBeenCalled();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=600');
    expect(res.headers['cache-control']).toBe(BADGE_CACHE_CONTROL);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.agent().get(path).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['set-cookie']).toBeUndefined();
    // Another variant is another representation: another ETag.
    const card = await t.agent().get(`${path}&style=card`).set('If-None-Match', etag);
    expect(card.status).toBe(200);
    expect(card.headers.etag).not.toBe(etag);
  });

  it('answers a neutral badge, never an error page, for hidden, missing and malformed ids', async () => {
    const hidden = await buildProject(t.deps.sql, { title: 'Secret project', isHidden: true });
    announceNewProjects();
    const [{ max }] = await t.deps.sql<{ max: number }[]>`SELECT max(id)::int AS max FROM projects`;
    const ids = [String(hidden.id), String(max + 1000), '0', '05', 'abc', '99999999999'];
    for (const id of ids)
      for (const metric of ['votes', 'rank', 'outcome']) {
        const { texts, name, svg, res } = await badge(`/badges/projects/${id}.svg?metric=${metric}`);
        expect(texts).toEqual(['Vitrine', 'not available']);
        expect(name).toBe('Vitrine: project not available');
        expect(svg).not.toContain('Secret');
        expect(res.headers['cache-control']).toBe(BADGE_CACHE_CONTROL);
      }
    const card = await badge(`/badges/projects/${hidden.id}.svg?style=card&theme=dark`);
    expect(card.texts).toEqual(['Vitrine', 'not available']);
    const other = await t.agent().get(`/badges/projects/${hidden.id}.png`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'Badge not found' });
  });

  it('turns neutral as soon as an admin hides the project, and back when it is shown again', async () => {
    const project = await buildProject(t.deps.sql, { title: 'Soon hidden', votes: 4 });
    announceNewProjects();
    const path = `/badges/projects/${project.id}.svg`;
    expect((await badge(path)).texts).toEqual(['Vitrine', '4 votes']);
    const admin = await t.member({ isAdmin: true });
    const setHidden = (hidden: boolean) =>
      call(admin.agent, endpoints.admin.setProjectVisibility, { params: { projectId: project.id }, body: { hidden } });
    expect((await setHidden(true)).status).toBe(200);
    expect((await badge(path)).texts).toEqual(['Vitrine', 'not available']);
    expect((await setHidden(false)).status).toBe(200);
    expect((await badge(path)).texts).toEqual(['Vitrine', '4 votes']);
  });

  it('answers hits within the snapshot minute without a read, ids beyond the highest too, and reads again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const project = await buildProject(t.deps.sql, { votes: 10 });
    announceNewProjects();
    const reads = vi.spyOn(t.deps.reads, 'run');
    const path = `/badges/projects/${project.id}.svg`;
    expect((await badge(path)).texts).toEqual(['Vitrine', '10 votes']);
    // The ceiling (the highest id) and the project's snapshot.
    expect(reads).toHaveBeenCalledTimes(2);
    reads.mockClear();

    await t.deps.sql`UPDATE projects SET votes = 11 WHERE id = ${project.id}`;
    // A vote's announcement (STALE.project) does not drop the snapshot: a badge refreshes once a minute.
    t.deps.sharedReads.dropStale([STALE.project(project.id), STALE.order('votes'), STALE.boards]);
    const hits = await Promise.all(
      ['', '?metric=rank', '?metric=outcome', '?style=card', '?theme=dark', '?metric=votes'].map((q) =>
        t.agent().get(`${path}${q}`),
      ),
    );
    expect(hits.map((h) => h.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await badge(path)).texts).toEqual(['Vitrine', '10 votes']);
    // Sixteen strangers asking for ids beyond the highest: neutral badges, and no read at all.
    const [{ max }] = await t.deps.sql<{ max: number }[]>`SELECT max(id)::int AS max FROM projects`;
    const strangers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => t.agent().get(`/badges/projects/${max + 1 + i * 7919}.svg`)),
    );
    expect(strangers.every((s) => s.status === 200 && bodyOf(s).includes('not available'))).toBe(true);
    expect(reads).not.toHaveBeenCalled();

    vi.setSystemTime(Date.now() + 61_000);
    expect((await badge(path)).texts).toEqual(['Vitrine', '11 votes']);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('shares one read among parallel misses of a project', async () => {
    const project = await buildProject(t.deps.sql, { votes: 2 });
    announceNewProjects();
    const reads = vi.spyOn(t.deps.reads, 'run');
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => t.agent().get(`/badges/projects/${project.id}.svg?metric=outcome`)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(reads).toHaveBeenCalledTimes(2);
  });
});
