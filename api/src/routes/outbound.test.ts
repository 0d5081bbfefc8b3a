import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOutboundClickQueries } from '@vitrine/db/queries/outbound-clicks';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { OUTBOUND_COOKIE } from '../outbound-proof';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, makeTestApp, type TestApp } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The kinds of the votes on `projectId`, oldest first. */
const kinds = (projectId: number) =>
  t.deps.sql<{ kind: string }[]>`SELECT kind FROM votes WHERE project_id = ${projectId} ORDER BY id`;

describe('GET /go/{id}', () => {
  it('shows a leaving page naming the host, not a redirect, for the link of an owner without standing; the click counts once', async () => {
    const fresh = await buildUser(t.deps.sql);
    const project = await buildProject(t.deps.sql, {
      userId: fresh.id,
      title: 'Free <b>gift</b> cards',
      replitUrl: 'https://login.bank-secure.example/session?next=%22x%22',
    });
    const visitor = t.agent();
    const page = await visitor.get(`/go/${project.id}`).set('X-Forwarded-For', '198.51.100.20');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers.location).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['set-cookie'])).toContain(OUTBOUND_COOKIE);
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toContain('<h1>You are leaving');
    expect(page.text).toContain('links to <span class="host">login.bank-secure.example</span>');
    expect(page.text).toContain(
      '<a class="continue" href="https://login.bank-secure.example/session?next=%22x%22" rel="noopener noreferrer nofollow">Continue to login.bank-secure.example</a>',
    );
    expect(page.text).toContain(`<a href="/projects/${project.id}">`);
    expect(page.text).toContain('Free &#60;b&#62;gift&#60;/b&#62; cards');
    expect(page.text).not.toContain('<script');
    const clicks = makeOutboundClickQueries(t.deps.sql);
    expect(await clicks.countClicks(project.id)).toBe(1);
    // The page's link leaves the site: nothing on it comes back here, and opening the page again counts nothing more.
    expect((await visitor.get(`/go/${project.id}`).set('X-Forwarded-For', '198.51.100.20')).status).toBe(200);
    expect(await clicks.countClicks(project.id)).toBe(1);
    // The proof still weighs the visitor's vote as a visitor who came through the link.
    expect(
      (
        await call(visitor, endpoints.projects.vote, { params: { id: project.id } }).set(
          'X-Forwarded-For',
          '198.51.100.20',
        )
      ).status,
    ).toBe(200);
    expect((await kinds(project.id)).map((v) => v.kind)).toEqual(['clickedVisitor']);

    // Once the owner has standing, the same link redirects at once.
    await t.deps.sql`UPDATE users SET created_at = now() - interval '30 days' WHERE id = ${fresh.id}`;
    const go = await t.agent().get(`/go/${project.id}`).set('X-Forwarded-For', '198.51.100.21');
    expect(go.status).toBe(302);
    expect(go.headers.location).toBe('https://login.bank-secure.example/session?next=%22x%22');
    expect(await clicks.countClicks(project.id)).toBe(2);
  });
});
