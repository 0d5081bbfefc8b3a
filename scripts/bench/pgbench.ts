import { execFile } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { makeVoteQueries } from '../../db/src/queries/votes';

/** Where the PostgreSQL packages install their versions' binaries (pgbench may not be on the PATH). */
const POSTGRES_LIB = '/usr/lib/postgresql';

/** The pgbench binary, or null when PostgreSQL's client tools are not installed. */
export function findPgbench(): string | null {
  if (existsSync('/usr/bin/pgbench')) return '/usr/bin/pgbench';
  if (!existsSync(POSTGRES_LIB)) return null;
  const found = readdirSync(POSTGRES_LIB)
    .map((version) => join(POSTGRES_LIB, version, 'bin', 'pgbench'))
    .find((path) => existsSync(path));
  return found ?? null;
}

/**
 * The SQL the API sends to count votes (db castVotes), captured from postgres.js itself, so pgbench
 * runs the very same statement: $1 the ballots (JSON); its other parameters (the standing and weight
 * constants) are written in as typed literals, the values the API sent.
 */
export async function captureVoteStatement(url: string): Promise<string> {
  let captured = '';
  let parameters: unknown[] = [];
  let types: number[] = [];
  const sql = postgres(url, {
    max: 1,
    transform: postgres.camel,
    onnotice: () => {},
    debug: (_c, query, params, paramTypes) => {
      captured = query;
      parameters = params as unknown[];
      types = paramTypes as number[];
    },
  });
  try {
    // Project 0 never exists: the statement runs and writes nothing.
    await makeVoteQueries(sql).castVotes([{ projectId: 0, actor: null, ip: 'pgbench-capture' }]);
    // The type lookup below goes through debug too: keep the vote's statement and parameters first.
    const [statement, values, valueTypes] = [captured, parameters, types];
    const typeNames = new Map(
      (
        await sql<
          { oid: number; name: string }[]
        >`SELECT oid::int, format_type(oid, NULL) AS name FROM pg_type WHERE oid = ANY(${valueTypes.slice(1)}::oid[])`
      ).map((t) => [t.oid, t.name]),
    );
    // From the last down, so $12 is never read as $1 followed by 2.
    let inlined = statement;
    for (let i = values.length; i >= 2; i--) {
      const value = String(values[i - 1]).replace(/'/g, "''");
      inlined = inlined.replaceAll(`$${i}`, `'${value}'::${typeNames.get(valueTypes[i - 1]!) ?? 'text'}`);
    }
    return inlined;
  } finally {
    await sql.end();
  }
}

/**
 * Runs the vote statement under pgbench (prepared, `clients` connections, `seconds`), each
 * transaction one vote (a group of one ballot) from a new address on a random project of
 * 1..`projects`; answers transactions per second.
 */
export async function pgbenchVotes(opts: {
  pgbench: string;
  url: string;
  statement: string;
  projects: number;
  clients: number;
  seconds: number;
}): Promise<number> {
  const script = [
    `\\set p random(1, ${opts.projects})`,
    // A new address per transaction: the client id and a per-client counter never repeat in a run.
    '\\set n random(1, 2000000000)',
    opts.statement
      .replace(/--[^\n]*/g, '')
      .replace(/\s+/g, ' ')
      .replace(
        '$1',
        "jsonb_build_array(jsonb_build_object('ord', 0, 'project_id', (:p)::int, 'user_id', NULL, 'is_admin', false, 'ip', 'pgbench:' || (:client_id)::text || ':' || (:n)::text))",
      ) + ';',
  ].join('\n');
  const file = join(tmpdir(), `vitrine-bench-vote-${process.pid}.sql`);
  writeFileSync(file, script);
  const db = new URL(opts.url);
  const { stdout } = await promisify(execFile)(
    opts.pgbench,
    [
      '-h',
      db.hostname,
      '-p',
      db.port || '5432',
      '-U',
      decodeURIComponent(db.username) || 'postgres',
      '-n',
      '-M',
      'prepared',
      '-c',
      String(opts.clients),
      '-j',
      String(Math.min(opts.clients, 2)),
      '-T',
      String(opts.seconds),
      '-f',
      file,
      db.pathname.slice(1),
    ],
    { env: { ...process.env, PGPASSWORD: decodeURIComponent(db.password) } },
  ).finally(() => rmSync(file, { force: true }));
  const tps = /tps = ([\d.]+)/.exec(stdout);
  if (!tps) throw new Error(`pgbench said no tps:\n${stdout}`);
  return Number(tps[1]);
}
