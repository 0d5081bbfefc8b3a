/**
 * A throwaway PostgreSQL server of a test's own (initdb + pg_ctl), for tests that stop and start the
 * database: never the shared server. As root, the binaries run as the postgres system user (PostgreSQL
 * refuses to run as root), as scripts/lib/services.ts does for `npm start`.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where Debian-style packages install the server binaries, one directory per major version. */
const PG_LIB_ROOT = '/usr/lib/postgresql';

/** A private server: its URL (database `postgres`, trust auth) and its lifecycle. */
export interface PrivatePostgres {
  url: string;
  /** Starts the server and waits until it accepts connections. */
  start(): void;
  /** Stops it (`fast`: terminates the sessions, as an operator's restart does) and waits. */
  stop(mode?: 'smart' | 'fast' | 'immediate'): void;
  /** Stops it if running and deletes its data directory. */
  remove(): void;
}

/** The path of a PostgreSQL server binary: on PATH, else the newest under PG_LIB_ROOT. */
function pgBin(name: string): string {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const versions = existsSync(PG_LIB_ROOT) ? readdirSync(PG_LIB_ROOT).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(PG_LIB_ROOT, v, 'bin', name)).find((bin) => existsSync(bin));
  if (!found) throw new Error(`${name} is not installed (PostgreSQL server binaries are needed for this test)`);
  return found;
}

/** Runs a PostgreSQL binary (as the postgres user when we are root) and throws with its output on failure. */
function run(name: string, args: string[]): void {
  const bin = pgBin(name);
  const asRoot = process.getuid?.() === 0;
  const res = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', bin, ...args], { encoding: 'utf8' })
    : spawnSync(bin, args, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${name} ${args.join(' ')} failed: ${res.stderr || res.stdout}`);
}

/** Creates (initdb) a private server listening on 127.0.0.1:port; call start() next. */
export function createPrivatePostgres(port: number): PrivatePostgres {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-pg-'));
  // The postgres user must own its data directory and reach it through the temporary one.
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres', dir]);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  let running = false;
  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
      run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start']);
      running = true;
    },
    stop(mode = 'fast') {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    remove() {
      if (running) server.stop('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}
