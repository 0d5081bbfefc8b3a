import { z } from 'zod';
import type { SocialLinks } from '@vitrine/domain/ssr';
import { DEFAULT_SITE_NAME, SUBMISSION_LIMIT, SUBMISSION_WINDOW_SECONDS } from '@vitrine/domain/constants';
import { DEFAULT_DATABASE_URL } from '@vitrine/db/sql';

/** The session secret of a local run; production refuses to start with it (SESSION_SECRET must be set). */
const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me';
/** The site address of a local run (`npm start` on the default port); production must set SITE_URL. */
export const DEV_SITE_URL = 'http://localhost:3000';
/** Highest TCP port. */
const MAX_PORT = 65_535;
/** Proxies in front of the api by default under TRUST_PROXY=1: one load balancer or TLS proxy. */
const DEFAULT_PROXY_HOPS = 1;
/** More proxy hops than this is a mistake, not a deployment. */
const MAX_PROXY_HOPS = 10;

/** How far behind the primary the replica may be before every read goes to the primary (ms). */
const DEFAULT_REPLICA_MAX_LAG_MS = 2_000;
/** How often, at most, a node asks the replica how far it has replayed (ms); reads use the last answer. */
const DEFAULT_REPLICA_CHECK_MS = 250;

/** One `host:port` of REDIS_SENTINELS. */
const SENTINEL_ENTRY = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\]):(\d{1,5})$/;

/** Parses REDIS_SENTINELS (`host:port,host:port`); null when an entry is malformed. */
export function parseSentinels(list: string): Array<{ host: string; port: number }> | null {
  const entries = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const parsed = entries.map((entry) => {
    const m = SENTINEL_ENTRY.exec(entry);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > MAX_PORT) return null;
    return { host: m[1]!.replace(/^\[|\]$/g, ''), port: Number(m[2]) };
  });
  return parsed.every((e) => e !== null) ? parsed : null;
}

/** Share of the unremarkable requests the request log keeps at `info` (LOG_REQUEST_SAMPLE_RATE). */
const DEFAULT_REQUEST_SAMPLE_RATE = 0.01;
/** A request that took longer than this (ms) is always logged (LOG_SLOW_REQUEST_MS). */
const DEFAULT_SLOW_REQUEST_MS = 500;

/** Levels of LOG_LEVEL, most to least verbose, and `silent` (runtime/src/logger.ts). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What the logger needs before the whole configuration is read (runtime/src/logger.ts: a module may log as it loads). */
export interface LogSettings {
  /** LOG_LEVEL, 'info' when unset or not a level (loadConfig then refuses the value at start). */
  level: LogLevel;
  /** NODE_ENV is production: lines stay JSON even on a terminal. */
  production: boolean;
  /** VITRINE_SERVICE, the `service` of the lines of a process that has not named itself yet ('vitrine'). */
  service: string;
}

/** The logger's settings from `env`, read here like the rest of the configuration. */
export function logSettings(env: NodeJS.ProcessEnv = process.env): LogSettings {
  const level = env.LOG_LEVEL?.trim() ?? '';
  return {
    level: (LOG_LEVELS as readonly string[]).includes(level) ? (level as LogLevel) : 'info',
    production: env.NODE_ENV === 'production',
    service: env.VITRINE_SERVICE?.trim() || 'vitrine',
  };
}

/** An empty variable counts as unset (`PORT=` in an .env file means "the default"). */
const unsetIfBlank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A text variable with a default. */
const text = (fallback: string) => z.preprocess(unsetIfBlank, z.string().default(fallback));
/** A text variable that may stay unset (null). */
const optionalText = () => z.preprocess(unsetIfBlank, z.string().nullable().default(null));
/** A whole number between `min` and `max`. */
const whole = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    unsetIfBlank,
    z.coerce
      .number({ error: `must be a whole number from ${min} to ${max}` })
      .int(`must be a whole number from ${min} to ${max}`)
      .min(min, `must be a whole number from ${min} to ${max}`)
      .max(max, `must be a whole number from ${min} to ${max}`)
      .default(fallback),
  );
/** A share from 0 to 1 (0.01 is one in a hundred). */
const fraction = (fallback: number) =>
  z.preprocess(
    unsetIfBlank,
    z.coerce
      .number({ error: 'must be a number from 0 to 1' })
      .min(0, 'must be a number from 0 to 1')
      .max(1, 'must be a number from 0 to 1')
      .default(fallback),
  );
/** A TCP port that may stay unset (null); 0 asks the system for a free one. */
const optionalPort = () =>
  z.preprocess(
    unsetIfBlank,
    z
      .string()
      .regex(/^\d+$/, `must be a port from 0 to ${MAX_PORT}`)
      .transform(Number)
      .refine((n) => n <= MAX_PORT, `must be a port from 0 to ${MAX_PORT}`)
      .nullable()
      .default(null),
  );
/** A yes/no variable: 1, true, yes, on or 0, false, no, off (any letter case). */
const flag = (fallback: boolean) =>
  z.preprocess(
    unsetIfBlank,
    z
      .enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'], { error: 'must be 1 or 0 (true or false)' })
      .optional()
      .transform((v) => (v === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(v))),
  );

/** An optional https address (a profile on another site): unset or blank reads null. */
const profileUrl = () =>
  z.preprocess(
    unsetIfBlank,
    z
      .url({ protocol: /^https$/, error: 'must be an https address such as https://github.com/your-account' })
      .nullable()
      .default(null),
  );

/**
 * Every variable the processes read (.env.example lists each with its default), checked once: a bad
 * value stops start-up with a message naming the variable instead of becoming NaN somewhere later.
 */
const envSchema = z
  .object({
    NODE_ENV: optionalText(),
    PORT: whole(3000, 0, MAX_PORT),
    DATABASE_URL: text(DEFAULT_DATABASE_URL),
    REDIS_URL: text('redis://127.0.0.1:6379'),
    REDIS_PREFIX: text('vitrine:'),
    REDIS_SENTINELS: text(''),
    REDIS_SENTINEL_NAME: optionalText(),
    DATABASE_REPLICA_URL: optionalText(),
    DATABASE_REPLICA_MAX_LAG_MS: whole(DEFAULT_REPLICA_MAX_LAG_MS, 1),
    DATABASE_REPLICA_CHECK_MS: whole(DEFAULT_REPLICA_CHECK_MS, 10),
    SESSION_SECRET: optionalText(),
    SITE_NAME: text(DEFAULT_SITE_NAME),
    SITE_URL: z.preprocess(
      unsetIfBlank,
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) address such as https://vitrine.example' })
        .nullable()
        .default(null),
    ),
    GITHUB_URL: profileUrl(),
    BLUESKY_URL: profileUrl(),
    TRUST_PROXY: flag(false),
    TRUST_PROXY_HOPS: whole(DEFAULT_PROXY_HOPS, 1, MAX_PROXY_HOPS),
    SMTP_URL: optionalText(),
    MAIL_FROM: text('Vitrine <no-reply@vitrine.local>'),
    ADMIN_EMAIL: optionalText(),
    ADMIN_USERNAME: optionalText(),
    ADMIN_PASSWORD: optionalText(),
    SEED_DEMO: flag(true),
    SUBMISSION_LIMIT: whole(SUBMISSION_LIMIT, 1),
    SUBMISSION_WINDOW_SECONDS: whole(SUBMISSION_WINDOW_SECONDS, 1),
    RATE_LIMIT_MULTIPLIER: whole(1, 1),
    ALLOWED_ORIGINS: text(''),
    WORKER_LOCK_DURATION_MS: whole(30_000, 1),
    WORKER_STALLED_INTERVAL_MS: whole(30_000, 1),
    WORKER_RELAY_EVERY_MS: whole(5_000, 1),
    WORKER_RELAY_AFTER_MS: whole(5_000, 0),
    WORKER_EMAIL_BACKOFF_MS: whole(10_000, 1),
    INTEGRITY_SCAN_SECONDS: whole(600, 1),
    MAIL_OUTBOX_DIR: optionalText(),
    WORKER_HEARTBEAT_FILE: optionalText(),
    LOG_LEVEL: z.preprocess(unsetIfBlank, z.enum(LOG_LEVELS).default('info')),
    LOG_REQUEST_SAMPLE_RATE: fraction(DEFAULT_REQUEST_SAMPLE_RATE),
    LOG_SLOW_REQUEST_MS: whole(DEFAULT_SLOW_REQUEST_MS, 1),
    METRICS_PORT: optionalPort(),
    WORKER_METRICS_PORT: optionalPort(),
    METRICS_HOST: text('127.0.0.1'),
    MEDIA_DIR: text('.data/media'),
    S3_BUCKET: optionalText(),
    S3_ENDPOINT: optionalText(),
    S3_ACCESS_KEY_ID: optionalText(),
    S3_SECRET_ACCESS_KEY: optionalText(),
    S3_REGION: text('us-east-1'),
    LIVENESS_ENABLED: flag(false),
    LIVENESS_INTERVAL_SECONDS: whole(900, 10),
    LIVENESS_FAILURES_TO_DOWN: whole(3, 1, 100),
    LIVENESS_TIMEOUT_MS: whole(10_000, 50, 60_000),
    LIVENESS_ALLOWED_HOSTS: text(''),
    LIVENESS_ALLOWED_ONLY: flag(false),
    WEBHOOK_ALLOWED_HOSTS: text(''),
  })
  .superRefine((env, ctx) => {
    // Metrics name every route and queue: they never share the public port (docs/security.md).
    for (const name of ['METRICS_PORT', 'WORKER_METRICS_PORT'] as const) {
      if (env[name] !== null && env[name] !== 0 && env[name] === env.PORT) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'must differ from PORT (metrics stay off the public port)',
        });
      }
    }
    // Sentinel mode needs both the sentinels and the name of the primary they watch.
    const sentinels = parseSentinels(env.REDIS_SENTINELS);
    if (sentinels === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_SENTINELS'],
        message: 'must be a comma-separated list of host:port, such as 10.0.0.1:26379,10.0.0.2:26379',
      });
    } else if (sentinels.length > 0 && env.REDIS_SENTINEL_NAME === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_SENTINEL_NAME'],
        message: 'must be set with REDIS_SENTINELS (the primary name the sentinels monitor, such as mymaster)',
      });
    } else if (sentinels.length === 0 && env.REDIS_SENTINEL_NAME !== null) {
      ctx.addIssue({ code: 'custom', path: ['REDIS_SENTINELS'], message: 'must be set with REDIS_SENTINEL_NAME' });
    }
    // The S3-compatible store takes all four or none (then pictures go to MEDIA_DIR).
    const s3 = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const missing = s3.filter((name) => env[name] === null);
    if (missing.length > 0 && missing.length < s3.length) {
      ctx.addIssue({
        code: 'custom',
        path: [missing[0]!],
        message: `must be set with ${s3.filter((name) => env[name] !== null).join(', ')} (the S3 store needs all four)`,
      });
    }
    if (env.NODE_ENV === 'production' && env.SESSION_SECRET === null) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set in production' });
    }
    if (env.NODE_ENV === 'production' && env.SITE_URL === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message:
          'must be set in production to the public address of the site, such as https://vitrine.example (links in mails, feeds and sitemaps, and the origin writes must come from)',
      });
    }
  });

/** Worker tunables read from the environment (docs/operations.md); the worker adds its fixed ones. */
export interface WorkerEnvSettings {
  /** A job whose worker stops renewing its lock for this long is taken over by another worker. */
  lockDurationMs: number;
  /** How often a worker looks for stalled jobs. */
  stalledIntervalMs: number;
  /** How often the relay runs, and how old an unpublished event must be to be relayed. */
  relayEveryMs: number;
  relayAfterMs: number;
  /** First retry delay of a mail (doubled each time). */
  emailBackoffMs: number;
  /** How often the integrity scan looks for vote rings (INTEGRITY_SCAN_SECONDS). */
  integrityScanEveryMs: number;
  /** Where mails go without SMTP_URL (the mailer's default when unset). */
  outboxDir?: string;
  /** A file the worker touches while it runs, for a container healthcheck to read the age of (WORKER_HEARTBEAT_FILE). */
  heartbeatFile: string | null;
}

/** An S3-compatible bucket for project pictures (AWS, MinIO, R2...). */
export interface S3Settings {
  bucket: string;
  /** The service's address, such as https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** Where project pictures are stored: the S3 bucket when configured, else the directory. */
export interface MediaSettings {
  dir: string;
  s3: S3Settings | null;
}

/** Everything the processes read from the environment, validated. */
/** The live-or-down checks of hosted projects (docs/operations.md "Liveness"). */
export interface LivenessSettings {
  /** Off unless LIVENESS_ENABLED=1: development, tests and CI never reach past loopback. */
  enabled: boolean;
  /** Every visible project is checked once per interval, the checks spread over it. */
  intervalSeconds: number;
  /** Failures in a row that make a project down. */
  failuresToDown: number;
  /** Time limit of one check, redirects included. */
  timeoutMs: number;
  /** host:port entries checked whatever their address and port (lower case). */
  allowedHosts: string[];
  /** Check only the allowed hosts; any other is recorded blocked without a name lookup (the e2e server). */
  allowedOnly: boolean;
}

/** Webhook deliveries to members' addresses (docs/api.md "Webhooks"). */
export interface WebhookSettings {
  /** host:port entries a webhook may use whatever their address and port (lower case; development and tests). */
  allowedHosts: string[];
}

/** A streaming replica that public reads may use (api/src/read-routing.ts, docs/operations.md "Read replica"). */
export interface ReplicaSettings {
  url: string;
  /** Past this lag every read goes to the primary. */
  maxLagMs: number;
  /** The replica's replay position is asked at most this often. */
  checkMs: number;
}

/** Redis Sentinel: the sentinels and the name of the primary they watch (runtime/src/redis.ts). */
export interface SentinelSettings {
  sentinels: Array<{ host: string; port: number }>;
  name: string;
}

export interface Config {
  port: number;
  databaseUrl: string;
  /** DATABASE_REPLICA_URL and its bounds; null: every read on the primary. */
  databaseReplica: ReplicaSettings | null;
  /** Redis's address; under `redisSentinel`, only its user, password and database number are used. */
  redisUrl: string;
  /** REDIS_SENTINELS and REDIS_SENTINEL_NAME; null: `redisUrl` is connected to directly. */
  redisSentinel: SentinelSettings | null;
  /** Prefix of every Redis key and BullMQ queue of this deployment (tests use one of their own). */
  redisPrefix: string;
  sessionSecret: string;
  siteName: string;
  /**
   * The site's public address (`https://host`, no trailing slash): every absolute link (mails, feeds,
   * sitemaps, robots.txt, canonical and og tags) and the origin writes and socket handshakes must come
   * from. Never read from the request (Host, X-Forwarded-Host): a client could name any host.
   * Defaults to DEV_SITE_URL outside production; production refuses to start without it.
   */
  siteUrl: string;
  /** The site's own accounts the footer links to (GITHUB_URL, BLUESKY_URL); an unset one is not shown. */
  socialLinks: SocialLinks;
  /** Trust X-Forwarded-* (behind a load balancer): the client address, and https from X-Forwarded-Proto (the session cookie is Secure on https requests). */
  trustProxy: boolean;
  /**
   * Under trustProxy, how many proxies append to X-Forwarded-For: the client address is the entry this
   * many from the right (Koa's maxIpsCount), so whatever a client writes to the left of it is ignored.
   */
  trustProxyHops: number;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmail: string | null;
  adminUsername: string | null;
  adminPassword: string | null;
  seedDemo: boolean;
  submissionLimit: number;
  submissionWindowSeconds: number;
  /** Multiplies every rate limit's allowance (end-to-end tests drive many accounts from one address). */
  rateLimitMultiplier: number;
  /** Origins allowed to write, besides SITE_URL's. */
  allowedOrigins: string[];
  production: boolean;
  /** The worker's tunables from the environment. */
  worker: WorkerEnvSettings;
  /** Lowest level written to the log (LOG_LEVEL, runtime/src/logger.ts). */
  logLevel: LogLevel;
  /** LOG_REQUEST_SAMPLE_RATE and LOG_SLOW_REQUEST_MS: which requests the request log writes at `info`. */
  requestLog: RequestLogSettings;
  /** Port of the api's Prometheus /metrics listener (METRICS_PORT); null: none. Never the public port. */
  metricsPort: number | null;
  /** Port of the worker's Prometheus /metrics listener (WORKER_METRICS_PORT); null: none. */
  workerMetricsPort: number | null;
  /** Address both metrics listeners bind to (METRICS_HOST): loopback unless a scraper elsewhere needs it. */
  metricsHost: string;
  /** Project pictures' store (MEDIA_DIR, S3_*; api/src/media/storage.ts). */
  media: MediaSettings;
  liveness: LivenessSettings;
  /** Webhook deliveries (WEBHOOK_ALLOWED_HOSTS). */
  webhooks: WebhookSettings;
}

/** A configuration that cannot start: its message names each bad variable and what it must be. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The parsed environment. */
type Env = z.output<typeof envSchema>;

/**
 * Which requests the api's request log writes (api/src/middleware/request-log.ts, docs/operations.md
 * "Logs"): at `info`, every 5xx, every 4xx but 401, 404 and 409, every request slower than `slowMs`,
 * and a share `sampleRate` of the rest; at `debug`, every request.
 */
export interface RequestLogSettings {
  sampleRate: number;
  slowMs: number;
}

/** Project pictures' store: S3 when its four values are set, else the directory. */
function mediaSettings(e: Env): MediaSettings {
  return {
    dir: e.MEDIA_DIR,
    s3:
      e.S3_BUCKET && e.S3_ENDPOINT && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
          }
        : null,
  };
}

/** The worker's tunables. */
function workerSettings(e: Env): WorkerEnvSettings {
  return {
    lockDurationMs: e.WORKER_LOCK_DURATION_MS,
    stalledIntervalMs: e.WORKER_STALLED_INTERVAL_MS,
    relayEveryMs: e.WORKER_RELAY_EVERY_MS,
    relayAfterMs: e.WORKER_RELAY_AFTER_MS,
    emailBackoffMs: e.WORKER_EMAIL_BACKOFF_MS,
    integrityScanEveryMs: e.INTEGRITY_SCAN_SECONDS * 1000,
    ...(e.MAIL_OUTBOX_DIR === null ? {} : { outboxDir: e.MAIL_OUTBOX_DIR }),
    heartbeatFile: e.WORKER_HEARTBEAT_FILE,
  };
}

/** A comma-separated host:port list, trimmed and lower case. */
function hostList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/** The worker's live-or-down checks. */
function livenessSettings(e: Env): LivenessSettings {
  return {
    enabled: e.LIVENESS_ENABLED,
    intervalSeconds: e.LIVENESS_INTERVAL_SECONDS,
    failuresToDown: e.LIVENESS_FAILURES_TO_DOWN,
    timeoutMs: e.LIVENESS_TIMEOUT_MS,
    allowedHosts: hostList(e.LIVENESS_ALLOWED_HOSTS),
    allowedOnly: e.LIVENESS_ALLOWED_ONLY,
  };
}

/** Reads and validates the configuration once; defaults serve a local run. Throws ConfigError on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = env[name];
      return `${name} ${issue.message}${raw === undefined || raw === '' ? '' : ` (got ${JSON.stringify(raw)})`}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databaseReplica:
      e.DATABASE_REPLICA_URL === null
        ? null
        : {
            url: e.DATABASE_REPLICA_URL,
            maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
            checkMs: e.DATABASE_REPLICA_CHECK_MS,
          },
    redisUrl: e.REDIS_URL,
    redisSentinel:
      e.REDIS_SENTINEL_NAME === null
        ? null
        : { sentinels: parseSentinels(e.REDIS_SENTINELS) ?? [], name: e.REDIS_SENTINEL_NAME },
    redisPrefix: e.REDIS_PREFIX,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    siteName: e.SITE_NAME,
    siteUrl: (e.SITE_URL ?? DEV_SITE_URL).replace(/\/+$/, ''),
    socialLinks: { github: e.GITHUB_URL, bluesky: e.BLUESKY_URL },
    trustProxy: e.TRUST_PROXY,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    submissionLimit: e.SUBMISSION_LIMIT,
    submissionWindowSeconds: e.SUBMISSION_WINDOW_SECONDS,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    production: e.NODE_ENV === 'production',
    worker: workerSettings(e),
    logLevel: e.LOG_LEVEL,
    requestLog: { sampleRate: e.LOG_REQUEST_SAMPLE_RATE, slowMs: e.LOG_SLOW_REQUEST_MS },
    metricsPort: e.METRICS_PORT,
    workerMetricsPort: e.WORKER_METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    media: mediaSettings(e),
    liveness: livenessSettings(e),
    webhooks: { allowedHosts: hostList(e.WEBHOOK_ALLOWED_HOSTS) },
  };
}

/**
 * The configuration of a process being started: on a bad value it prints the message (naming the
 * variable) and exits with status 1, rather than a stack trace or a server on port NaN.
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // The logger is not configured yet (its level is one of the values being checked): plain stderr.
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
