import postgres from 'postgres';
import { expect } from 'vitest';
import type { Sql } from './sql';

/** What `makeExplainer` gives a query test. */
export interface Explainer {
  /** Runs `read` on a client that records each query it sends, and answers the EXPLAIN of every statement. */
  plansOf: (read: (client: Sql) => Promise<unknown>) => Promise<string[]>;
  /** Closes the recording client. */
  end: () => Promise<void>;
}

/**
 * EXPLAIN checks of the query functions as they really send their SQL: a second client on `url`
 * records each query (postgres.js `debug`), then `sql` explains it with the same parameters.
 */
export function makeExplainer(url: string, sql: Sql): Explainer {
  let captured: Array<{ query: string; parameters: unknown[] }> = [];
  const traced: Sql = postgres(url, {
    max: 1,
    transform: postgres.camel,
    onnotice: () => {},
    debug: (_connection, query, parameters) => {
      captured.push({ query, parameters });
    },
  });
  return {
    async plansOf(read) {
      captured = [];
      await read(traced);
      // Writes too (EXPLAIN without ANALYZE runs nothing): a recompute's rows go in by INSERT ... SELECT.
      const queries = captured.filter((c) => /^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i.test(c.query));
      expect(queries.length).toBeGreaterThan(0);
      const plans: string[] = [];
      for (const { query, parameters } of queries) {
        const rows = await sql.unsafe(`EXPLAIN ${query}`, parameters as postgres.ParameterOrJSON<never>[]);
        plans.push(rows.map((r) => Object.values(r)[0]).join('\n'));
      }
      return plans;
    },
    end: () => traced.end(),
  };
}

/** Fails on a sequential scan of any of `tables`, showing the plan. */
export function expectNoSeqScan(plans: string[], tables: readonly string[]): void {
  const seqScan = new RegExp(`Seq Scan on (${tables.join('|')})\\b`);
  for (const plan of plans) expect(plan, plan).not.toMatch(seqScan);
}

/**
 * Fails on a Sort node the planner expects to sort `maxRows` rows or more (a sort of a whole table, not
 * of a page). An Incremental Sort is not one: it reads an index in order and sorts the rows of one
 * value of the index's key at a time, stopping with its Limit (a top-N over an index).
 */
export function expectNoBigSort(plans: string[], maxRows: number): void {
  for (const plan of plans) {
    for (const [, rows] of plan.matchAll(/(?<!Incremental )Sort {2}\(cost=[\d.]+\.\.[\d.]+ rows=(\d+)/g)) {
      expect(Number(rows), plan).toBeLessThan(maxRows);
    }
  }
}
