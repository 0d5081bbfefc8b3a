/**
 * Finds PostgreSQL and Redis for a local run: the URLs from the environment, else the usual local
 * ports, else private servers started from the machine's installed binaries under .data/.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import postgres from 'postgres';

/** Ports of the private servers, away from the standard ones. */
const PRIVATE_PG_PORT = 54329;
const PRIVATE_REDIS_PORT = 63799;

/** True when something accepts TCP connections on host:port within a second. */
export function portAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The path of a PostgreSQL program (initdb, pg_ctl): on PATH, else the newest under /usr/lib/postgresql. */
export function findPgBin(name: string): string | null {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin', name);
    if (existsSync(bin)) return bin;
  }
  return null;
}

const HOW_TO_GET_THEM = `
Vitrine needs PostgreSQL (15+) and Redis (7+). Either:
  docker compose up -d postgres redis
or install them from your system's packages, e.g. on Debian/Ubuntu:
  sudo apt-get install -y postgresql redis-server
or point DATABASE_URL and REDIS_URL at servers you already have.`;

/** Makes sure the database named in `url` exists (creating it through the server's postgres database). */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    const [exists] = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (!exists) await sql.unsafe(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await sql.end();
  }
}

/** The command line of a PostgreSQL program, run as the postgres system user when we are root (PostgreSQL refuses root). */
export function asPostgres(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

/** Runs a PostgreSQL program to its end (see asPostgres). */
export function runAsPostgres(cmd: string, args: string[], stdio: 'inherit' | 'ignore' = 'inherit') {
  const [command, commandArgs] = asPostgres(cmd, args);
  return spawnSync(command, commandArgs, { stdio });
}

/** A private cluster's programs, directory and port. */
export interface PrivateCluster {
  pgCtl: string;
  dir: string;
  port: number;
  /** Where its Unix socket goes. */
  socketDir: string;
}

/** Creates a trust-auth cluster in `dir` unless one is there; null when initdb is missing or fails. */
export function initPostgresCluster(
  dir: string,
  port: number,
  socketDir: string,
  log: (s: string) => void,
  stdio: 'inherit' | 'ignore' = 'inherit',
): PrivateCluster | null {
  const initdb = findPgBin('initdb');
  const pgCtl = findPgBin('pg_ctl');
  if (!initdb || !pgCtl) return null;
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres', dir]);
    log(`Creating a private PostgreSQL cluster in ${dir}`);
    const res = runAsPostgres(initdb, ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'], stdio);
    if (res.status !== 0) return null;
  }
  return { pgCtl, dir, port, socketDir };
}

/** The arguments of `pg_ctl start|stop|restart` for a private cluster (waiting for it, `extra` e.g. `-m fast`). */
export function pgCtlArgs(
  cluster: PrivateCluster,
  action: 'start' | 'stop' | 'restart',
  extra: string[] = [],
): string[] {
  const options =
    action === 'stop'
      ? []
      : [
          '-l',
          path.join(cluster.dir, 'server.log'),
          '-o',
          `-p ${cluster.port} -k ${cluster.socketDir} -c listen_addresses=127.0.0.1`,
        ];
  return ['-D', cluster.dir, ...options, '-w', ...extra, action];
}

/** Runs `pg_ctl` on a private cluster to its end; true when it succeeded. */
export function pgCtl(
  cluster: PrivateCluster,
  action: 'start' | 'stop' | 'restart',
  extra: string[] = [],
  stdio: 'inherit' | 'ignore' = 'inherit',
): boolean {
  return runAsPostgres(cluster.pgCtl, pgCtlArgs(cluster, action, extra), stdio).status === 0;
}

/** Starts (or reuses) a private PostgreSQL cluster under dataDir. */
async function startPrivatePostgres(dataDir: string, log: (s: string) => void): Promise<string | null> {
  const url = `postgres://postgres@127.0.0.1:${PRIVATE_PG_PORT}/vitrine`;
  if (await portAnswers(PRIVATE_PG_PORT)) return url;
  const dir = path.join(dataDir, 'postgres');
  const cluster = initPostgresCluster(dir, PRIVATE_PG_PORT, '/tmp', log);
  if (!cluster || !pgCtl(cluster, 'start')) return null;
  log(`Started a private PostgreSQL on port ${PRIVATE_PG_PORT} (data in ${dir})`);
  return url;
}

/** The redis-server program on PATH, or null. */
export function findRedisServer(): string | null {
  return spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim() || null;
}

/** A private Redis's arguments: persisted like production (appendonly, noeviction), on 127.0.0.1. */
export function redisServerArgs(port: number, dir: string): string[] {
  return [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--appendonly',
    'yes',
    '--maxmemory-policy',
    'noeviction',
    '--logfile',
    path.join(dir, 'redis.log'),
  ];
}

/** Starts (or reuses) a private Redis with its data under dataDir. */
async function startPrivateRedis(dataDir: string, log: (s: string) => void): Promise<string | null> {
  const url = `redis://127.0.0.1:${PRIVATE_REDIS_PORT}`;
  if (await portAnswers(PRIVATE_REDIS_PORT)) return url;
  const bin = findRedisServer();
  if (!bin) return null;
  const dir = path.join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const child = spawn(bin, [...redisServerArgs(PRIVATE_REDIS_PORT, dir), '--daemonize', 'yes'], { stdio: 'inherit' });
  await new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 50 && !(await portAnswers(PRIVATE_REDIS_PORT)); i += 1)
    await new Promise((r) => setTimeout(r, 100));
  log(`Started a private Redis on port ${PRIVATE_REDIS_PORT} (data in ${dir})`);
  return url;
}

/** Resolves DATABASE_URL and REDIS_URL for a local run, starting private servers when needed. */
export async function ensureServices(
  dataDir: string,
  log: (s: string) => void = console.log,
): Promise<{ databaseUrl: string; redisUrl: string }> {
  let databaseUrl = process.env.DATABASE_URL;
  let redisUrl = process.env.REDIS_URL;
  if (!databaseUrl) {
    databaseUrl = (await portAnswers(5432))
      ? 'postgres://postgres@127.0.0.1:5432/vitrine'
      : ((await startPrivatePostgres(dataDir, log)) ?? undefined);
  }
  if (!redisUrl) {
    redisUrl = (await portAnswers(6379))
      ? 'redis://127.0.0.1:6379'
      : ((await startPrivateRedis(dataDir, log)) ?? undefined);
  }
  if (!databaseUrl || !redisUrl) {
    console.error(
      `${!databaseUrl ? 'No PostgreSQL answers on 127.0.0.1:5432 and none is installed. ' : ''}${!redisUrl ? 'No Redis answers on 127.0.0.1:6379 and none is installed.' : ''}${HOW_TO_GET_THEM}`,
    );
    process.exit(1);
  }
  await ensureDatabase(databaseUrl);
  writeFileSync(path.join(dataDir, 'services.json'), JSON.stringify({ databaseUrl, redisUrl }, null, 2));
  return { databaseUrl, redisUrl };
}
