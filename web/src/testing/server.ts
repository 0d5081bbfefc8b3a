/**
 * The network edge of the DOM tests (*.dom.test.tsx): an MSW server in place of the API, answering
 * each route of the route table (domain/src/endpoints.ts) with a body typed by the route's contract.
 * A request no handler answers fails the test that made it (setup-dom.ts), as the browser tests'
 * off-site guard does: a screen never quietly reads something the test did not give it.
 */
import { http, HttpResponse, type JsonBodyType, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { AnswerOf, Endpoint } from '@vitrine/domain/endpoints';
import { endpoints } from '../lib/api';
import { assertAnswer, contractOf } from './contracts';

/**
 * The live socket's connection (Socket.IO's Node client upgrades a GET of /socket.io/) fails as if
 * the network were down, so no push arrives and the client keeps retrying in the background. Pushes and
 * what they change are proven by web/src/lib/socket.test.ts against a real API node and by the browser
 * tests.
 */
const socketRefused = http.get('/socket.io/', () => HttpResponse.error());

/** What went wrong at the edge during the current test: requests no handler answered, answers that broke their contract. */
export const problems: string[] = [];

/** A refusal as the API words it: a 4xx or 5xx status with `{ "message": ... }`. */
export class Refusal {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

/** A refusal of `status` saying `message` (docs/api.md "Errors"). */
export function refusal(status: number, message: string): Refusal {
  return new Refusal(status, message);
}

/** A page of a keyset list (docs/api.md "Paging"): its rows, and the URL of the next page for the Link header. */
export class Page<A> {
  constructor(
    readonly items: A,
    readonly next: string | null,
  ) {}
}

/** A page of `items` whose Link header names `next` (rel="next"), or none when it is the last. */
export function page<A>(items: A, next: string | null): Page<A> {
  return new Page(items, next);
}

/** What a handler hands back: the route's typed answer, a page of it, or a refusal. */
export type Reply<A> = A | Page<A> | Refusal;

/**
 * A handler for `endpoint` (its path, with `:params`, resolved against the page's address) answering
 * `reply`, or what `reply(request, params)` returns; a null answer is a 204. Every answer is checked
 * against the route's contract (contracts.ts): a fixed one at once, a computed one when it is sent.
 * `requests`, when given, collects every request the route received (URL and JSON body).
 */
export function answer<E extends Endpoint>(
  endpoint: E,
  reply:
    | Reply<AnswerOf<E>>
    | ((request: Request, params: Record<string, string>) => Reply<AnswerOf<E>> | Promise<Reply<AnswerOf<E>>>),
  requests?: Array<{ url: string; body: unknown }>,
): RequestHandler {
  if (typeof reply !== 'function' && !(reply instanceof Refusal))
    assertAnswer(endpoint, reply instanceof Page ? reply.items : reply);
  return http[endpoint.method](endpoint.path, async ({ request, params }) => {
    const text = await request.clone().text();
    requests?.push({ url: request.url, body: text ? (JSON.parse(text) as unknown) : undefined });
    const replied =
      typeof reply === 'function'
        ? await (reply as (r: Request, p: Record<string, string>) => Reply<AnswerOf<E>>)(
            request,
            params as Record<string, string>,
          )
        : reply;
    if (replied instanceof Refusal) return HttpResponse.json({ message: replied.message }, { status: replied.status });
    const value = replied instanceof Page ? replied.items : replied;
    const headers: Record<string, string> =
      replied instanceof Page && replied.next ? { Link: `<${replied.next}>; rel="next"` } : {};
    try {
      assertAnswer(endpoint, value);
    } catch (error) {
      problems.push((error as Error).message);
      return HttpResponse.json({ message: 'The test gave an answer that breaks the contract' }, { status: 500 });
    }
    if (value === null) return new HttpResponse(null, { status: 204 });
    return HttpResponse.json(value as JsonBodyType, { status: contractOf(endpoint).status ?? 200, headers });
  });
}

/**
 * The header's own reads for a signed-in member (the bell's and the inbox's unread counts), nothing
 * unread: a test of another screen need not give them, and one about them overrides them (server.use).
 */
const HEADER_READS = [
  answer(endpoints.notifications.unreadCount, { count: 0 }),
  answer(endpoints.messages.unreadCount, { count: 0 }),
];

/** The API stand-in of every DOM test; setup-dom.ts starts it and resets its handlers after each test. */
export const server = setupServer(socketRefused, ...HEADER_READS);
