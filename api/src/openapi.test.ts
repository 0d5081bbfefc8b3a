import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Router from '@koa/router';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, makeTestApp, type TestApp } from './testing';
import { createApp } from './app';
import { jsonSchema, openApiPath } from './contracts/openapi';
import { routeOf } from './contracts/pipeline';
import type { Route } from './contracts/route';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        responses: Record<string, { description: string }>;
        parameters?: Array<{ name: string; in: string; required: boolean }>;
      }
    >
  >;
  components: { schemas: Record<string, object>; securitySchemes: Record<string, object> };
};

/** Every route the app's routers register, read from the routers' own layers, with the contract each layer runs. */
function registeredRoutes(): Array<{ key: string; route: Route }> {
  const app = createApp(t.deps);
  const routers = app.middleware
    .map((mw) => (mw as unknown as { router?: Router }).router)
    .filter((r): r is Router => r !== undefined);
  expect(routers.length).toBeGreaterThanOrEqual(7);
  const found: Array<{ key: string; route: Route }> = [];
  for (const router of routers) {
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string') throw new Error(`a RegExp route cannot be documented: ${String(layer.path)}`);
      // The public files outside /api (feeds, sitemaps, robots.txt, share cards) answer XML or PNG and are not part of the JSON API.
      if (!layer.path.startsWith('/api/')) continue;
      const composed = layer.stack.map(routeOf).filter((r): r is Route => r !== undefined);
      // Each layer is exactly one composed contract: no middleware mounted beside the pipeline.
      expect(layer.stack).toHaveLength(1);
      expect(composed).toHaveLength(1);
      const route = composed[0]!;
      expect(route.contract.path).toBe(layer.path);
      const path = openApiPath(layer.path.replace(/\/$/, ''));
      for (const method of layer.methods) {
        if (method !== 'HEAD') found.push({ key: `${method} ${path}`, route });
      }
    }
  }
  return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

type Operation = Doc['paths'][string][string] & {
  'x-access': string;
  'x-rate-limit'?: string;
  'x-token-scope': string | null;
  'x-sharing'?: string;
  'x-paging'?: { cursor: string };
  security: object[];
  requestBody?: { content: { 'application/json': { schema: object } } };
  responses: Record<
    string,
    { description: string; content?: { 'application/json': { schema: object } }; headers?: Record<string, object> }
  >;
};

/** A schema of the document with its top-level $ref (or an array's items $ref) resolved. */
function resolve(doc: Doc, schema: object): object {
  const s = schema as { $ref?: string; type?: string; items?: object };
  if (s.$ref) return doc.components.schemas[s.$ref.replace('#/components/schemas/', '')]!;
  if (s.type === 'array' && s.items && '$ref' in s.items) return { ...s, items: resolve(doc, s.items) };
  return schema;
}

describe('GET /api/openapi.json', () => {
  it('answers an OpenAPI 3.1.0 JSON document', async () => {
    const res = await call(t.agent(), endpoints.docs.openapi);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = JSON.parse(res.text) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.session).toEqual({ type: 'apiKey', in: 'cookie', name: 'vitrine.sid' });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('lists every route the routers register, and nothing they do not', async () => {
    const doc = (await call(t.agent(), endpoints.docs.openapi)).body as Doc;
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const registered = registeredRoutes().map((r) => r.key);
    expect(registered.length).toBeGreaterThan(30);
    expect(documented).toEqual(registered);
  });

  it("documents each registered route with its contract's access, limit, parameters, body and answer schemas", async () => {
    const doc = (await call(t.agent(), endpoints.docs.openapi)).body as Doc;
    for (const { key, route } of registeredRoutes()) {
      const c = route.contract;
      const [method, path] = key.split(' ') as [string, string];
      const op = doc.paths[path]![method.toLowerCase()] as Operation;
      expect(op['x-access'], key).toBe(c.access);
      expect(op['x-rate-limit'], key).toBe(c.limit);
      const bearer = c.tokenScope ? [{ bearer: [c.tokenScope] }] : [];
      expect(op.security, key).toEqual(
        c.access === 'anyone' || c.access === 'unpaused'
          ? [{}, { session: [] }, ...bearer]
          : [{ session: [] }, ...bearer],
      );
      expect(op['x-token-scope'], key).toBe(c.tokenScope);
      if (c.access === 'admin' || c.access === 'activeAdmin') expect(c.tokenScope, key).toBeNull();
      // docs/api.md "Access tokens": the webhook routes are opened by the webhooks scope, never by read.
      if (path.startsWith('/api/webhooks')) expect(c.tokenScope, key).toBe('webhooks');
      const okHeaders = Object.keys(op.responses[String(c.status ?? 200)]!.headers ?? {});
      // Sharing and paging come from the contract: a read says who may keep it, a paged list its Link.
      expect(op['x-sharing'], key).toBe(c.method === 'get' ? (c.sharing ?? 'private') : undefined);
      expect(op['x-paging'], key).toEqual(c.paging);
      expect(okHeaders.includes('Link'), key).toBe(c.paging !== undefined);
      expect(okHeaders.includes('ETag'), key).toBe(c.sharing === 'public' || c.sharing === 'visitor');
      expect(okHeaders.includes('RateLimit-Policy') && okHeaders.includes('RateLimit'), key).toBe(
        c.tokenScope !== null,
      );
      const params = op.parameters ?? [];
      expect(
        params.filter((p) => p.in === 'path').map((p) => p.name),
        key,
      ).toEqual(Object.keys(c.params?.shape ?? {}));
      expect(
        params.filter((p) => p.in === 'query').map((p) => p.name),
        key,
      ).toEqual(Object.keys(c.query?.shape ?? {}));
      if (c.body)
        expect(resolve(doc, op.requestBody!.content['application/json'].schema), key).toEqual(
          jsonSchema(c.body, 'input'),
        );
      else expect(op.requestBody, key).toBeUndefined();
      const ok = op.responses[String(c.status ?? 200)]!;
      if (c.response)
        expect(resolve(doc, ok.content!['application/json'].schema), key).toEqual(jsonSchema(c.response, 'output'));
      else expect(ok.content, key).toBeUndefined();
      expect(op.responses['429'] !== undefined, key).toBe(
        c.limit !== undefined || c.errors?.[429] !== undefined || c.tokenScope !== null,
      );
      if (op.responses['429']) expect(op.responses['429'].headers?.['Retry-After'], key).toBeDefined();
      if (c.access !== 'anyone' && c.access !== 'unpaused') expect(op.responses['401'], key).toBeDefined();
      if (c.access === 'admin' || c.access === 'activeAdmin') expect(op.responses['403'], key).toBeDefined();
    }
  });

  it('is well formed: unique operation ids, declared path parameters, resolvable $refs, described responses', async () => {
    const doc = (await call(t.agent(), endpoints.docs.openapi)).body as Doc;
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path.startsWith('/api/')).toBe(true);
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(ops)) {
        expect(ids.has(op.operationId)).toBe(false);
        ids.add(op.operationId);
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name)).toEqual(params);
        expect(declared.every((p) => p.required)).toBe(true);
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        for (const [code, r] of Object.entries(op.responses)) {
          expect(code).toMatch(/^[1-5]\d\d$/);
          expect(r.description).toEqual(expect.any(String));
        }
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) expect(doc.components.schemas[name], name).toBeDefined();
    expect(JSON.stringify(doc.components.schemas)).not.toContain('"$schema"');
  });

  it('documents how reads are shared and paged', async () => {
    const doc = (await call(t.agent(), endpoints.docs.openapi)).body as Doc;
    // The document's own path keys are what is checked: the literals are the point.
    const op = (path: string) => doc.paths[path]!.get as Operation;
    expect(op('/api/projects')).toMatchObject({ 'x-sharing': 'public', 'x-paging': { cursor: 'after' } });
    expect(op('/api/projects/{id}')['x-sharing']).toBe('public');
    expect(op('/api/projects/{id}/comments')).toMatchObject({
      'x-sharing': 'visitor',
      'x-paging': { cursor: 'after' },
    });
    expect(op('/api/messages')).toMatchObject({ 'x-sharing': 'private', 'x-paging': { cursor: 'before' } });
    expect(op('/api/moderation-log')['x-paging']).toEqual({ cursor: 'before' });
    expect(op('/api/auth/me')['x-paging']).toBeUndefined();
  });

  it('documents which scope opens each route to an access token', async () => {
    const doc = (await call(t.agent(), endpoints.docs.openapi)).body as Doc;
    // The document's own path keys are what is checked: the literals are the point.
    const op = (path: string, method: string) => doc.paths[path]![method] as Operation;
    expect(op('/api/projects/{id}/vote', 'post')['x-token-scope']).toBe('write:votes');
    expect(op('/api/projects/{id}/comments', 'post')['x-token-scope']).toBe('write:comments');
    expect(op('/api/projects', 'get')['x-token-scope']).toBe('read');
    expect(op('/api/projects', 'post')['x-token-scope']).toBeNull();
    expect(op('/api/admin/users', 'get')['x-token-scope']).toBeNull();
    for (const method of ['get', 'post']) expect(op('/api/tokens', method)['x-token-scope']).toBeNull();
    expect(op('/api/tokens/{id}', 'delete')['x-token-scope']).toBeNull();
  });

  it('carries the product texts and limits of the zod schemas', async () => {
    const doc = (await call(t.agent(), endpoints.docs.openapi)).body as Doc;
    const contact = doc.components.schemas.ContactInput as {
      properties: Record<string, { minLength?: number; maxLength?: number }>;
      required: string[];
    };
    expect(contact.properties.subject).toMatchObject({ minLength: 3, maxLength: 100 });
    expect(contact.properties.message).toMatchObject({ minLength: 10, maxLength: 1000 });
    expect(contact.required).toEqual(['subject', 'message']);
    const message = doc.components.schemas.MessageView as { required: string[] };
    expect(message.required).toContain('recipientUserId');
  });
});
