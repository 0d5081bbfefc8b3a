import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolved } from '@vitrine/runtime/outbound/target';
import { sendAttempt } from './sender';
import { signatureHeader } from './signature';

/** A local receiver: answers by path and counts what it got. */
let server: http.Server;
let port = 0;
const hits = new Map<string, number>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/ok') return void res.writeHead(204).end();
    if (path === '/moved') return void res.writeHead(301, { location: '/ok' }).end();
    if (path === '/hang') return; // never answers
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Made-up names (nothing leaves the machine): one resolves to loopback, one to a private address. */
const names: Record<string, Resolved[]> = {
  'hooks.example': [{ address: '127.0.0.1', family: 4 }],
  'intranet.example': [{ address: '10.0.0.5', family: 4 }],
  'rebind.example': [
    { address: '93.184.215.14', family: 4 },
    { address: '169.254.169.254', family: 4 },
  ],
};
const rules = (allowed: string[] = []) => ({
  allowedHosts: new Set(allowed),
  resolve: async (host: string) => names[host] ?? [],
});
const request = (url: string) => ({ url, body: '{"id":"event-1"}', headers: { 'Vitrine-Event': 'project.down' } });

describe('sendAttempt', () => {
  it('calls a 2xx answer ok, with its status and time', async () => {
    const result = await sendAttempt(request(`http://127.0.0.1:${port}/ok`), rules([`127.0.0.1:${port}`]), 2000);
    expect(result).toMatchObject({ outcome: 'ok', responseStatus: 204, error: null });
  });

  it('calls a 500, a redirect and no answer in time failures (redirects are not followed)', async () => {
    const allowed = rules([`127.0.0.1:${port}`]);
    expect(await sendAttempt(request(`http://127.0.0.1:${port}/boom`), allowed, 2000)).toMatchObject({
      outcome: 'failed',
      responseStatus: 500,
      error: 'HTTP 500',
    });
    const okBefore = hits.get('/ok') ?? 0;
    expect(await sendAttempt(request(`http://127.0.0.1:${port}/moved`), allowed, 2000)).toMatchObject({
      outcome: 'failed',
      responseStatus: 301,
    });
    expect(hits.get('/ok') ?? 0).toBe(okBefore);
    expect(await sendAttempt(request(`http://127.0.0.1:${port}/hang`), allowed, 150)).toMatchObject({
      outcome: 'failed',
      responseStatus: null,
      error: 'no answer within 150 ms',
    });
  });

  it('refuses loopback, private and link-local targets at delivery time, after resolving the name, sending nothing', async () => {
    const before = hits.get('/ok') ?? 0;
    for (const url of [
      `http://127.0.0.1:${port}/ok`,
      'http://127.0.0.1/ok',
      'http://hooks.example/ok',
      'http://intranet.example/ok',
      'http://rebind.example/ok',
      'http://[::ffff:127.0.0.1]/ok',
    ]) {
      const result = await sendAttempt(request(url), rules(), 2000);
      expect({ url, outcome: result.outcome }).toEqual({ url, outcome: 'blocked' });
    }
    expect(await sendAttempt(request('http://intranet.example/ok'), rules(), 2000)).toMatchObject({
      error: 'intranet.example resolves to 10.0.0.5 (private)',
    });
    expect(hits.get('/ok') ?? 0).toBe(before);
  });

  it('sends to an allowed name at the address it checked', async () => {
    const result = await sendAttempt(
      request(`http://hooks.example:${port}/ok`),
      rules([`hooks.example:${port}`]),
      2000,
    );
    expect(result).toMatchObject({ outcome: 'ok', responseStatus: 204 });
  });
});

describe('signatureHeader', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">, as `openssl dgst -sha256 -hmac` computes it', () => {
    // echo -n '1700000000.{"id":"event-1"}' | openssl dgst -sha256 -hmac whsec_test
    expect(signatureHeader('whsec_test', '{"id":"event-1"}', 1_700_000_000)).toBe(
      't=1700000000,v1=8e2971dac7c4d9294c7c65f1bd33cef904855a225900e22ee05f866f468078eb',
    );
  });
});
