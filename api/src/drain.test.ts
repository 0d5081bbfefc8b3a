import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createSql, type Sql } from '@vitrine/db/sql';
import { buildProject, buildUser } from '@vitrine/db/testing';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A TCP port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it answers true. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('SIGTERM on the api', () => {
  let sql: Sql;
  let api: ChildProcess;
  let output = '';
  let port: number;
  const exited = () => new Promise<number | null>((resolve) => api.once('exit', (code) => resolve(code)));
  beforeAll(async () => {
    sql = createSql(inject('databaseUrl'), { max: 3 });
    port = await freePort();
    api = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: String(port),
        DATABASE_URL: inject('databaseUrl'),
        REDIS_URL: inject('redisUrl'),
        REDIS_PREFIX: `${inject('redisPrefix')}drain-${randomBytes(3).toString('hex')}:`,
        SITE_URL: `http://127.0.0.1:${port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    api.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until('the api to listen', async () => output.includes('"msg":"listening"'), 60_000);
  }, 90_000);
  afterAll(async () => {
    if (api.exitCode === null) api.kill('SIGKILL');
    await sql.end();
  });

  it('keeps idle connections longer than a load balancer does', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health/live`);
    expect(res.status).toBe(200);
    expect(res.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('finishes the request in flight (closing its connection), sends sockets elsewhere, then exits 0', async () => {
    const owner = await buildUser(sql);
    const project = await buildProject(sql, { userId: owner.id });
    const socket = connectSocket(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { Origin: `http://127.0.0.1:${port}` },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    // Hold the projects table: the read below waits on the lock, in flight, until it is released.
    const holder = await sql.reserve();
    await holder`BEGIN`;
    await holder`LOCK TABLE projects IN ACCESS EXCLUSIVE MODE`;
    const slow = fetch(`http://127.0.0.1:${port}/api/projects/${project.id}`);
    await until('the read to wait on the lock', async () => {
      const [row] = await sql<{ waiting: string }[]>`
        SELECT count(*) AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%projects%'`;
      return Number(row?.waiting) > 0;
    });

    const exit = exited();
    api.kill('SIGTERM');
    // Draining: the sockets are sent away, and the port takes no new connection.
    expect(await disconnected).toBe('transport close');
    await until('the port to refuse connections', () =>
      fetch(`http://127.0.0.1:${port}/api/health/live`).then(
        () => false,
        () => true,
      ),
    );
    expect(api.exitCode).toBeNull();

    await holder`ROLLBACK`;
    holder.release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    // The answer closes its connection: the client sends nothing more on it to a draining node.
    expect(answer.headers.get('connection')).toBe('close');
    expect(((await answer.json()) as { id: number }).id).toBe(project.id);
    expect(await exit).toBe(0);
    expect(output).toContain('"msg":"drained"');
    socket.close();
  });
});
