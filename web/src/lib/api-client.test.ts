import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiKey,
  apiPattern,
  apiPrefix,
  apiUrl,
  callApi,
  CONNECTION_LOST_TEXT,
  endpoints,
  errorMessage,
  NetworkError,
} from './api';

describe('the typed client: URLs and keys from the route table', () => {
  it('fills path parameters, encoded', () => {
    expect(apiUrl(endpoints.projects.vote, { params: { id: 7 } })).toBe('/api/projects/7/vote');
    expect(apiKey(endpoints.users.profile, { params: { username: 'a b/c' } })).toBe('/api/users/a%20b%2Fc');
  });

  it('writes the query in the order given, lists comma separated, leaving out undefined and blank fields', () => {
    expect(apiKey(endpoints.projects.latest, { query: { after: 5, limit: 6, sort: 'votes', q: '' } })).toBe(
      '/api/projects?after=5&limit=6&sort=votes',
    );
    expect(apiKey(endpoints.projects.viewerState, { query: { ids: [1, 2, 3] } })).toBe(
      '/api/projects/viewer-state?ids=1,2,3',
    );
    expect(apiKey(endpoints.admin.users, { query: { q: 'ada & co' } })).toBe('/api/admin/users?q=ada%20%26%20co');
    expect(apiKey(endpoints.messages.unreadCount)).toBe('/api/messages/unread-count');
  });

  it('names the prefix and the pattern of every key of a route', () => {
    expect(apiPrefix(endpoints.users.profile)).toBe('/api/users/');
    expect(apiPrefix(endpoints.messages.list)).toBe('/api/messages');
    const pattern = apiPattern(endpoints.testRequests.ofProject);
    expect(pattern.test('/api/projects/12/test-request')).toBe(true);
    expect(pattern.test('/api/projects/12/test-request/x')).toBe(false);
    expect(pattern.test('/api/projects/12')).toBe(false);
  });
});

describe('the typed client: calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the method, URL and JSON body with credentials, and answers the parsed JSON', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 3, title: 'Lamp' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const answer = await callApi(endpoints.projects.rate, { params: { id: 3 }, body: { rating: 9 } });
    expect(answer.title).toBe('Lamp');
    expect(fetch).toHaveBeenCalledWith('/api/projects/3/rate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{"rating":9}',
      credentials: 'include',
    });
  });

  it('answers null for an empty body (204)', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    await expect(callApi(endpoints.messages.remove, { params: { id: 1 } })).resolves.toBeNull();
  });

  it('rejects with an ApiError carrying the status and the server message', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"Already voted"}', { status: 409 }));
    const error = await callApi(endpoints.projects.vote, { params: { id: 3 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect(errorMessage(error, 'fallback')).toBe('Already voted');
  });

  it('rejects with a NetworkError when the request never got through', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await callApi(endpoints.auth.me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(errorMessage(error, 'fallback')).toBe(CONNECTION_LOST_TEXT);
  });
});
