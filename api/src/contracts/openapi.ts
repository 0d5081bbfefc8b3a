import { z } from 'zod';
import { SESSION_COOKIE } from '../middleware/session';
import { answers, schemaNames } from '@vitrine/domain/answers';
import { TOKEN_POLICY } from '../middleware/rate-limit';
import type { Access, Contract, Route } from './route';

/** JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a zod schema, without its $schema line. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** The OpenAPI form of a Koa path: `/api/projects/:id` -> `/api/projects/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

/** The accesses a visitor may call (the others need the session cookie). */
const VISITOR_ACCESS: ReadonlySet<Access> = new Set(['anyone', 'unpaused']);

/** What the 401 and 403 of each access mean. */
const ACCESS_ERRORS: Record<Access, Record<number, string>> = {
  anyone: {},
  unpaused: { 403: 'Your account is paused' },
  member: { 401: 'Not signed in' },
  active: { 401: 'Not signed in', 403: 'Your account is paused' },
  admin: { 401: 'Not signed in', 403: 'Not an admin' },
  activeAdmin: { 401: 'Not signed in', 403: 'Not an admin, or the account is paused' },
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });

/** Builds the document's schemas: named ones go to components (once) and are referred to. */
function schemaWriter(components: Record<string, object>) {
  return function write(schema: z.ZodType, io: 'input' | 'output'): object {
    const name = schemaNames.get(schema);
    if (name) {
      components[name] ??= jsonSchema(schema, io);
      return ref(name);
    }
    if (schema instanceof z.ZodArray && schemaNames.has(schema.element as z.ZodType)) {
      return { type: 'array', items: write(schema.element as z.ZodType, io) };
    }
    return jsonSchema(schema, io);
  };
}

/** The parameters of an object schema (path or query), each with its own JSON Schema. */
function parametersOf(schema: z.ZodObject | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const s = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (s.required?.includes(name) ?? false),
    schema: property,
  }));
}

/** A paged list (the contract's `paging`) names its next page in a Link header. */
function pageHeaders(c: Contract) {
  if (!c.paging) return {};
  return {
    headers: {
      Link: {
        description: `When another page follows: \`<url>; rel="next"\`, the same call with \`${c.paging.cursor}\` set to the cursor of the next page`,
        schema: { type: 'string' },
      },
    },
  };
}

/** What the document says of a read's sharing (the contract's `sharing`), as `x-sharing`, and its caching headers. */
const SHARING_HEADERS = {
  ETag: { description: "The answer's version: send it back as If-None-Match for a 304", schema: { type: 'string' } },
  'Cache-Control': { description: 'Who may keep the answer, and for how long', schema: { type: 'string' } },
};

/** The x-sharing of a read: public, visitor or private (unset on writes); and the query fields that make it private. */
function sharingOf(c: Contract) {
  if (c.method !== 'get') return {};
  return {
    'x-sharing': c.sharing ?? 'private',
    ...(c.sharedUnless ? { 'x-private-with': c.sharedUnless } : {}),
  };
}

/** The headers of draft-ietf-httpapi-ratelimit-headers that a call made with an access token carries. */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description: `With an access token: the token's quota, \`"${TOKEN_POLICY}";q=<calls>;w=<seconds>\` (draft-ietf-httpapi-ratelimit-headers)`,
    schema: { type: 'string' },
  },
  RateLimit: {
    description: `With an access token: what is left of its quota, \`"${TOKEN_POLICY}";r=<calls left>;t=<seconds until it refills>\``,
    schema: { type: 'string' },
  },
};
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
};

/** The headers of a success answer: the next page's Link, and a token's rate-limit headers where a token may call. */
function successHeaders(c: Contract) {
  const shared = c.sharing === 'public' || c.sharing === 'visitor';
  const headers = {
    ...pageHeaders(c).headers,
    ...(shared ? SHARING_HEADERS : {}),
    ...(c.tokenScope ? RATE_LIMIT_HEADERS : {}),
  };
  return Object.keys(headers).length > 0 ? { headers } : {};
}

/** The failures a call made with an access token adds, on a route a token may call. */
function tokenErrors(c: Contract): Record<number, string> {
  if (!c.tokenScope) return {};
  return {
    401: 'An access token that is malformed, unknown or revoked',
    403: `An access token without the ${c.tokenScope} scope`,
    429: "The access token's quota is spent",
  };
}

/** Every answer of a contract: its success, and the failures its validation, access, ids, limits, token scope and own list imply. */
function responsesOf(c: Contract, write: ReturnType<typeof schemaWriter>) {
  const status = c.status ?? 200;
  const responses: Record<string, object> = {
    [status]:
      c.response === null
        ? { description: status === 204 ? 'Done, no body' : 'OK', ...successHeaders(c) }
        : { description: 'OK', content: json(write(c.response, 'output')), ...successHeaders(c) },
  };
  const errors: Record<number, string> = {};
  if (c.params || c.query || c.body) errors[400] = 'Invalid input (the first problem, in the words of the schema)';
  Object.assign(errors, ACCESS_ERRORS[c.access]);
  if (c.loginMessage) errors[401] = c.loginMessage;
  if (c.params) errors[404] = 'Not found';
  if (c.limit) errors[429] = 'Too many requests (rate limit); Retry-After says when to try again';
  Object.assign(errors, c.errors);
  for (const [code, text] of Object.entries(tokenErrors(c)))
    errors[Number(code)] = errors[Number(code)] ? `${errors[Number(code)]}; ${text}` : text;
  for (const [code, description] of Object.entries(errors))
    responses[code] = {
      description,
      content: json(write(answers.Error, 'output')),
      ...(code === '429' ? { headers: { ...RETRY_AFTER, ...(c.tokenScope ? RATE_LIMIT_HEADERS : {}) } } : {}),
    };
  return responses;
}

/**
 * Who may call an operation: the session cookie, or an access token (`bearer`) with the route's scope
 * (its name listed as the requirement's scope; OpenAPI 3.1 allows them beside OAuth); `{}` for visitors.
 */
export function securityOf(c: Pick<Contract, 'access' | 'tokenScope'>): object[] {
  const bearer = c.tokenScope ? [{ bearer: [c.tokenScope] }] : [];
  return VISITOR_ACCESS.has(c.access) ? [{}, { session: [] }, ...bearer] : [{ session: [] }, ...bearer];
}

/** The operation object of one contract; `x-access` and `x-rate-limit` carry the contract's guard and limit. */
function operationOf(c: Contract, write: ReturnType<typeof schemaWriter>) {
  const path = openApiPath(c.path);
  const parameters = [...parametersOf(c.params, 'path'), ...parametersOf(c.query, 'query')];
  return {
    tags: [c.tag],
    summary: c.summary,
    operationId: `${c.method}${path
      .replace(/^\/api/, '')
      .replace(/[{}]/g, '')
      .replace(/[/.-](\w)/g, (_m, ch: string) => ch.toUpperCase())}`,
    security: securityOf(c),
    'x-access': c.access,
    'x-token-scope': c.tokenScope,
    ...(c.limit ? { 'x-rate-limit': c.limit } : {}),
    ...sharingOf(c),
    ...(c.paging ? { 'x-paging': c.paging } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(c.body ? { requestBody: { required: true, content: json(write(c.body, 'input')) } } : {}),
    responses: responsesOf(c, write),
  };
}

/** The OpenAPI 3.1 document of `routes`, generated from their contracts (nothing hand-written to drift). */
export function openApiDocument(routes: Route[]): Record<string, unknown> {
  const paths: Record<string, Record<string, object>> = {};
  const schemas: Record<string, object> = {};
  const write = schemaWriter(schemas);
  for (const { contract } of routes)
    (paths[openApiPath(contract.path)] ??= {})[contract.method] = operationOf(contract, write);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vitrine API',
      version: '1.0.0',
      description:
        'Community project showcase. Every error answers { "message" }. Writes must come from the site\'s own Origin; ' +
        `the session is the ${SESSION_COOKIE} cookie set by login or register. x-access names who may call an operation ` +
        '(anyone, unpaused, member, active, admin, activeAdmin) and x-rate-limit its limit. ' +
        "x-sharing says who may keep a read's answer (public: any cache, ETag/304; visitor: the same for signed-out " +
        "visitors, ETag/304; private: per caller); x-paging names the query parameter that carries the next page's cursor " +
        'in the Link rel="next" URL of a list read a page at a time. ' +
        'A personal access token made in Settings is sent as `Authorization: Bearer <token>` (no cookie, no Origin needed) ' +
        'and calls the operations whose x-token-scope is one of its scopes (read, write:votes, write:comments, webhooks; ' +
        'null: no token); each such call answers the RateLimit-Policy and RateLimit headers of draft-ietf-httpapi-ratelimit-headers. ' +
        'See docs/api.md.',
    },
    servers: [{ url: '/' }],
    tags: ['meta', 'auth', 'projects', 'users', 'messages', 'admin', 'test-requests', 'notifications', 'webhooks'].map(
      (name) => ({
        name,
      }),
    ),
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A personal access token (`vtr_...`) made in Settings; an operation lists the scope it needs as the requirement's scope",
        },
      },
    },
  };
}
