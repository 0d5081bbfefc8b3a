import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { loadConfig } from '@vitrine/runtime/config';
import { hasSeries, sampleValue } from '@vitrine/runtime/metrics-text';
import { startApi, type RunningApi } from './server';

/** Scrapes the api's metrics listener. */
async function scrape(api: RunningApi): Promise<string> {
  const res = await fetch(api.metricsUrl!);
  expect(res.status).toBe(200);
  return res.text();
}

describe('api metrics', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({
      ...loadConfig({ NODE_ENV: 'test' }),
      databaseUrl: inject('databaseUrl'),
      redisUrl: inject('redisUrl'),
      redisPrefix: `${inject('redisPrefix')}${randomBytes(3).toString('hex')}:`,
      port: 0,
      metricsPort: 0,
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('serve /metrics on a loopback port of their own, never on the public port', async () => {
    expect(api.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(api.metricsUrl!).port).not.toBe(new URL(api.url).port);
    const publicAnswer = await fetch(`${api.url}/metrics`);
    expect(publicAnswer.status).toBe(404);
    expect(await publicAnswer.text()).not.toContain('vitrine_');
    expect((await fetch(api.metricsUrl!.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('name every series of docs/operations.md', async () => {
    const text = await scrape(api);
    for (const name of [
      'vitrine_http_request_duration_seconds',
      'vitrine_http_requests_in_flight',
      'vitrine_db_connections',
      'vitrine_db_lock_waits',
      'vitrine_statement_timeouts_total',
      'vitrine_redis_errors_total',
      'vitrine_sockets_connected',
      'vitrine_shared_reads_total',
      'vitrine_ready',
      'vitrine_nodejs_eventloop_lag_seconds',
      'vitrine_process_cpu_seconds_total',
      'vitrine_process_resident_memory_bytes',
    ])
      expect(hasSeries(text, name), name).toBe(true);
    expect(sampleValue(text, 'vitrine_db_connections', { application: 'vitrine' })).toBeGreaterThan(0);
    expect(sampleValue(text, 'vitrine_ready', { check: 'all' })).toBe(1);
  });

  it('count requests by route pattern, never by raw path, and shared-read hits and misses', async () => {
    const before = await scrape(api);
    const labels = { method: 'GET', route: '/api/projects/:id', status: '404' };
    const count = (text: string) => sampleValue(text, 'vitrine_http_request_duration_seconds_count', labels) ?? 0;
    const lookups = (text: string, result: string) => sampleValue(text, 'vitrine_shared_reads_total', { result }) ?? 0;
    expect((await fetch(`${api.url}/api/projects/987654`)).status).toBe(404);
    expect((await fetch(`${api.url}/api/projects/987655`)).status).toBe(404);
    expect((await fetch(`${api.url}/api/projects/trending?period=today`)).status).toBe(200);
    expect((await fetch(`${api.url}/api/projects/trending?period=today`)).status).toBe(200);
    expect((await fetch(`${api.url}/no/such/api/thing/42`, { method: 'POST' })).status).toBeGreaterThanOrEqual(400);
    const after = await scrape(api);
    expect(count(after) - count(before)).toBe(2);
    expect(after).not.toContain('987654');
    expect(after).not.toContain('/no/such');
    expect(sampleValue(after, 'vitrine_http_request_duration_seconds_count', { route: '(unmatched)' })).toBeGreaterThan(
      0,
    );
    expect(lookups(after, 'miss')).toBeGreaterThan(lookups(before, 'miss'));
    expect(lookups(after, 'hit')).toBeGreaterThan(lookups(before, 'hit'));
  });
});
