import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe, type ProbeOptions, type Resolved } from './probe';

/** A local server whose paths answer as the tests need; it counts the requests it got per path. */
let server: http.Server;
let port = 0;
const hits = new Map<string, number>();
const hosts = new Map<string, string>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    hosts.set(path, req.headers.host ?? '');
    if (path === '/ok') return void res.end('hello');
    if (path === '/error') return void res.writeHead(500).end('broken');
    if (path === '/hang') return; // never answers
    if (path.startsWith('/hop/')) {
      const left = Number(path.slice('/hop/'.length));
      return void res.writeHead(302, { location: left === 0 ? '/ok' : `/hop/${left - 1}` }).end();
    }
    if (path === '/to-loopback') return void res.writeHead(301, { location: 'http://127.0.0.1/secret' }).end();
    if (path === '/to-private') return void res.writeHead(307, { location: 'http://intranet.example/admin' }).end();
    if (path === '/to-compatible') return void res.writeHead(302, { location: 'http://[::127.0.0.1]/secret' }).end();
    if (path === '/to-metadata-v6') return void res.writeHead(302, { location: 'http://metadata6.example/' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A resolver of made-up names (nothing leaves the machine). */
const names: Record<string, Resolved[]> = {
  'app.example': [{ address: '127.0.0.1', family: 4 }],
  'intranet.example': [{ address: '10.0.0.5', family: 4 }],
  'mixed.example': [
    { address: '93.184.215.14', family: 4 },
    { address: '192.168.0.10', family: 4 },
  ],
  'mapped.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'metadata6.example': [{ address: '::a9fe:a9fe', family: 6 }],
};
const options = (extra: Partial<ProbeOptions> = {}): ProbeOptions => ({
  timeoutMs: 2000,
  maxRedirects: 5,
  allowedHosts: new Set([`app.example:${port}`, `127.0.0.1:${port}`]),
  resolve: async (host) => names[host] ?? [],
  ...extra,
});

describe('probe', () => {
  it('calls an answering server up, with its status and latency', async () => {
    const result = await probe(`http://127.0.0.1:${port}/ok`, options());
    expect(result).toMatchObject({ outcome: 'up', httpStatus: 200 });
    expect(result.outcome === 'up' && result.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('connects to the address the name was checked at, and sends the name as Host', async () => {
    const result = await probe(`http://app.example:${port}/ok`, options());
    expect(result).toMatchObject({ outcome: 'up', httpStatus: 200 });
    expect(hosts.get('/ok')).toBe(`app.example:${port}`);
  });

  it('calls a 500 a failure', async () => {
    expect(await probe(`http://127.0.0.1:${port}/error`, options())).toMatchObject({
      outcome: 'fail',
      httpStatus: 500,
      error: 'HTTP 500',
    });
  });

  it('gives up on a server that does not answer within the time limit', async () => {
    const result = await probe(`http://127.0.0.1:${port}/hang`, options({ timeoutMs: 150 }));
    expect(result).toMatchObject({ outcome: 'fail', httpStatus: null, error: 'no answer within 150 ms' });
  });

  it('follows a chain of up to 5 redirects, and fails a longer one', async () => {
    expect(await probe(`http://127.0.0.1:${port}/hop/4`, options())).toMatchObject({ outcome: 'up', httpStatus: 200 });
    const before = hits.get('/ok') ?? 0;
    expect(await probe(`http://127.0.0.1:${port}/hop/5`, options())).toMatchObject({
      outcome: 'fail',
      error: 'more than 5 redirects',
    });
    expect(hits.get('/ok') ?? 0).toBe(before);
  });

  it('blocks a redirect to 127.0.0.1 when it is not allowed, without contacting it', async () => {
    const result = await probe(`http://127.0.0.1:${port}/to-loopback`, options());
    expect(result).toEqual({ outcome: 'blocked', error: '127.0.0.1 resolves to 127.0.0.1 (loopback)' });
    expect(hits.get('/secret')).toBeUndefined();
  });

  it('blocks a redirect to a name that resolves to a private address', async () => {
    const result = await probe(`http://127.0.0.1:${port}/to-private`, options());
    expect(result).toMatchObject({ outcome: 'blocked', error: 'intranet.example resolves to 10.0.0.5 (private)' });
  });

  it('blocks a redirect to an IPv4-compatible IPv6 address, literal or resolved, without contacting it', async () => {
    const before = hits.get('/secret') ?? 0;
    expect(await probe(`http://127.0.0.1:${port}/to-compatible`, options())).toEqual({
      outcome: 'blocked',
      error: '::7f00:1 resolves to ::7f00:1 (ipv4Compatible)',
    });
    expect(await probe(`http://127.0.0.1:${port}/to-metadata-v6`, options())).toEqual({
      outcome: 'blocked',
      error: 'metadata6.example resolves to ::a9fe:a9fe (ipv4Compatible)',
    });
    expect(await probe('http://[::a9fe:a9fe]/latest/meta-data/', options())).toMatchObject({ outcome: 'blocked' });
    expect(await probe('http://[::ffff:8.8.8.8]/', options())).toMatchObject({ outcome: 'blocked' });
    expect(hits.get('/secret') ?? 0).toBe(before);
  });

  it('blocks a name resolving to a private address, or to one among public ones', async () => {
    expect(await probe('http://intranet.example/', options())).toMatchObject({ outcome: 'blocked' });
    expect(await probe('https://mixed.example/', options())).toMatchObject({
      outcome: 'blocked',
      error: 'mixed.example resolves to 192.168.0.10 (private)',
    });
    expect(await probe('http://mapped.example/', options())).toMatchObject({
      outcome: 'blocked',
      error: 'mapped.example resolves to ::ffff:127.0.0.1 (ipv4Mapped)',
    });
  });

  it('blocks loopback, metadata and IPv6 literals, and ports other than 80 and 443', async () => {
    expect(await probe('http://127.0.0.1/', options())).toMatchObject({ outcome: 'blocked' });
    expect(await probe('http://169.254.169.254/latest/meta-data/', options())).toMatchObject({
      outcome: 'blocked',
      error: '169.254.169.254 resolves to 169.254.169.254 (linkLocal)',
    });
    expect(await probe('http://[::1]/', options())).toMatchObject({ outcome: 'blocked' });
    expect(await probe('http://[fd00:ec2::254]/', options())).toMatchObject({ outcome: 'blocked' });
    expect(await probe('http://93.184.215.14:8080/', options())).toEqual({
      outcome: 'blocked',
      error: 'port 8080 refused',
    });
    expect(await probe(`http://127.0.0.2:${port}/ok`, options())).toEqual({
      outcome: 'blocked',
      error: `port ${port} refused`,
    });
  });

  it('blocks other schemes and addresses carrying credentials', async () => {
    expect(await probe('ftp://app.example/', options())).toMatchObject({ outcome: 'blocked' });
    expect(await probe(`http://user:pw@app.example:${port}/ok`, options())).toMatchObject({ outcome: 'blocked' });
    expect(await probe('not a url', options())).toEqual({ outcome: 'blocked', error: 'not an address' });
  });

  it('refuses every host but the allowed ones, without a lookup, when told to', async () => {
    let lookups = 0;
    const only = options({ allowedOnly: true, resolve: async () => ((lookups += 1), []) });
    expect(await probe('https://e2e.example/', only)).toEqual({
      outcome: 'blocked',
      error: 'e2e.example:443 is not an allowed host',
    });
    expect(lookups).toBe(0);
    expect(await probe(`http://127.0.0.1:${port}/ok`, only)).toMatchObject({ outcome: 'up' });
  });

  it('fails a name that does not resolve', async () => {
    expect(await probe('http://nowhere.example/', options())).toMatchObject({ outcome: 'fail', httpStatus: null });
  });
});
