import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { buildUser, TEST_PASSWORD } from '@vitrine/db/testing';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { createApp } from '../app';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, callLoosely, makeTestApp, randomIp, type TestApp } from '../testing';
import { webClient } from '../web';
import { HSTS } from './security-headers';

/** Security headers on every answer (errors too), HSTS only in production over TLS, no source maps in production. */
let prod: TestApp;
let dev: TestApp;
beforeAll(async () => {
  prod = await makeTestApp({ production: true, trustProxy: true });
  dev = await makeTestApp({ production: false, trustProxy: true });
});
afterAll(async () => {
  await Promise.all([prod.close(), dev.close()]);
});

/** The headers every answer must carry. */
function expectSecurityHeaders(res: { headers: Record<string, string | undefined> }) {
  expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('are on thrown 4xx answers too', async () => {
    const answers = [
      await call(prod.agent(), endpoints.auth.me),
      // eslint-disable-next-line no-restricted-syntax -- A path no route serves: the literal is the point
      await prod.agent().get('/api/nothing-here'),
      await callLoosely(prod.agent(), endpoints.projects.detail, { params: { id: 'abc' } }),
      await callLoosely(prod.agent(), endpoints.auth.login, { body: {} }).set('Origin', 'https://evil.example'),
      await callLoosely(prod.agent(), endpoints.auth.login, {})
        .set('Content-Type', 'application/json')
        .send('{not json'),
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 404, 400, 403, 400]);
    for (const res of answers) {
      expect(res.body).toHaveProperty('message');
      expectSecurityHeaders(res);
    }
  });

  it('include HSTS in production only over TLS', async () => {
    const secure = await call(prod.agent(), endpoints.auth.me).set('X-Forwarded-Proto', 'https');
    expect(secure.headers['strict-transport-security']).toBe(HSTS);
    expect((await call(prod.agent(), endpoints.auth.me)).headers['strict-transport-security']).toBeUndefined();
    expect(
      (await call(prod.agent(), endpoints.auth.me).set('X-Forwarded-Proto', 'http')).headers[
        'strict-transport-security'
      ],
    ).toBeUndefined();
    const local = await call(dev.agent(), endpoints.auth.me).set('X-Forwarded-Proto', 'https');
    expect(local.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the web client', () => {
  /** A built client of one page and one script with its source map. */
  function fakeDist(): string {
    const dist = mkdtempSync(path.join(tmpdir(), 'vitrine-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1);\n//# sourceMappingURL=app-1234.js.map\n');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    return dist;
  }

  it('refuses source maps unless asked, with the security headers', async () => {
    const dist = fakeDist();
    const app = createApp(prod.deps);
    app.use(webClient(prod.config, { dist }));
    const server = request(app.callback());
    const map = await server.get('/assets/app-1234.js.map');
    expect(map.status).toBe(404);
    expect(map.text).not.toContain('secret.ts');
    expectSecurityHeaders(map);
    expect((await server.get('/assets/app-1234.js')).status).toBe(200);

    const local = createApp(dev.deps);
    local.use(webClient(dev.config, { dist, sourceMaps: true }));
    expect((await request(local.callback()).get('/assets/app-1234.js.map')).text).toContain('secret.ts');
  });

  it("serves a page to a deleted user's cookie in production, as to a visitor", async () => {
    const app = createApp(prod.deps);
    app.use(webClient(prod.config, { dist: fakeDist(), api: app.callback() }));
    const user = await buildUser(prod.deps.sql);
    const login = await call(prod.agent(), endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    }).set('X-Forwarded-For', randomIp());
    const cookie = ((login.headers['set-cookie'] ?? []) as unknown as string[])
      .map((line) => line.split(';')[0])
      .join('; ');
    await makeUserQueries(prod.deps.sql).deleteUser(user.id);
    const page = await request(app.callback()).get('/').set('Cookie', cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
  });
});
