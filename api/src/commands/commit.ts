import type { TransactionSql } from 'postgres';
import type { DomainEvent } from '@vitrine/domain/events';
import { makeEventQueries } from '@vitrine/db/queries/events';
import { retryTransaction } from '@vitrine/db/retry';
import type { Deps } from '../context';

/** Records an event of the running transaction; it is published only if the transaction commits. */
export type Emit = (event: DomainEvent) => void;

/**
 * The one shape of a write: runs `work` in a transaction, writes the events it
 * emitted to the outbox in that same transaction, and after the commit hands them to the publisher
 * (queue and live pushes; the worker's relay retries what the publisher could not deliver).
 * A throw inside `work` rolls everything back and publishes nothing. Answers what `work` answers.
 * A transaction PostgreSQL aborts as a deadlock or serialization failure runs again, `work` included,
 * up to TRANSACTION_ATTEMPTS times (db/src/retry.ts): `work` must stay free of outside effects, as it is.
 *
 *   await commit(caller, async (tx, emit) => { ...writes...; emit({ name: 'project.hidden', ... }) })
 */
export async function commit<T>(
  caller: { deps: Pick<Deps, 'sql' | 'publisher'>; reqId?: string },
  work: (tx: TransactionSql, emit: Emit) => Promise<T>,
): Promise<T> {
  const { value, events } = await retryTransaction(() =>
    caller.deps.sql.begin(async (tx) => {
      const emitted: DomainEvent[] = [];
      const result = await work(tx, (event) => emitted.push(event));
      // Each event keeps the id of the request that caused it, for the logs of its jobs.
      return { value: result, events: await makeEventQueries(tx).recordEvents(emitted, caller.reqId) };
    }),
  );
  await caller.deps.publisher.publish(events);
  return value as T;
}
