import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Router from '@koa/router';
import { makeTestApp, type TestApp } from './testing';
import { createApp } from './app';
import { operations } from './openapi';

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
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, { description: string }>; parameters?: Array<{ name: string; in: string; required: boolean }> }>>;
  components: { schemas: Record<string, object>; securitySchemes: Record<string, object> };
};

/** Every (METHOD, OpenAPI path) the app's routers register, read from the routers' own stacks. */
function registeredRoutes(): string[] {
  const app = createApp(t.deps);
  const routers = app.middleware
    .map((mw) => (mw as unknown as { router?: Router }).router)
    .filter((r): r is Router => r !== undefined);
  expect(routers.length).toBeGreaterThanOrEqual(7);
  const found = new Set<string>();
  for (const router of routers) {
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string') throw new Error(`a RegExp route cannot be documented: ${String(layer.path)}`);
      const path = layer.path.replace(/\/$/, '').replace(/:(\w+)/g, '{$1}');
      for (const method of layer.methods) {
        if (method !== 'HEAD') found.add(`${method} ${path}`);
      }
    }
  }
  return [...found].sort();
}

describe('GET /api/openapi.json', () => {
  it('answers an OpenAPI 3.1.0 JSON document', async () => {
    const res = await t.agent().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = JSON.parse(res.text) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.session).toEqual({ type: 'apiKey', in: 'cookie', name: 'vitrine.sid' });
  });

  it('lists every route the routers register, and nothing they do not', async () => {
    const doc = (await t.agent().get('/api/openapi.json')).body as Doc;
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const registered = registeredRoutes();
    expect(registered.length).toBeGreaterThan(30);
    expect(documented).toEqual(registered);
  });

  it('is well formed: unique operation ids, declared path parameters, resolvable $refs, described responses', async () => {
    const doc = (await t.agent().get('/api/openapi.json')).body as Doc;
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

  it('carries the spec texts and limits of the zod schemas', async () => {
    const doc = (await t.agent().get('/api/openapi.json')).body as Doc;
    const contact = doc.components.schemas.ContactInput as { properties: Record<string, { minLength?: number; maxLength?: number }>; required: string[] };
    expect(contact.properties.subject).toMatchObject({ minLength: 3, maxLength: 100 });
    expect(contact.properties.message).toMatchObject({ minLength: 10, maxLength: 1000 });
    expect(contact.required).toEqual(['subject', 'message']);
    const message = doc.components.schemas.MessageView as { required: string[] };
    expect(message.required).toContain('recipientUserId');
    expect(operations.every((op) => doc.paths[op.path]?.[op.method])).toBe(true);
  });
});
