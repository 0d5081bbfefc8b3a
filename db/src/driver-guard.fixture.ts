/**
 * Run as a child process by driver-guard.test.ts: terminates the backends of a transaction and of a
 * reserved connection while small writes are queued on them, then prints what each query settled to.
 * With postgres.js 3.4.9 unpatched, the queued write fires on a null socket and this process exits 1
 * with "Cannot read properties of null (reading 'write')", and a failed array-types query ends it with
 * an unhandled rejection; with patches/postgres+3.4.9.patch it exits 0.
 */
import postgres from 'postgres';

/** How long the transaction's query would run if its backend were not terminated. */
const SLEEP_SECONDS = 5;
/** Time left for a close or a late setImmediate write to land before the fixture reads on. */
const SETTLE_MS = 300;

const url = process.argv[2];
if (!url) throw new Error('usage: driver-guard.fixture.ts <database url>');
// One connection, so the query after the blip must go through the very connection that was cut.
const sql = postgres(url, { max: 1, onnotice: () => {} });
const pinned = postgres(url, { max: 1, onnotice: () => {} });
const killer = postgres(url, { max: 1, onnotice: () => {} });

/** The error code a query rejected with, or 'resolved'. */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'resolved';
  } catch (err) {
    return String((err as { code?: string }).code ?? (err as Error).message);
  }
}

// 1. A transaction whose query is in flight when its backend dies: postgres.js then writes its own
// ROLLBACK to the closed connection (a small write scheduled with setImmediate).
// Its outcome is read from the start: pg_terminate_backend answers without waiting for the backend to
// go, so the transaction can fail before the killer's answer is read (on a busy machine it does), and
// a promise that rejects before anything handles it ends the process (Node's unhandled rejection).
let pid: number | null = null;
const transaction = outcome(
  sql.begin(async (t) => {
    const [row] = await t<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    pid = row.pid;
    await t`SELECT pg_sleep(${SLEEP_SECONDS})`;
  }),
);
while (pid === null) await new Promise((r) => setTimeout(r, 20));
await killer`SELECT pg_terminate_backend(${pid})`;
// The close lands before anything awaits the outcome, the order a busy machine can take, on every run.
await new Promise((r) => setTimeout(r, SETTLE_MS));

// 2. A reserved connection whose backend dies: every later query on it is a write to a null socket.
const reserved = await pinned.reserve();
const [{ pid: reservedPid }] = await reserved<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
await killer`SELECT pg_terminate_backend(${reservedPid})`;
const first = await outcome(reserved`SELECT 1`);
const queued = await Promise.all([outcome(reserved`SELECT 2`), outcome(reserved`SELECT 3`)]);

// 3. A new connection whose first statement, the driver's own query of the array types, fails (here
// cancelled by a 1 ms statement_timeout): unpatched, its rejection is handled by nobody, which ends
// the process; patched, only the caller's query can fail, and it fails to its caller.
const hasty = postgres(url, { max: 1, onnotice: () => {}, connection: { statement_timeout: 1 } });
const typesFetch = await outcome(hasty`SELECT pg_sleep(0.05)`);

await new Promise((r) => setTimeout(r, SETTLE_MS));
// The pool reconnects by itself: a database blip costs the queries in flight, never the process.
const [{ answer }] = await sql<{ answer: number }[]>`SELECT 42 AS answer`;
await Promise.all([
  sql.end({ timeout: 1 }),
  pinned.end({ timeout: 1 }),
  killer.end({ timeout: 1 }),
  hasty.end({ timeout: 1 }),
]);
console.log(JSON.stringify({ transaction: await transaction, first, queued, typesFetch, answer }));
