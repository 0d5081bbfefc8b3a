import { describe, expect, it } from 'vitest';
import Koa from 'koa';
import request from 'supertest';
import { z } from 'zod';
import { contract } from '@vitrine/domain/contracts/contract';
import { idParams } from '@vitrine/domain/contracts/params';
import { endpointsOf } from '@vitrine/domain/endpoints';
import type { AppContextExtras, AppState } from '../context';
import { errorMiddleware } from '../middleware/errors';
import { routerOf } from './pipeline';
import { call } from '../testing';
import { route } from './route';

const Thing = z.object({ id: z.number().int(), name: z.string(), tags: z.array(z.object({ label: z.string() })) });
/** A route of the test's own, outside the API's route table: its path is declared here and called through it. */
const thing = contract({
  method: 'get',
  path: '/api/things/:id',
  tag: 'meta',
  summary: 'A thing',
  params: idParams,
  response: Thing,
});
/** The test client's handle on `thing`. */
const thingEndpoint = endpointsOf({ thing }).thing;

/** A Koa app answering `thing` with what `present` gives, on a configuration that is or is not production. */
function appAnswering(present: () => unknown, production: boolean) {
  const logged: unknown[] = [];
  const app = new Koa<AppState, AppContextExtras>();
  app.use(errorMiddleware((err) => logged.push(err)));
  app.use(async (ctx, next) => {
    Object.assign(ctx, { deps: { config: { production } } });
    ctx.state.user = null;
    await next();
  });
  // The handler presents whatever the case gives: the type checker is what stops a drift at build time.
  const router = routerOf([route(thing, { access: 'anyone' }, () => present() as z.input<typeof Thing>)]);
  app.use(router.routes());
  return { server: app.callback(), logged };
}

describe('the answer check', () => {
  const right = { id: 1, name: 'lamp', tags: [{ label: 'light' }] };

  it('lets an answer that matches its response schema through', async () => {
    const { server, logged } = appAnswering(() => right, false);
    const res = await call(request(server), thingEndpoint, { params: { id: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(right);
    expect(logged).toEqual([]);
  });

  it.each([
    ['a field of the wrong type', { ...right, id: '1' }, '$.id'],
    ['a missing field', { id: 1, tags: [] }, '$.name'],
    ['a field the schema does not declare', { ...right, passwordHash: 'x' }, '$.passwordHash is not declared'],
    ['an undeclared field deep inside', { ...right, tags: [{ label: 'a', secret: 1 }] }, '$.tags[0].secret'],
  ])('answers 500 outside production to %s, and logs the drift', async (_case, answer, where) => {
    const { server, logged } = appAnswering(() => answer, false);
    const res = await call(request(server), thingEndpoint, { params: { id: 1 } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Something went wrong on our side' });
    expect(String(logged[0])).toContain('GET /api/things/:id answered outside its response schema');
    expect(String(logged[0])).toContain(where);
  });

  it('skips the check in production', async () => {
    const { server, logged } = appAnswering(() => ({ ...right, id: '1' }), true);
    const res = await call(request(server), thingEndpoint, { params: { id: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe('1');
    expect(logged).toEqual([]);
  });
});

describe('paging and sharing, declared in the contract', () => {
  const things = contract({
    method: 'get',
    path: '/api/things',
    tag: 'meta',
    summary: 'Things, a page at a time',
    query: z.object({ after: z.coerce.number().optional(), limit: z.coerce.number().default(2) }),
    response: z.array(Thing),
    paging: { cursor: 'after' },
  });
  const thingsEndpoint = endpointsOf({ things }).things;
  const all = [1, 2, 3].map((id) => ({ id, name: `thing ${id}`, tags: [] }));

  it('answers a page as its rows, with the Link of the next page while one follows', async () => {
    const app = new Koa<AppState, AppContextExtras>();
    app.use(async (ctx, next) => {
      Object.assign(ctx, { deps: { config: { production: false } } });
      ctx.state.user = null;
      await next();
    });
    const handler = route(things, { access: 'anyone' }, ({ query }) => {
      const rows = all.filter((row) => row.id > (query.after ?? 0));
      return { rows: rows.slice(0, query.limit), next: rows.length > query.limit ? rows[query.limit - 1]!.id : null };
    });
    app.use(routerOf([handler]).routes());
    const first = await call(request(app.callback()), thingsEndpoint, { query: { limit: 2 } });
    expect(first.body).toEqual(all.slice(0, 2));
    expect(first.headers.link).toBe('</api/things?limit=2&after=2>; rel="next"');
    const last = await call(request(app.callback()), thingsEndpoint, { query: { limit: 2, after: 2 } });
    expect(last.body).toEqual(all.slice(2));
    expect(last.headers.link).toBeUndefined();
  });

  it('refuses a shared or paged write, and a shared read that does not say what makes it stale', () => {
    const write = { method: 'post', path: '/api/things', tag: 'meta', summary: 'x', response: null } as const;
    expect(() => contract({ ...write, sharing: 'public' })).toThrow('only a read (GET) is shared or paged');
    expect(() => contract({ ...write, paging: { cursor: 'after' } })).toThrow('only a read (GET) is shared or paged');
    const shared = contract({ ...thing, sharing: 'public' });
    expect(() => route(shared, { access: 'anyone' }, () => all[0]!)).toThrow('says what makes it stale');
    expect(() => route(thing, { access: 'anyone', staleOn: () => [] }, () => all[0]!)).toThrow(
      'says what makes it stale',
    );
  });
});
