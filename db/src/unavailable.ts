/**
 * Tells "PostgreSQL cannot be reached right now" apart from every other error, by code only (never by
 * message text), so callers answer 503 during an outage and 500 only for real bugs.
 */

/** Socket errors of Node (connecting to or talking with the server). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** postgres.js's own connection errors (`Errors.connection`). */
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);
/**
 * SQLSTATEs of a server going away or not taking connections: admin_shutdown (pg_terminate_backend,
 * a fast shutdown), crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections.
 */
const SERVER_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** SQLSTATE class 08: connection exceptions. */
const CONNECTION_EXCEPTION_CLASS = '08';

/** True when `err` (or, for an AggregateError of several addresses, each of its errors) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof AggregateError && err.errors.length > 0 && err.errors.every(isDatabaseUnavailable)) return true;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return (
    SOCKET_CODES.has(code) ||
    DRIVER_CODES.has(code) ||
    SERVER_SQLSTATES.has(code) ||
    (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS))
  );
}
