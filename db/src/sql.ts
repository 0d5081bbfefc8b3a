import postgres from 'postgres';

/** The database client type used everywhere: a pool, or a transaction inside `sql.begin`. */
export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql | postgres.Sql;
/** A piece of SQL one module hands another to compose into its statement. */
export type Fragment = postgres.PendingQuery<postgres.Row[]>;

/**
 * A connection attempt that has not finished by then fails, so a request answers 503 instead of
 * waiting on a PostgreSQL that does not answer (postgres.js waits 30 s by default).
 */
const CONNECT_TIMEOUT_SECONDS = 1;
/**
 * Longest wait before a connection of the pool tries again while PostgreSQL is down. postgres.js's
 * default grows to 20 s, and the queries queued behind the pool's connections are tried one per
 * attempt: with the default, a request waited seconds for its turn to fail. At 50 ms, 200 requests
 * queued on 10 connections all have their answer (503) within about a second, and an attempt is only
 * made for a waiting query (a refused connection costs PostgreSQL nothing).
 */
const MAX_RECONNECT_DELAY_SECONDS = 0.05;
/** The first reconnection delay, doubled on each failed attempt up to MAX_RECONNECT_DELAY_SECONDS. */
const FIRST_RECONNECT_DELAY_SECONDS = 0.005;

/** Seconds to wait before reconnection attempt number `retries` (postgres.js's `backoff`). */
function reconnectDelay(retries: number): number {
  return Math.min(MAX_RECONNECT_DELAY_SECONDS, FIRST_RECONNECT_DELAY_SECONDS * 2 ** retries);
}

/**
 * The longest a statement of a request may run (the API's pools): a read that has not finished by then
 * is cancelled by PostgreSQL (SQLSTATE 57014) and its request answers 503, so no stranger's request
 * holds a connection for longer. The worker and migrations set none: their recomputes and index
 * builds run as long as they need.
 */
export const REQUEST_STATEMENT_TIMEOUT_MS = 3000;

/** Sets the longest a statement of the current transaction `tx` may run (e.g. '10s'), in place of the pool's. */
export async function limitStatementTime(tx: Tx, timeout: string): Promise<void> {
  await tx`SELECT set_config('statement_timeout', ${timeout}, true)`;
}

/** Default connection for a local run. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/vitrine';

/**
 * Opens a pool. Columns come back camelCased; numeric and bigint stay strings in postgres.js,
 * so queries cast counts to int and presenters convert averages with Number(). With
 * `statementTimeoutMs`, every statement of the pool's connections is cancelled after that long.
 */
export function createSql(
  url: string,
  options: { max?: number; statementTimeoutMs?: number; applicationName?: string } = {},
): Sql {
  const connection: Record<string, string | number> = { application_name: options.applicationName ?? 'vitrine' };
  if (options.statementTimeoutMs !== undefined) connection.statement_timeout = options.statementTimeoutMs;
  return postgres(url, {
    max: options.max ?? 10,
    transform: postgres.camel,
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    backoff: reconnectDelay,
    connection,
  });
}

/** Whether the database answers a trivial query (health checks). */
export async function databaseAnswers(sql: Sql): Promise<boolean> {
  return sql`SELECT 1`.then(
    () => true,
    () => false,
  );
}
