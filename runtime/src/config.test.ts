import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_SITE_URL, loadConfig, logSettings } from './config';

describe('loadConfig', () => {
  it('fills every default for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      redisPrefix: 'vitrine:',
      trustProxy: false,
      seedDemo: true,
      rateLimitMultiplier: 1,
      allowedOrigins: [],
      production: false,
    });
    expect(config.worker).toEqual({
      lockDurationMs: 30_000,
      stalledIntervalMs: 30_000,
      relayEveryMs: 5_000,
      relayAfterMs: 5_000,
      emailBackoffMs: 10_000,
      integrityScanEveryMs: 600_000,
      heartbeatFile: null,
    });
  });

  it('reads values, treating an empty one as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      TRUST_PROXY: 'true',
      SEED_DEMO: '0',
      SMTP_URL: '',
      ALLOWED_ORIGINS: ' https://a.example , https://b.example',
      MAIL_OUTBOX_DIR: '/tmp/out',
    });
    expect(config).toMatchObject({
      port: 8080,
      trustProxy: true,
      seedDemo: false,
      smtpUrl: null,
      allowedOrigins: ['https://a.example', 'https://b.example'],
    });
    expect(config.worker.outboxDir).toBe('/tmp/out');
  });

  it("reads the footer's social links, https addresses, none by default", () => {
    expect(loadConfig({}).socialLinks).toEqual({ github: null, bluesky: null });
    expect(loadConfig({ GITHUB_URL: 'https://github.example/vitrine', BLUESKY_URL: ' ' }).socialLinks).toEqual({
      github: 'https://github.example/vitrine',
      bluesky: null,
    });
    expect(() => loadConfig({ BLUESKY_URL: 'javascript:alert(1)' })).toThrow(/BLUESKY_URL must be an https address/);
    expect(() => loadConfig({ GITHUB_URL: 'http://github.example/vitrine' })).toThrow(/GITHUB_URL/);
  });

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('PORT must be a whole number from 0 to 65535 (got "abc")');
    expect(() => loadConfig({ WORKER_RELAY_EVERY_MS: '1.5' })).toThrow(/WORKER_RELAY_EVERY_MS/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY must be 1 or 0/);
    expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: '0' })).toThrow(/RATE_LIMIT_MULTIPLIER/);
  });

  it('reads LOG_LEVEL and the metrics ports: off by default, on loopback, never the public port', () => {
    const plain = loadConfig({});
    expect(plain).toMatchObject({
      logLevel: 'info',
      metricsPort: null,
      workerMetricsPort: null,
      metricsHost: '127.0.0.1',
    });
    const set = loadConfig({ LOG_LEVEL: 'warn', PORT: '8080', METRICS_PORT: '9464', WORKER_METRICS_PORT: '9465' });
    expect(set).toMatchObject({ logLevel: 'warn', metricsPort: 9464, workerMetricsPort: 9465 });
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT must be a port/);
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ WORKER_METRICS_PORT: '3000' })).toThrow(/WORKER_METRICS_PORT must differ from PORT/);
  });

  it("reads the request log's sample rate and slow threshold: 1 % and 500 ms by default", () => {
    expect(loadConfig({}).requestLog).toEqual({ sampleRate: 0.01, slowMs: 500 });
    expect(loadConfig({ LOG_REQUEST_SAMPLE_RATE: '0.25', LOG_SLOW_REQUEST_MS: '2000' }).requestLog).toEqual({
      sampleRate: 0.25,
      slowMs: 2000,
    });
    expect(loadConfig({ LOG_REQUEST_SAMPLE_RATE: '0' }).requestLog.sampleRate).toBe(0);
    expect(() => loadConfig({ LOG_REQUEST_SAMPLE_RATE: '1.5' })).toThrow(
      /LOG_REQUEST_SAMPLE_RATE must be a number from 0 to 1/,
    );
    expect(() => loadConfig({ LOG_REQUEST_SAMPLE_RATE: 'half' })).toThrow(/LOG_REQUEST_SAMPLE_RATE/);
    expect(() => loadConfig({ LOG_SLOW_REQUEST_MS: '0' })).toThrow(/LOG_SLOW_REQUEST_MS must be a whole number/);
  });

  it('keeps the liveness checks off unless LIVENESS_ENABLED=1, and reads their settings', () => {
    expect(loadConfig({}).liveness).toEqual({
      enabled: false,
      intervalSeconds: 900,
      failuresToDown: 3,
      timeoutMs: 10_000,
      allowedHosts: [],
      allowedOnly: false,
    });
    const set = loadConfig({
      LIVENESS_ENABLED: '1',
      LIVENESS_INTERVAL_SECONDS: '60',
      LIVENESS_ALLOWED_HOSTS: ' App.Example:8080 , 127.0.0.1:3000',
    }).liveness;
    expect(set).toMatchObject({
      enabled: true,
      intervalSeconds: 60,
      allowedHosts: ['app.example:8080', '127.0.0.1:3000'],
    });
    expect(() => loadConfig({ LIVENESS_TIMEOUT_MS: '0' })).toThrow(/LIVENESS_TIMEOUT_MS/);
  });

  it('reads the hosts webhooks may use whatever their address: none by default', () => {
    expect(loadConfig({}).webhooks).toEqual({ allowedHosts: [] });
    expect(loadConfig({ WEBHOOK_ALLOWED_HOSTS: ' Hooks.Example:8080 ,127.0.0.1:4000,' }).webhooks).toEqual({
      allowedHosts: ['hooks.example:8080', '127.0.0.1:4000'],
    });
  });

  it('reads the read replica: none by default, its lag bound and check interval', () => {
    expect(loadConfig({}).databaseReplica).toBeNull();
    expect(loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica.example/vitrine' }).databaseReplica).toEqual({
      url: 'postgres://replica.example/vitrine',
      maxLagMs: 2_000,
      checkMs: 250,
    });
    expect(
      loadConfig({
        DATABASE_REPLICA_URL: 'postgres://replica.example/vitrine',
        DATABASE_REPLICA_MAX_LAG_MS: '500',
        DATABASE_REPLICA_CHECK_MS: '100',
      }).databaseReplica,
    ).toMatchObject({ maxLagMs: 500, checkMs: 100 });
    expect(() => loadConfig({ DATABASE_REPLICA_MAX_LAG_MS: '0' })).toThrow(
      /DATABASE_REPLICA_MAX_LAG_MS must be a whole number/,
    );
  });

  it('reads Redis Sentinel: both REDIS_SENTINELS and REDIS_SENTINEL_NAME, or neither', () => {
    expect(loadConfig({}).redisSentinel).toBeNull();
    expect(
      loadConfig({
        REDIS_SENTINELS: ' 10.0.0.1:26379, sentinel-b.example:26380,[::1]:26381',
        REDIS_SENTINEL_NAME: 'mymaster',
      }).redisSentinel,
    ).toEqual({
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: 'sentinel-b.example', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      name: 'mymaster',
    });
    expect(() => loadConfig({ REDIS_SENTINELS: '10.0.0.1:26379' })).toThrow(
      /REDIS_SENTINEL_NAME must be set with REDIS_SENTINELS/,
    );
    expect(() => loadConfig({ REDIS_SENTINEL_NAME: 'mymaster' })).toThrow(
      /REDIS_SENTINELS must be set with REDIS_SENTINEL_NAME/,
    );
    expect(() => loadConfig({ REDIS_SENTINELS: '10.0.0.1', REDIS_SENTINEL_NAME: 'mymaster' })).toThrow(
      /REDIS_SENTINELS must be a comma-separated list of host:port/,
    );
    expect(() => loadConfig({ REDIS_SENTINELS: '10.0.0.1:70000', REDIS_SENTINEL_NAME: 'mymaster' })).toThrow(
      /REDIS_SENTINELS must be a comma-separated list/,
    );
  });

  it('reads TRUST_PROXY_HOPS, 1 by default, a whole number from 1 to 10', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '1', TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '0' })).toThrow(
      'TRUST_PROXY_HOPS must be a whole number from 1 to 10 (got "0")',
    );
    expect(() => loadConfig({ TRUST_PROXY_HOPS: 'two' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('names every bad variable at once, and requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ PORT: '70000', SUBMISSION_LIMIT: 'x' })).toThrow(/PORT .*; SUBMISSION_LIMIT /);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('SESSION_SECRET must be set in production');
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's3cret', SITE_URL: 'https://vitrine.example' }).production,
    ).toBe(true);
  });

  it('requires SITE_URL in production (links in mails pointed at localhost without it), and defaults it elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's3cret' })).toThrow(
      /SITE_URL must be set in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's3cret', SITE_URL: ' ' })).toThrow(
      /SITE_URL must be set in production/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's3cret', SITE_URL: 'https://vitrine.example/' }).siteUrl,
    ).toBe('https://vitrine.example');
    expect(loadConfig({}).siteUrl).toBe(DEV_SITE_URL);
    expect(() => loadConfig({ SITE_URL: 'javascript:alert(1)' })).toThrow(/SITE_URL must be an http\(s\) address/);
  });
});

describe('logSettings', () => {
  it('reads the level, production and the service name the logger starts with', () => {
    expect(logSettings({ LOG_LEVEL: ' warn ', NODE_ENV: 'production', VITRINE_SERVICE: 'worker' })).toEqual({
      level: 'warn',
      production: true,
      service: 'worker',
    });
    // An unknown level starts at info (loadConfig refuses it at start); blanks take the defaults.
    expect(logSettings({ LOG_LEVEL: 'loud', VITRINE_SERVICE: ' ' })).toEqual({
      level: 'info',
      production: false,
      service: 'vitrine',
    });
  });
});
